//! What the server refused, as the player reads it: each [`ErrorCode`]'s text in the player's
//! language (the server's own words are English; they go to the log), kept with the screen it
//! came on and the position of the game it is about, and put away when either changes: "it is
//! your opponent's turn" does not outlive the turn, nor follow the player into the lobby.

use bevy::prelude::*;

use super::OnlineSystems;
use crate::app::Screen;
use crate::app::i18n::{Lang, fill};
use gomoku_net::{ErrorCode, MAX_NAME_CHARS, RoomState, RoomStatus};

/// A message the server refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// What kind of refusal: what the player is told.
    pub code: ErrorCode,
    /// The `type` of the refused message, when the server could read it (some codes say
    /// more for some requests: which limit, what there was no answer to).
    pub request: Option<String>,
    /// The server's own words, in English: for the log and the tests, not the screen.
    pub message: String,
    /// For [`ErrorCode::NameTaken`]: the name asked for and the one the player keeps.
    pub names: Option<(String, String)>,
}

impl Refusal {
    /// What the player is told, in `lang`: one text for each code (a code added to the
    /// protocol does not build until it has its own), some told apart by the request.
    pub fn text(&self, lang: Lang) -> String {
        let request = self.request.as_deref().unwrap_or_default();
        let text = match self.code {
            ErrorCode::BadMessage => {
                lang.t("The server could not read what the game sent: nothing changed.")
            }
            ErrorCode::TooLarge => {
                lang.t("What the game sent was too large for the server: nothing changed.")
            }
            ErrorCode::VersionMismatch => lang.t(
                "The server speaks another version of the online protocol: update the game or the server.",
            ),
            ErrorCode::RateLimited => {
                lang.t("Too many requests too fast: the last one was dropped. Wait a moment.")
            }
            ErrorCode::Handshake => {
                lang.t("The connection did not begin as the server expects: connect again.")
            }
            ErrorCode::NotLoggedIn => {
                lang.t("Connect with a name first: the server does not know who you are yet.")
            }
            ErrorCode::UnknownPlayer => lang.t("The server does not know this player."),
            ErrorCode::BadName => {
                return fill(
                    lang.t("That name cannot be used: a name has 1 to {max} characters."),
                    &[("max", &MAX_NAME_CHARS)],
                );
            }
            ErrorCode::BadSettings => lang.t("The server does not offer these game settings."),
            ErrorCode::UnknownRoom => match request {
                "join_room" => lang.t("No game waiting for an opponent has this code: check it."),
                "watch" => lang.t("No public game has this code."),
                _ => lang.t("The server no longer has this game."),
            },
            ErrorCode::RoomFull => {
                lang.t("Both seats of this game are taken, or you already sit in it.")
            }
            ErrorCode::WrongToken => lang.t("The server does not know your seat in this game."),
            ErrorCode::NotYourTurn => lang.t("It is your opponent's turn."),
            ErrorCode::StalePly => {
                lang.t("The game had moved on: that move came too late and was not played.")
            }
            ErrorCode::IllegalMove => {
                lang.t("The rules do not allow that move: the point is taken or forbidden.")
            }
            ErrorCode::NotPlaying => {
                lang.t("The game is not being played: it has not begun, or it is over.")
            }
            ErrorCode::NothingToAnswer => match request {
                "offer_draw" => lang.t("You have already offered a draw."),
                "accept_draw" | "decline_draw" => lang.t("Your opponent has not offered a draw."),
                "ask_takeback" => lang.t(
                    "You cannot ask for a takeback now: you have no move to take back, or a request is waiting.",
                ),
                "grant_takeback" | "decline_takeback" => {
                    lang.t("Your opponent has not asked for a takeback.")
                }
                _ => lang.t("There is nothing to answer now."),
            },
            ErrorCode::Storage => {
                lang.t("The server could not store this: nothing changed. Try again.")
            }
            ErrorCode::Limit => match request {
                "sign_in" | "pair" => lang.t(
                    "Too many attempts to sign in: wait a few minutes, then try again.",
                ),
                "hello" => lang.t("Too many new players came from your address: try again later."),
                "join_room" => lang.t(
                    "Too many invite codes that led to no game came from your address: try again later.",
                ),
                _ => lang.t(
                    "Too many games are waiting for an opponent (yours, or from your address): play or cancel one first.",
                ),
            },
            ErrorCode::NameTaken => match &self.names {
                Some((asked, kept)) => {
                    return fill(
                        lang.t("Another player is called {name} (or a name too like it): you play as {kept}."),
                        &[("name", asked), ("kept", kept)],
                    );
                }
                None => lang.t("Another player has that name: you keep the one you had."),
            },
            ErrorCode::Damaged => lang.t(
                "This game's record on the server is damaged: it was set aside and cannot go on.",
            ),
            ErrorCode::SignInFailed => {
                lang.t("The name or the password is wrong: check both and try again.")
            }
            ErrorCode::PairingFailed => lang.t(
                "This pairing code is wrong, used or expired: ask the other device for a new one.",
            ),
            ErrorCode::BadPassword => {
                return fill(
                    lang.t("A password has {min} to {max} characters."),
                    &[
                        ("min", &gomoku_net::MIN_PASSWORD_CHARS),
                        ("max", &gomoku_net::MAX_PASSWORD_CHARS),
                    ],
                );
            }
            ErrorCode::WrongPassword => {
                lang.t("The password is wrong: nothing changed.")
            }
            ErrorCode::GamesUnfinished => lang.t(
                "You still sit in games not finished (or waiting for an opponent): finish or cancel them first.",
            ),
        };
        text.to_owned()
    }
}

/// Where a game stood: its code, its moves and whether it was on. A refusal about the game
/// goes when this changes (a move, a takeback, the end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The game's code.
    pub code: String,
    /// How many moves were on the board.
    pub moves: usize,
    /// Waiting, playing or finished.
    pub status: RoomStatus,
}

impl Position {
    /// Where `room` stands.
    pub fn of(room: &RoomState) -> Position {
        Position {
            code: room.code.clone(),
            moves: room.moves.len(),
            status: room.status,
        }
    }
}

/// What the notice says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoticeKind {
    /// The server refused a message.
    Refused(Refusal),
    /// The server's moves do not replay through the rules (the engine's words, in English).
    Unreplayable(String),
}

/// A notice, with what it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// What it says.
    pub kind: NoticeKind,
    /// The screen it is shown on: it goes when the player leaves it.
    pub screen: Screen,
    /// The position of the game it is about, if it is about one: it goes when the game moves
    /// on.
    pub position: Option<Position>,
}

impl Notice {
    /// The refusal's code, if the server refused something.
    pub fn code(&self) -> Option<ErrorCode> {
        match &self.kind {
            NoticeKind::Refused(r) => Some(r.code),
            NoticeKind::Unreplayable(_) => None,
        }
    }

    /// What the player is told, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match &self.kind {
            NoticeKind::Refused(refusal) => refusal.text(lang),
            NoticeKind::Unreplayable(why) => fill(
                lang.t("The server's moves do not replay: {why}"),
                &[("why", &lang.message(why))],
            ),
        }
    }
}

/// The last refusal or notice from the server, shown until the player dismisses it, leaves its
/// screen, or the game it is about moves on.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct OnlineNotice(pub Option<Notice>);

impl OnlineNotice {
    /// What the notice says in `lang`, if there is one.
    pub fn text(&self, lang: Lang) -> Option<String> {
        self.0.as_ref().map(|n| n.text(lang))
    }

    /// The game on screen is now at `room`: a notice about another position goes.
    pub fn follow_position(&mut self, room: &RoomState) {
        let now = Position::of(room);
        if self
            .0
            .as_ref()
            .and_then(|n| n.position.as_ref())
            .is_some_and(|at| *at != now)
        {
            self.0 = None;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineNotice>().add_systems(
        Update,
        leave_with_the_screen
            .run_if(state_changed::<Screen>)
            .in_set(OnlineSystems::Receive),
    );
}

/// A notice shown on another screen than the one now on goes.
fn leave_with_the_screen(screen: Res<State<Screen>>, mut notice: ResMut<OnlineNotice>) {
    if notice.0.as_ref().is_some_and(|n| n.screen != *screen.get()) {
        notice.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::settings::Language;

    /// The requests some codes are told apart by, and one they are not.
    const REQUESTS: [Option<&str>; 13] = [
        None,
        Some("sign_in"),
        Some("pair"),
        Some("hello"),
        Some("join_room"),
        Some("watch"),
        Some("resume"),
        Some("move"),
        Some("offer_draw"),
        Some("accept_draw"),
        Some("ask_takeback"),
        Some("grant_takeback"),
        Some("create_room"),
    ];

    fn refusal(code: ErrorCode, request: Option<&str>, names: bool) -> Refusal {
        Refusal {
            code,
            request: request.map(str::to_owned),
            message: "the server's own words".to_owned(),
            names: names.then(|| ("Ann".to_owned(), "Guest 4821".to_owned())),
        }
    }

    #[test]
    fn every_refusal_has_its_text_in_every_language() {
        let english = Lang(Language::English);
        for code in ErrorCode::ALL {
            for request in REQUESTS {
                for names in [false, true] {
                    let refusal = refusal(code, request, names);
                    let en = refusal.text(english);
                    assert!(!en.contains('{') && !en.contains("own words"), "{en}");
                    for language in Language::ALL {
                        if language == Language::English {
                            continue;
                        }
                        let text = refusal.text(Lang(language));
                        assert_ne!(text, en, "{code:?} {request:?} has no {language:?}");
                        assert!(!text.contains('{'), "{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_name_taken_notice_names_both_names_in_chinese() {
        let zh = Lang(Language::Chinese);
        let text = refusal(ErrorCode::NameTaken, Some("hello"), true).text(zh);
        assert!(
            text.contains("Ann") && text.contains("Guest 4821"),
            "{text}"
        );
        assert!(!text.contains("Another player"), "{text}");
        let bad_name = refusal(ErrorCode::BadName, Some("hello"), false).text(zh);
        assert!(bad_name.contains(&MAX_NAME_CHARS.to_string()), "{bad_name}");
    }

    #[test]
    fn a_notice_goes_when_its_game_moves_on() {
        let mut room = RoomState {
            code: "K7QX2M".to_owned(),
            settings: crate::app::online::default_room_settings(),
            public: true,
            status: RoomStatus::Playing,
            black: None,
            white: None,
            connected: [true, true],
            moves: vec![gomoku_engine::Pos::new(7, 7)],
            to_move: gomoku_engine::Stone::White,
            clock: None,
            draw_offer: None,
            takeback_request: None,
            result: None,
            spectators: 0,
        };
        let notice = |position: Option<Position>| {
            OnlineNotice(Some(Notice {
                kind: NoticeKind::Refused(refusal(ErrorCode::NotYourTurn, Some("move"), false)),
                screen: Screen::Online,
                position,
            }))
        };
        // The same position: it stays.
        let mut about_the_game = notice(Some(Position::of(&room)));
        about_the_game.follow_position(&room);
        assert!(about_the_game.0.is_some());
        // A notice about no position (the lobby's) stays whatever the game does.
        let mut lobby = notice(None);
        room.status = RoomStatus::Finished;
        lobby.follow_position(&room);
        assert!(lobby.0.is_some());
        // The game ended (a resignation: no new move) or a move came: it goes.
        about_the_game.follow_position(&room);
        assert_eq!(about_the_game.0, None);
        let mut again = notice(Some(Position::of(&room)));
        room.moves.push(gomoku_engine::Pos::new(8, 8));
        again.follow_position(&room);
        assert_eq!(again.0, None);
    }
}
