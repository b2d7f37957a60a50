//! A finished online game the player sat in lands in the local history, beside the local
//! games: the moves, both names, and how it ended (a flag and an agreed draw included).

use bevy::prelude::*;

use super::game::{OnlineGameFinished, game_of};
use super::{LinkStatus, OnlineAccount};
use crate::app::GameHistory;
use gomoku_engine::record::{Ending, GameRecord, RecordMode, RecordResult, date};
use gomoku_net::{EndReason, RoomState};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(record_finished);
}

/// The record of a finished online game, for the player of `colour`; an error for a room closed
/// before its game began.
pub fn record_of(room: &RoomState, colour: gomoku_engine::Stone) -> Result<GameRecord, String> {
    let result = room.result.as_ref().ok_or("the game has no result")?;
    let ending = match result.reason {
        EndReason::Five => Ending::Five,
        EndReason::Forbidden => Ending::Forbidden,
        EndReason::Resigned => Ending::Resignation,
        EndReason::Timeout => Ending::Timeout,
        EndReason::Abandoned => Ending::Abandoned,
        EndReason::DrawAgreed => Ending::DrawAgreed,
        EndReason::BoardFull => Ending::FullBoard,
        EndReason::Cancelled => return Err("the game never began".to_owned()),
    };
    let game = game_of(room)?;
    let name =
        |p: &Option<gomoku_net::PlayerInfo>| p.as_ref().map_or("?".into(), |p| p.name.clone());
    let mut record = GameRecord::of_game(
        &game,
        &name(&room.black),
        &name(&room.white),
        RecordMode::Online { colour },
        date::now(),
    );
    record.result = RecordResult {
        winner: result.winner,
        ending,
    };
    Ok(record)
}

fn record_finished(
    finished: On<OnlineGameFinished>,
    mut history: ResMut<GameHistory>,
    mut account: ResMut<OnlineAccount>,
    status: Res<LinkStatus>,
) {
    match record_of(&finished.room, finished.colour) {
        Ok(record) => {
            info!("online game {} kept in the history", finished.room.code);
            history.add(&record);
            // The account's list of games will not bring it again.
            let known = &mut account.server_mut(&status.address).games;
            if !known.contains(&finished.room.code) {
                known.push(finished.room.code.clone());
            }
        }
        Err(e) => info!("online game {} not kept: {e}", finished.room.code),
    }
}
