//! What the online client keeps between runs (`online.json`): the server address, the name it
//! plays under, and per server the secret player token and the seats of games not yet over.
//! Plain Rust, no Bevy; the app's `online::account` loads and saves it.

use serde::{Deserialize, Serialize};

use crate::store::Document;
use gomoku_net::{MAX_NAME_CHARS, SeatInfo};

/// The longest server address kept.
pub const MAX_ADDRESS_CHARS: usize = 200;

/// The most seats kept per server (older ones are forgotten first).
pub const MAX_SEATS: usize = 32;

/// One server's secrets: the player token it gave, and the seats held there.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerAccount {
    /// The server's address, as in [`OnlineSettings::address`].
    pub address: String,
    /// The player's secret token on that server (never shown, never logged).
    pub player_token: Option<String>,
    /// Seats in games not known to be over, newest last.
    pub seats: Vec<SeatInfo>,
    /// The codes of the account's finished games already in the local history (kept here
    /// when played, or merged from the account's list): none is taken twice.
    #[serde(default)]
    pub games: Vec<String>,
}

/// The online settings and secrets.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnlineSettings {
    /// The server's WebSocket address; empty for the default (see the app's
    /// `online::default_address`).
    pub address: String,
    /// The name to play under; empty for the active profile's name.
    pub name: String,
    /// What each server gave.
    pub servers: Vec<ServerAccount>,
}

impl OnlineSettings {
    /// The account for `address`, if the player has been there.
    pub fn server(&self, address: &str) -> Option<&ServerAccount> {
        self.servers.iter().find(|s| s.address == address)
    }

    /// The account for `address`, made when missing.
    pub fn server_mut(&mut self, address: &str) -> &mut ServerAccount {
        match self.servers.iter().position(|s| s.address == address) {
            Some(i) => &mut self.servers[i],
            None => {
                self.servers.push(ServerAccount {
                    address: address.to_owned(),
                    ..ServerAccount::default()
                });
                self.servers.last_mut().expect("just pushed")
            }
        }
    }

    /// Keeps `seat` on `address` (replacing an older seat of the same game).
    pub fn keep_seat(&mut self, address: &str, seat: SeatInfo) {
        let account = self.server_mut(address);
        account.seats.retain(|s| s.code != seat.code);
        account.seats.push(seat);
        let extra = account.seats.len().saturating_sub(MAX_SEATS);
        account.seats.drain(..extra);
    }

    /// Replaces the seats kept on `address` with the ones the server lists (its welcome):
    /// those this machine knew keep their order, newest last; those it did not know (taken up
    /// on another machine) come before them.
    pub fn set_seats(&mut self, address: &str, listed: &[SeatInfo]) {
        let account = self.server_mut(address);
        let known = |seat: &SeatInfo| account.seats.iter().any(|s| s.code == seat.code);
        let mut seats: Vec<SeatInfo> = listed.iter().filter(|s| !known(s)).cloned().collect();
        for old in &account.seats {
            if let Some(seat) = listed.iter().find(|s| s.code == old.code) {
                seats.push(seat.clone());
            }
        }
        let extra = seats.len().saturating_sub(MAX_SEATS);
        seats.drain(..extra);
        account.seats = seats;
    }

    /// The seat on `address` taken up last, if any game there is not known to be over.
    pub fn latest_seat(&self, address: &str) -> Option<&SeatInfo> {
        self.server(address).and_then(|s| s.seats.last())
    }

    /// Forgets the seat in game `code` on `address` (the game is over).
    pub fn forget_seat(&mut self, address: &str, code: &str) {
        if let Some(i) = self.servers.iter().position(|s| s.address == address) {
            self.servers[i].seats.retain(|s| s.code != code);
        }
    }
}

impl Document for OnlineSettings {
    const KEY: &'static str = "online.json";
    const FORMAT: &'static str = "gomoku-online";
    const VERSION: u32 = 1;

    fn check(&self) -> Result<(), String> {
        if self.address.chars().count() > MAX_ADDRESS_CHARS {
            return Err("the server address is too long".to_owned());
        }
        if self.name.chars().count() > MAX_NAME_CHARS {
            return Err(format!(
                "the online name is longer than {MAX_NAME_CHARS} characters"
            ));
        }
        for s in &self.servers {
            if s.address.chars().count() > MAX_ADDRESS_CHARS || s.seats.len() > MAX_SEATS {
                return Err("a server's entry is too long".to_owned());
            }
            if s.player_token.as_ref().is_some_and(|t| t.len() > 128)
                || s.seats
                    .iter()
                    .any(|seat| seat.seat_token.len() > 128 || seat.code.len() > 32)
            {
                return Err("a token is too long".to_owned());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::Stone;

    fn seat(code: &str) -> SeatInfo {
        SeatInfo {
            code: code.into(),
            colour: Stone::Black,
            seat_token: "t".into(),
        }
    }

    #[test]
    fn seats_are_kept_per_server_and_forgotten() {
        let mut o = OnlineSettings::default();
        o.keep_seat("ws://a/ws", seat("AAAA"));
        o.keep_seat("ws://a/ws", seat("AAAA"));
        o.keep_seat("ws://b/ws", seat("BBBB"));
        assert_eq!(o.server("ws://a/ws").unwrap().seats.len(), 1);
        o.forget_seat("ws://a/ws", "AAAA");
        assert!(o.server("ws://a/ws").unwrap().seats.is_empty());
        assert_eq!(o.server("ws://b/ws").unwrap().seats.len(), 1);
        assert!(o.check().is_ok());
    }

    #[test]
    fn the_seats_a_server_lists_keep_the_order_they_were_taken_up_in() {
        let mut o = OnlineSettings::default();
        for code in ["AAAA", "BBBB", "CCCC"] {
            o.keep_seat("ws://a/ws", seat(code));
        }
        // BBBB taken up again: the latest. CCCC is over; DDDD was taken up elsewhere.
        o.keep_seat("ws://a/ws", seat("BBBB"));
        o.set_seats("ws://a/ws", &[seat("DDDD"), seat("BBBB"), seat("AAAA")]);
        let codes: Vec<_> = o
            .server("ws://a/ws")
            .unwrap()
            .seats
            .iter()
            .map(|s| s.code.as_str())
            .collect();
        assert_eq!(codes, ["DDDD", "AAAA", "BBBB"]);
        assert_eq!(
            o.latest_seat("ws://a/ws").map(|s| s.code.as_str()),
            Some("BBBB")
        );
        assert_eq!(o.latest_seat("ws://b/ws"), None);
    }
}
