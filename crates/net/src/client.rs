//! What a client sends. Unknown fields and unknown message types are refused.

use serde::{Deserialize, Serialize};

use super::ONLINE_SIZES;
use gomoku_engine::Rule;

/// A clock: the engine's time control (`base_secs` for the whole game plus `increment_secs`
/// after each own move), the same for online and local games.
pub use gomoku_engine::clock::TimeControl;

/// What a game is played under; quick match pairs players asking for equal settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomSettings {
    /// The rule (renju forbidden points are always refused, never lose).
    pub rule: Rule,
    /// The board side: one of [`ONLINE_SIZES`] (13, 15, 19 or 20).
    pub size: u8,
    /// The clock, or `null` for an untimed game.
    pub time: Option<TimeControl>,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
}

impl RoomSettings {
    /// Checks the settings against what online play offers; the error says what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        if !ONLINE_SIZES.contains(&self.size) {
            let offered: Vec<String> = ONLINE_SIZES.iter().map(u8::to_string).collect();
            return Err(format!(
                "board size {} is not offered online ({})",
                self.size,
                offered.join(", ")
            ));
        }
        if let Some(t) = self.time {
            t.check()?;
        }
        Ok(())
    }
}

/// Which colour the creator of a room takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColourChoice {
    /// Black, who moves first.
    Black,
    /// White.
    White,
    /// Decided by the server at random.
    Random,
}

/// A password as it crosses the wire: written as a plain JSON string, but never shown by
/// `Debug` (a logged message does not leak it).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Password(pub String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(..)")
    }
}

impl Password {
    /// Checks the length against [`super::MIN_PASSWORD_CHARS`] and
    /// [`super::MAX_PASSWORD_CHARS`]; the error says what is wrong.
    pub fn check(&self) -> Result<(), String> {
        let n = self.0.chars().count();
        if n < super::MIN_PASSWORD_CHARS {
            return Err(format!(
                "a password needs at least {} characters",
                super::MIN_PASSWORD_CHARS
            ));
        }
        if n > super::MAX_PASSWORD_CHARS {
            return Err(format!(
                "a password has at most {} characters",
                super::MAX_PASSWORD_CHARS
            ));
        }
        Ok(())
    }
}

/// Which sessions [`ClientMessage::SignOut`] ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SignOutWhich {
    /// This connection's session.
    This,
    /// Every session of the account but this one.
    Others,
    /// Every session of the account, this one too.
    Everywhere,
    /// One session, by its number in [`super::SessionInfo`].
    Session(i64),
}

/// A message from a client to the server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the protocol version and who is speaking. With `token`, the player
    /// it belongs to; with only `name`, a new player is made and its token sent back once;
    /// with neither, an anonymous spectator.
    Hello {
        /// Must equal [`super::PROTOCOL_VERSION`].
        version: u32,
        /// A name for a new player (or a new name for the token's player).
        #[serde(default)]
        name: Option<String>,
        /// The secret token of an existing player's session.
        #[serde(default)]
        token: Option<String>,
        /// What the client is, for the list of sessions ("Desktop, Linux", "Web, Firefox");
        /// cleaned and cut to [`super::MAX_DEVICE_CHARS`].
        #[serde(default)]
        device: Option<String>,
    },
    /// Instead of `hello`: signs in to an account protected by a password. The answer is a
    /// welcome with a new session's token, or `SignInFailed` (the same for an unknown name
    /// and a wrong password).
    SignIn {
        /// Must equal [`super::PROTOCOL_VERSION`].
        version: u32,
        /// The account's name (compared as names are: without case, look-alikes folded).
        name: String,
        /// The password.
        password: Password,
        /// What the client is, as in `hello`.
        #[serde(default)]
        device: Option<String>,
    },
    /// Instead of `hello`: signs in with a pairing code shown by a device already signed in
    /// ([`ClientMessage::PairingCode`]). The code works once, for a few minutes.
    Pair {
        /// Must equal [`super::PROTOCOL_VERSION`].
        version: u32,
        /// The code as shown (case, spaces and dashes do not matter).
        code: String,
        /// What the client is, as in `hello`.
        #[serde(default)]
        device: Option<String>,
    },
    /// Protects the account with a password, or changes it (then `current` is needed). Every
    /// other session is signed out.
    SetPassword {
        /// The password now, when the account has one.
        #[serde(default)]
        current: Option<Password>,
        /// The new password: [`super::MIN_PASSWORD_CHARS`] to [`super::MAX_PASSWORD_CHARS`]
        /// characters.
        password: Password,
    },
    /// Asks for a one-time code that signs another device in to this account.
    PairingCode,
    /// Asks for the sessions signed in to this account.
    Sessions,
    /// Signs sessions out: their tokens stop working at once, on every server.
    SignOut {
        /// Which.
        which: SignOutWhich,
    },
    /// Asks for a page of the account's finished games, newest first.
    MyGames {
        /// Only games older than this one (a [`super::FinishedGame`]'s `id`), for the next
        /// page.
        #[serde(default)]
        before: Option<i64>,
    },
    /// Deletes the account: the name is freed, its sessions end, its finished games stay
    /// for their opponents under "deleted player". Refused while it has games not finished.
    DeleteAccount {
        /// The account's name, typed again to confirm.
        name: String,
        /// The password, when the account has one.
        #[serde(default)]
        password: Option<Password>,
    },
    /// Opens a room and takes a seat in it; the answer is the seat and the room's invite code.
    CreateRoom {
        /// Rule, size, clock and whether it is rated.
        settings: RoomSettings,
        /// The creator's colour.
        colour: ColourChoice,
        /// Whether the game is listed for spectators.
        public: bool,
    },
    /// Takes the free seat of a room by its invite code.
    JoinRoom {
        /// The invite code.
        code: String,
    },
    /// Waits for an opponent asking for the same settings.
    QuickMatch {
        /// The settings to be paired on.
        settings: RoomSettings,
    },
    /// Leaves the quick-match queue.
    CancelQuickMatch,
    /// Watches a public game: its state now and after every change.
    Watch {
        /// The game's code.
        code: String,
    },
    /// Stops watching a game.
    Unwatch {
        /// The game's code.
        code: String,
    },
    /// Comes back to a seat (after a dropped connection or a server restart).
    Resume {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
    },
    /// Plays a stone.
    Move {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
        /// The number of moves on the board before this one; a stale number is refused, so a
        /// repeated message never plays twice.
        ply: u32,
        /// Column from the left, 0-based.
        x: u8,
        /// Row from the top, 0-based.
        y: u8,
    },
    /// Resigns the game.
    Resign {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
    },
    /// Offers a draw (cleared by the next move).
    OfferDraw {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
    },
    /// Accepts the opponent's draw offer: the game ends drawn.
    AcceptDraw {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
    },
    /// Declines the opponent's draw offer.
    DeclineDraw {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
    },
    /// Asks to take back one's own last move (and the reply to it, if any).
    AskTakeback {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
    },
    /// Grants the opponent's takeback request.
    GrantTakeback {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
    },
    /// Declines the opponent's takeback request.
    DeclineTakeback {
        /// The game's code.
        code: String,
        /// The seat's secret token.
        seat_token: String,
    },
    /// Asks for the public games being played now.
    ListGames,
    /// Asks for the best rated players.
    Leaderboard {
        /// How many (1 to 100).
        limit: u32,
    },
    /// Asks for a [`super::ServerMessage::Pong`].
    Ping,
}

impl ClientMessage {
    /// Whether this is one of the first messages (`hello`, `sign_in`, `pair`).
    pub fn is_greeting(&self) -> bool {
        matches!(
            self,
            ClientMessage::Hello { .. } | ClientMessage::SignIn { .. } | ClientMessage::Pair { .. }
        )
    }

    /// The protocol version a greeting carries.
    pub fn greeting_version(&self) -> Option<u32> {
        match self {
            ClientMessage::Hello { version, .. }
            | ClientMessage::SignIn { version, .. }
            | ClientMessage::Pair { version, .. } => Some(*version),
            _ => None,
        }
    }

    /// The message's `type` name, for error replies.
    pub fn kind(&self) -> &'static str {
        match self {
            ClientMessage::Hello { .. } => "hello",
            ClientMessage::SignIn { .. } => "sign_in",
            ClientMessage::Pair { .. } => "pair",
            ClientMessage::SetPassword { .. } => "set_password",
            ClientMessage::PairingCode => "pairing_code",
            ClientMessage::Sessions => "sessions",
            ClientMessage::SignOut { .. } => "sign_out",
            ClientMessage::MyGames { .. } => "my_games",
            ClientMessage::DeleteAccount { .. } => "delete_account",
            ClientMessage::CreateRoom { .. } => "create_room",
            ClientMessage::JoinRoom { .. } => "join_room",
            ClientMessage::QuickMatch { .. } => "quick_match",
            ClientMessage::CancelQuickMatch => "cancel_quick_match",
            ClientMessage::Watch { .. } => "watch",
            ClientMessage::Unwatch { .. } => "unwatch",
            ClientMessage::Resume { .. } => "resume",
            ClientMessage::Move { .. } => "move",
            ClientMessage::Resign { .. } => "resign",
            ClientMessage::OfferDraw { .. } => "offer_draw",
            ClientMessage::AcceptDraw { .. } => "accept_draw",
            ClientMessage::DeclineDraw { .. } => "decline_draw",
            ClientMessage::AskTakeback { .. } => "ask_takeback",
            ClientMessage::GrantTakeback { .. } => "grant_takeback",
            ClientMessage::DeclineTakeback { .. } => "decline_takeback",
            ClientMessage::ListGames => "list_games",
            ClientMessage::Leaderboard { .. } => "leaderboard",
            ClientMessage::Ping => "ping",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(size: u8) -> RoomSettings {
        RoomSettings {
            rule: Rule::Freestyle,
            size,
            time: None,
            rated: true,
        }
    }

    #[test]
    fn a_password_reads_as_a_string_and_is_never_shown() {
        let text = r#"{"type":"sign_in","version":3,"name":"Ann","password":"correct horse"}"#;
        let message: ClientMessage = serde_json::from_str(text).expect("a sign-in");
        let shown = format!("{message:?}");
        assert!(!shown.contains("correct horse"), "{shown}");
        assert!(shown.contains("Ann"), "{shown}");
        assert_eq!(message.greeting_version(), Some(3));
        let out = serde_json::to_string(&message).unwrap();
        assert!(out.contains(r#""password":"correct horse""#), "{out}");
        assert_eq!(
            Password("short".into()).check().unwrap_err(),
            "a password needs at least 8 characters"
        );
        assert!(Password("x".repeat(129)).check().is_err());
        assert!(Password("eight ch".into()).check().is_ok());
    }

    #[test]
    fn sign_out_says_which_in_plain_words() {
        let m: ClientMessage =
            serde_json::from_str(r#"{"type":"sign_out","which":{"session":4}}"#).unwrap();
        assert_eq!(
            m,
            ClientMessage::SignOut {
                which: SignOutWhich::Session(4)
            }
        );
        let m: ClientMessage =
            serde_json::from_str(r#"{"type":"sign_out","which":"others"}"#).unwrap();
        assert_eq!(
            m,
            ClientMessage::SignOut {
                which: SignOutWhich::Others
            }
        );
    }

    #[test]
    fn the_offered_sizes_are_taken_and_the_others_named() {
        for size in [13, 15, 19, 20] {
            assert_eq!(settings(size).validate(), Ok(()), "{size}");
        }
        let refused = settings(14).validate().unwrap_err();
        assert_eq!(
            refused,
            "board size 14 is not offered online (13, 15, 19, 20)"
        );
    }
}
