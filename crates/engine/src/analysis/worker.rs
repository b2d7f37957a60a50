//! Analysis in a worker: the long jobs of the analysis screens (a position analysed deeper and
//! deeper, a whole game reviewed) as a JSON request answered by a stream of JSON updates, one
//! per round or per reviewed move, so that a Web Worker can run them at full speed off the
//! page's thread and the page can show each step as it comes. The worker cannot be told to
//! stop in the middle of a job: the page ends the worker instead.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::live::{LiveAnalysis, LiveReport};
use super::review::{MoveReview, Review, ReviewOptions, review_game};
use crate::board::Pos;
use crate::record::json::StoredRecord;
use crate::rules::Rule;
use crate::search::worker::position;

/// A long job for a worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobRequest {
    /// Chosen by the asker, repeated in every update.
    pub id: u64,
    /// What to do.
    pub job: Job,
}

/// The jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Job {
    /// Analyse a position round after round ([`LiveAnalysis`]) until it is done.
    Analyse {
        /// The board side.
        size: u8,
        /// The rule.
        rule: Rule,
        /// The moves, black first.
        moves: Vec<Pos>,
        /// The first and the largest round's nodes per line (`None`: the desktop's).
        budget: Option<(u64, u64)>,
    },
    /// Review every move of a game.
    Review {
        /// The game, as its JSON record (what the history keeps, without the review).
        record: Box<StoredRecord>,
        /// What each position gets.
        options: ReviewOptions,
    },
}

/// What a job sends back, as it goes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Update {
    /// A round of analysis is done (the last one says `done`).
    Analysis {
        /// The request's id.
        id: u64,
        /// What is known after the round.
        report: LiveReport,
    },
    /// A move of the game has been reviewed.
    ReviewedMove {
        /// The request's id.
        id: u64,
        /// Moves reviewed so far, of `total`.
        done: usize,
        /// Moves in the game.
        total: usize,
        /// The move's review.
        review: MoveReview,
    },
    /// The whole game is reviewed: the job's last update.
    Reviewed {
        /// The request's id.
        id: u64,
        /// The review.
        review: Review,
    },
    /// The job could not be done (a request that does not read, a position that is not one):
    /// the job's last update.
    Failed {
        /// The request's id (0 when the request did not read).
        id: u64,
        /// Why.
        error: String,
    },
}

impl Update {
    /// The id of the request this update answers.
    pub fn id(&self) -> u64 {
        match self {
            Update::Analysis { id, .. }
            | Update::ReviewedMove { id, .. }
            | Update::Reviewed { id, .. }
            | Update::Failed { id, .. } => *id,
        }
    }

    /// Whether the job sends nothing after this.
    pub fn is_last(&self) -> bool {
        match self {
            Update::Analysis { report, .. } => report.done,
            Update::ReviewedMove { .. } => false,
            Update::Reviewed { .. } | Update::Failed { .. } => true,
        }
    }
}

/// Runs `request` to its end, giving each update to `send` as it comes; the last one is
/// [`Update::is_last`].
pub fn run(request: &JobRequest, mut send: impl FnMut(Update)) {
    let id = request.id;
    let failed = |error: String| Update::Failed { id, error };
    // Nothing stops a job but the end of its worker.
    let stop = Arc::new(AtomicBool::new(false));
    match &request.job {
        Job::Analyse {
            size,
            rule,
            moves,
            budget,
        } => {
            let board = match position(*size, moves) {
                Ok(board) => board,
                Err(e) => return send(failed(e)),
            };
            let mut live = match budget {
                Some((first, last)) => {
                    LiveAnalysis::with_budget(&board, *rule, stop, *first, *last)
                }
                None => LiveAnalysis::new(&board, *rule, stop),
            };
            while let Some(report) = live.round() {
                send(Update::Analysis {
                    id,
                    report: report.clone(),
                });
            }
            if !live.is_done() {
                send(failed("the analysis stopped".to_owned()));
            }
        }
        Job::Review { record, options } => {
            let record = match record.to_record() {
                Ok(record) => record,
                Err(e) => return send(failed(e.to_string())),
            };
            let result = review_game(&record, *options, stop, |p| {
                send(Update::ReviewedMove {
                    id,
                    done: p.done,
                    total: p.total,
                    review: p.last.clone(),
                })
            });
            send(match result {
                Ok(review) => Update::Reviewed { id, review },
                Err(e) => failed(e.to_string()),
            });
        }
    }
}

/// [`run`] for a request given as JSON, each update sent as JSON; a request that does not
/// read gets one [`Update::Failed`] with the reason (never a panic).
pub fn run_json(request: &str, mut send: impl FnMut(String)) {
    let mut send_update =
        |update: Update| {
            send(serde_json::to_string(&update).unwrap_or_else(|e| {
                format!(r#"{{"Failed":{{"id":{},"error":"{e}"}}}}"#, update.id())
            }))
        };
    match serde_json::from_str::<JobRequest>(request) {
        Ok(request) => run(&request, send_update),
        Err(e) => send_update(Update::Failed {
            id: 0,
            error: format!("the request does not read: {e}"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_moves;
    use crate::record::{Ending, GameRecord, RecordMode, RecordResult};
    use crate::rules::ForbiddenPolicy;

    fn updates(request: &str) -> Vec<Update> {
        let mut out = Vec::new();
        run_json(request, |line| {
            out.push(serde_json::from_str::<Update>(&line).expect("an update reads"))
        });
        out
    }

    #[test]
    fn an_analysis_streams_its_rounds_and_its_last_is_done() {
        let request = JobRequest {
            id: 3,
            job: Job::Analyse {
                size: 15,
                rule: Rule::Freestyle,
                moves: parse_moves("h8 h9 i8 i9 j8 a1", 15).unwrap(),
                budget: Some((1_000, 4_000)),
            },
        };
        let all = updates(&serde_json::to_string(&request).unwrap());
        assert!(!all.is_empty());
        assert!(all.iter().all(|u| u.id() == 3));
        assert!(all.last().unwrap().is_last());
        assert!(all[..all.len() - 1].iter().all(|u| !u.is_last()));
        let Update::Analysis { report, .. } = all.last().unwrap() else {
            panic!("{:?}", all.last())
        };
        // Black's open three wins, and the report came through JSON whole.
        assert!(report.forced_win.is_some());
        assert_eq!(report.rounds as usize, all.len());
    }

    #[test]
    fn a_review_streams_every_move_then_the_review() {
        let moves = parse_moves("h8 h9 i8 i9 j8 a1 k8 a2 l8", 15).unwrap();
        let record = GameRecord {
            black: "Ann".into(),
            white: "Bob".into(),
            mode: RecordMode::TwoPlayers,
            rule: Rule::Freestyle,
            policy: ForbiddenPolicy::default(),
            size: 15,
            moves: moves.clone(),
            result: RecordResult {
                winner: Some(crate::Stone::Black),
                ending: Ending::Five,
            },
            date: "2026-11-24".into(),
            opening: None,
        };
        let request = JobRequest {
            id: 9,
            job: Job::Review {
                record: Box::new(StoredRecord::from_record(&record)),
                options: ReviewOptions {
                    nodes: 2_000,
                    solver_nodes: 2_000,
                    table_bytes: 1 << 20,
                },
            },
        };
        let all = updates(&serde_json::to_string(&request).unwrap());
        assert_eq!(all.len(), moves.len() + 1, "{all:?}");
        for (i, u) in all[..moves.len()].iter().enumerate() {
            let Update::ReviewedMove { done, total, .. } = u else {
                panic!("{u:?}")
            };
            assert_eq!((*done, *total), (i + 1, moves.len()));
        }
        let Update::Reviewed { id: 9, review } = all.last().unwrap() else {
            panic!("{:?}", all.last())
        };
        assert_eq!(review.moves.len(), moves.len());
        // White ignored black's open three (a1): a blunder or a missed block.
        assert!(
            review.summary(crate::Stone::White).blunders > 0,
            "{review:?}"
        );
    }

    #[test]
    fn bad_requests_get_one_failure_with_the_reason() {
        for (bad, why) in [
            ("{", "does not read"),
            (r#"{"id": 1}"#, "does not read"),
            (
                r#"{"id":2,"job":{"Analyse":{"size":40,"rule":"Freestyle","moves":[],"budget":null}}}"#,
                "40",
            ),
            (
                r#"{"id":2,"job":{"Analyse":{"size":15,"rule":"Freestyle","moves":[],"budget":null,"admin":true}}}"#,
                "unknown field",
            ),
        ] {
            let all = updates(bad);
            assert_eq!(all.len(), 1, "{bad}");
            let Update::Failed { error, .. } = &all[0] else {
                panic!("{bad}: {:?}", all[0])
            };
            assert!(error.contains(why), "{bad}: {error}");
        }
    }
}
