//! Accounts on the hub: signing in with a password or a pairing code, the sessions list and
//! signing out, the account's games, setting a password and deleting the account.
//!
//! What is slow on purpose (Argon2id) never runs under the hub's lock: the connection asks the
//! hub for what to check ([`Hub::sign_in_begin`], [`Hub::confirm_begin`]), checks it on a
//! blocking thread ([`crate::accounts::Passwords`]), and comes back with the verdict. A session
//! that ends is closed at once here, and every other server of a cluster is told to close its
//! connections of it ([`Envelope::SignedOut`]).

use std::time::{Duration, Instant};

use super::{After, Hub, info};
use crate::closing::CloseReason;
use crate::cluster::Envelope;
use crate::limits::after;
use crate::storage::PlayerRecord;
use crate::storage::accounts::{
    Account, Ending, HOW_PAIRING, HOW_PASSWORD, NewSession, SessionRow,
};
use gomoku_net::{
    AccountInfo, ClientMessage, ErrorCode, MAX_DEVICE_CHARS, MY_GAMES_PAGE, PROTOCOL_VERSION,
    ServerMessage, SessionInfo, SignOutWhich,
};

/// The window failed sign-ins are counted in, per account (in the database) and per address.
pub const SIGN_IN_WINDOW: Duration = Duration::from_secs(15 * 60);
/// Failed sign-ins to one account in [`SIGN_IN_WINDOW`] before it refuses more for the rest
/// of it (from anywhere: the count is in the database).
pub const MAX_FAILED_PER_ACCOUNT: u32 = 10;
/// Failed sign-ins and pairings from one address in [`SIGN_IN_WINDOW`].
pub const MAX_FAILED_PER_ADDRESS: u32 = 20;
/// Failed sign-ins and pairings from one network (/24, /64) in [`SIGN_IN_WINDOW`].
pub const MAX_FAILED_PER_NETWORK: u32 = 60;
/// How long a pairing code works.
pub const PAIRING_VALID: Duration = Duration::from_secs(5 * 60);
/// Letters in a pairing code (31 letters: about 40 bits, tried at most
/// [`MAX_FAILED_PER_ADDRESS`] times per address in a window, for five minutes).
pub const PAIRING_LEN: usize = 8;

/// The one answer to a wrong password and to an unknown name.
const SIGN_IN_FAILED: &str = "the name or the password is wrong";

/// What a sign-in checks, off the hub: the stored hash (none for an unknown name or an account
/// without a password, which fail in the same time).
#[derive(Debug)]
pub struct SignInTicket {
    /// The account, if the name is one.
    pub player: Option<i64>,
    /// Its password's PHC string.
    pub hash: Option<String>,
}

/// What changing the password or deleting the account checks, off the hub.
#[derive(Debug)]
pub struct Confirm {
    /// The account.
    pub player: i64,
    /// The session asking.
    pub session: i64,
    /// The password now, if the account has one (the request must give it).
    pub hash: Option<String>,
}

/// A device label as kept: control characters dropped, spaces folded, cut to
/// [`MAX_DEVICE_CHARS`].
pub fn clean_device(raw: Option<&str>) -> String {
    let Some(raw) = raw else {
        return String::new();
    };
    let kept: String = raw
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    kept.split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_DEVICE_CHARS)
        .collect()
}

/// A pairing code as typed, made comparable: letters upper case, spaces and dashes dropped.
pub fn normal_pairing_code(raw: &str) -> String {
    raw.chars()
        .filter(|c| !(c.is_whitespace() || *c == '-'))
        .flat_map(char::to_uppercase)
        .collect()
}

fn session_info(row: SessionRow, current: i64) -> SessionInfo {
    SessionInfo {
        id: row.id,
        device: row.device,
        how: row.how,
        created_ms: row.created_ms,
        last_seen_ms: row.last_seen_ms,
        current: row.id == current,
    }
}

impl Hub {
    /// The checks every first message makes: said once, in this protocol's version.
    /// `Err` carries what the connection does after the refusal.
    pub(super) fn greeting_allowed(
        &mut self,
        conn: u64,
        version: u32,
        request: &'static str,
    ) -> Result<(), After> {
        if self.greeted(conn) {
            self.error(
                conn,
                ErrorCode::Handshake,
                "hello was already said",
                Some(request),
            );
            return Err(After::Continue);
        }
        if version != PROTOCOL_VERSION {
            self.error(
                conn,
                ErrorCode::VersionMismatch,
                &format!(
                    "this server speaks protocol version {PROTOCOL_VERSION}, not {version}: \
                     update the game to play on it"
                ),
                Some(request),
            );
            return Err(After::Close);
        }
        Ok(())
    }

    /// Marks `conn` greeted as `player` in `session` and welcomes it (with `token` for a new
    /// session).
    pub(super) fn welcome(
        &mut self,
        conn: u64,
        player: PlayerRecord,
        session: i64,
        password: bool,
        token: Option<String>,
    ) {
        let seats = self.open_seats(player.id);
        let welcome = ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            player: Some(info(&player)),
            token,
            seats,
            account: Some(AccountInfo { session, password }),
        };
        if let Some(c) = self.conns.get_mut(&conn) {
            c.greeted = true;
            c.player = Some(player);
            c.session = Some(session);
        }
        self.send(conn, &welcome);
    }

    /// When the connection's address may try to sign in again, if it failed too often.
    fn sign_in_blocked(&self, conn: u64, now: Instant) -> Option<Duration> {
        let c = self.conns.get(&conn)?;
        if c.trusted {
            return None;
        }
        self.failed_sign_ins.blocked(c.address, now)
    }

    fn count_failed_sign_in(&mut self, conn: u64, now: Instant) {
        if let Some(address) = self.conns.get(&conn).map(|c| c.address) {
            self.failed_sign_ins.count(address, now);
        }
    }

    /// The first half of `sign_in`: checks and the stored hash to check the password
    /// against. `Err` when refused (the refusal is sent) with what the connection does next.
    pub fn sign_in_begin(
        &mut self,
        conn: u64,
        version: u32,
        name: &str,
        now: Instant,
    ) -> Result<SignInTicket, After> {
        if self.conns.get(&conn).is_some_and(|c| c.pending) {
            // Let into the places kept for seated players coming back while the server is
            // full: a sign-in is not one (see `capacity`).
            self.close_conn(conn, CloseReason::FULL);
            return Err(After::Continue);
        }
        self.greeting_allowed(conn, version, "sign_in")?;
        if let Some(wait) = self.sign_in_blocked(conn, now) {
            self.error(
                conn,
                ErrorCode::Limit,
                &format!(
                    "too many failed sign-ins from your address; try again {}",
                    after(wait)
                ),
                Some("sign_in"),
            );
            return Err(After::Continue);
        }
        let window = SIGN_IN_WINDOW.as_millis() as i64;
        match self.storage.account_named(name, window) {
            Ok(Some(Account { failures, .. })) if failures >= MAX_FAILED_PER_ACCOUNT => {
                self.error(
                    conn,
                    ErrorCode::Limit,
                    &format!(
                        "too many failed sign-ins to this account; try again {} (a device \
                         still signed in can pair this one meanwhile)",
                        after(SIGN_IN_WINDOW)
                    ),
                    Some("sign_in"),
                );
                Err(After::Continue)
            }
            Ok(account) => Ok(SignInTicket {
                player: account.as_ref().map(|a| a.player.id),
                hash: account.and_then(|a| a.password_hash),
            }),
            Err(e) => Err(self.storage_error(conn, "sign_in", e)),
        }
    }

    /// The second half of `sign_in`, with the password's verdict: a new session and the
    /// welcome, or the one refusal for a wrong name or password.
    pub fn sign_in_end(
        &mut self,
        conn: u64,
        ticket: SignInTicket,
        matches: bool,
        device: Option<&str>,
        now: Instant,
    ) -> After {
        if self.greeted(conn) {
            return After::Continue;
        }
        let account = match (ticket.player, matches) {
            (Some(id), true) => match self.storage.account(id, SIGN_IN_WINDOW.as_millis() as i64) {
                Ok(account) => account,
                Err(e) => return self.storage_error(conn, "sign_in", e),
            },
            _ => None,
        };
        let Some(account) = account else {
            self.count_failed_sign_in(conn, now);
            if let Some(id) = ticket.player
                && let Err(e) = self
                    .storage
                    .sign_in_failed(id, SIGN_IN_WINDOW.as_millis() as i64)
            {
                return self.storage_error(conn, "sign_in", e);
            }
            self.error(
                conn,
                ErrorCode::SignInFailed,
                SIGN_IN_FAILED,
                Some("sign_in"),
            );
            return After::Continue;
        };
        self.start_session(conn, account, device, HOW_PASSWORD, "sign_in")
    }

    /// A new session for `account` on `conn`, welcomed with its token.
    fn start_session(
        &mut self,
        conn: u64,
        account: Account,
        device: Option<&str>,
        how: &str,
        request: &str,
    ) -> After {
        let token = self.tokens.secret();
        let device = clean_device(device);
        let session = NewSession {
            token: &token,
            device: &device,
            how,
        };
        match self.storage.create_session(account.player.id, &session) {
            Ok(id) => {
                let password = account.password_hash.is_some();
                self.welcome(conn, account.player, id, password, Some(token));
                After::Continue
            }
            Err(e) => self.storage_error(conn, request, e),
        }
    }

    /// `pair`: a one-time code shown by a device already signed in starts a session here.
    pub(super) fn pair(
        &mut self,
        conn: u64,
        version: u32,
        code: &str,
        device: Option<&str>,
        now: Instant,
    ) -> After {
        if let Err(after) = self.greeting_allowed(conn, version, "pair") {
            return after;
        }
        if let Some(wait) = self.sign_in_blocked(conn, now) {
            self.error(
                conn,
                ErrorCode::Limit,
                &format!(
                    "too many wrong codes and failed sign-ins from your address; try again {}",
                    after(wait)
                ),
                Some("pair"),
            );
            return After::Continue;
        }
        let code = normal_pairing_code(code);
        let redeemed = if code.chars().count() == PAIRING_LEN {
            match self.storage.redeem_pairing(&code) {
                Ok(found) => found,
                Err(e) => return self.storage_error(conn, "pair", e),
            }
        } else {
            None
        };
        let account = match redeemed {
            Some(id) => match self.storage.account(id, 0) {
                Ok(account) => account,
                Err(e) => return self.storage_error(conn, "pair", e),
            },
            None => None,
        };
        let Some(account) = account else {
            self.count_failed_sign_in(conn, now);
            self.error(
                conn,
                ErrorCode::PairingFailed,
                "this pairing code is wrong, used or expired; ask the other device for a new one",
                Some("pair"),
            );
            return After::Continue;
        };
        self.start_session(conn, account, device, HOW_PAIRING, "pair")
    }

    /// The connection's player and session, or a refusal saying to sign in first.
    fn require_session(&mut self, conn: u64, request: &str) -> Option<(PlayerRecord, i64)> {
        let c = self.conns.get(&conn)?;
        if let (Some(p), Some(s)) = (&c.player, c.session) {
            return Some((p.clone(), s));
        }
        self.error(
            conn,
            ErrorCode::NotLoggedIn,
            "this needs an account: say hello with a name or a token, sign in or pair first",
            Some(request),
        );
        None
    }

    /// `pairing_code`: a new one-time code for this account (the older one stops working).
    pub(super) fn pairing_code(&mut self, conn: u64) {
        let Some((player, _)) = self.require_session(conn, "pairing_code") else {
            return;
        };
        let code = self.tokens.letters(PAIRING_LEN);
        match self
            .storage
            .add_pairing(player.id, &code, PAIRING_VALID.as_millis() as i64)
        {
            Ok(()) => {
                let shown = format!("{}-{}", &code[..PAIRING_LEN / 2], &code[PAIRING_LEN / 2..]);
                self.send(
                    conn,
                    &ServerMessage::PairingCode {
                        code: shown,
                        expires_in_secs: PAIRING_VALID.as_secs() as u32,
                    },
                );
            }
            Err(e) => {
                self.storage_error(conn, "pairing_code", e);
            }
        }
    }

    /// `sessions`: the account's sessions.
    pub(super) fn list_sessions(&mut self, conn: u64) {
        let Some((player, current)) = self.require_session(conn, "sessions") else {
            return;
        };
        match self.storage.sessions(player.id) {
            Ok(rows) => {
                let sessions = rows.into_iter().map(|r| session_info(r, current)).collect();
                self.send(conn, &ServerMessage::Sessions { sessions });
            }
            Err(e) => {
                self.storage_error(conn, "sessions", e);
            }
        }
    }

    /// `sign_out`: ends sessions of the account; when this one is among them, the
    /// connection closes after the answer.
    pub(super) fn sign_out(&mut self, conn: u64, which: SignOutWhich) -> After {
        let Some((player, current)) = self.require_session(conn, "sign_out") else {
            return After::Continue;
        };
        let ending = match which {
            SignOutWhich::This => Ending::One(current),
            SignOutWhich::Others => Ending::AllBut(current),
            SignOutWhich::Everywhere => Ending::All,
            SignOutWhich::Session(id) => Ending::One(id),
        };
        let ended = match self.storage.end_sessions(player.id, ending) {
            Ok(ended) => ended,
            Err(e) => return self.storage_error(conn, "sign_out", e),
        };
        self.send(
            conn,
            &ServerMessage::SignedOut {
                sessions: ended.len() as u32,
            },
        );
        self.sessions_ended(&ended, "signed out from another device", Some(conn));
        if ended.contains(&current) {
            self.forget_session(conn);
            self.close_conn(conn, CloseReason::SIGNED_OUT);
            return After::Close;
        }
        After::Continue
    }

    /// `my_games`: a page of the account's finished games.
    pub(super) fn my_games(&mut self, conn: u64, before: Option<i64>) {
        let Some((player, _)) = self.require_session(conn, "my_games") else {
            return;
        };
        match self
            .storage
            .finished_games(player.id, before, MY_GAMES_PAGE + 1)
        {
            Ok(mut games) => {
                let more = games.len() > MY_GAMES_PAGE;
                games.truncate(MY_GAMES_PAGE);
                self.send(conn, &ServerMessage::MyGames { games, more });
            }
            Err(e) => {
                self.storage_error(conn, "my_games", e);
            }
        }
    }

    /// The first half of `set_password` and `delete_account`: the account and the hash the
    /// request's password must match. `None` when refused (the refusal is sent).
    pub fn confirm_begin(
        &mut self,
        conn: u64,
        msg: &ClientMessage,
        now: Instant,
    ) -> Option<Confirm> {
        let request = msg.kind();
        let (player, session) = self.require_session(conn, request)?;
        if let ClientMessage::SetPassword { password, .. } = msg
            && let Err(e) = password.check()
        {
            self.error(conn, ErrorCode::BadPassword, &e, Some(request));
            return None;
        }
        if let ClientMessage::DeleteAccount { name, .. } = msg
            && crate::names::name_key(name) != crate::names::name_key(&player.name)
        {
            self.error(
                conn,
                ErrorCode::BadName,
                &format!(
                    "type the account's name, '{}', to confirm deleting it",
                    player.name
                ),
                Some(request),
            );
            return None;
        }
        if let Some(wait) = self.sign_in_blocked(conn, now) {
            self.error(
                conn,
                ErrorCode::Limit,
                &format!(
                    "too many wrong passwords from your address; try again {}",
                    after(wait)
                ),
                Some(request),
            );
            return None;
        }
        match self
            .storage
            .account(player.id, SIGN_IN_WINDOW.as_millis() as i64)
        {
            Ok(Some(account)) => Some(Confirm {
                player: player.id,
                session,
                hash: account.password_hash,
            }),
            Ok(None) => {
                self.error(
                    conn,
                    ErrorCode::UnknownPlayer,
                    "this account no longer exists",
                    Some(request),
                );
                None
            }
            Err(e) => {
                self.storage_error(conn, request, e);
                None
            }
        }
    }

    /// Refuses a request whose confirming password was wrong (counted as a failed sign-in).
    pub fn confirm_failed(&mut self, conn: u64, request: &str, now: Instant) {
        self.count_failed_sign_in(conn, now);
        self.error(
            conn,
            ErrorCode::WrongPassword,
            "the password now is wrong; nothing changed",
            Some(request),
        );
    }

    /// The second half of `set_password`: stores the new hash and signs out every other
    /// session.
    pub fn set_password_end(&mut self, conn: u64, confirm: Confirm, hash: &str) {
        match self
            .storage
            .set_password(confirm.player, hash, confirm.session)
        {
            Ok(ended) => {
                self.send(
                    conn,
                    &ServerMessage::PasswordSet {
                        signed_out: ended.len() as u32,
                    },
                );
                self.sessions_ended(
                    &ended,
                    "the account's password was changed on another device",
                    Some(conn),
                );
            }
            Err(e) => {
                self.storage_error(conn, "set_password", e);
            }
        }
    }

    /// The second half of `delete_account`: refused while the account sits in a game not
    /// finished; otherwise deleted, every session ended and the connection closed.
    pub fn delete_end(&mut self, conn: u64, confirm: Confirm) -> After {
        let waiting = self.queue.iter().any(|w| w.player.id == confirm.player);
        let open = match self.storage.open_games_of(confirm.player) {
            Ok(n) => n,
            Err(e) => return self.storage_error(conn, "delete_account", e),
        };
        if open > 0 || waiting {
            self.error(
                conn,
                ErrorCode::GamesUnfinished,
                &format!(
                    "the account still has {} game(s) waiting or being played: finish or \
                     resign them (resigning a room still waiting for an opponent closes it) \
                     and leave the quick-match queue first; nothing was deleted",
                    open.max(1)
                ),
                Some("delete_account"),
            );
            return After::Continue;
        }
        match self.storage.delete_account(confirm.player) {
            Ok(ended) => {
                self.leaderboard = None;
                self.send(conn, &ServerMessage::AccountDeleted);
                self.sessions_ended(&ended, "the account was deleted", Some(conn));
                self.forget_session(conn);
                self.close_conn(conn, CloseReason::SIGNED_OUT);
                After::Close
            }
            Err(e) => self.storage_error(conn, "delete_account", e),
        }
    }

    fn forget_session(&mut self, conn: u64) {
        if let Some(c) = self.conns.get_mut(&conn) {
            c.session = None;
        }
    }

    /// Sessions that ended: their connections here (but `except`, which was answered
    /// already) hear why and are closed; the other servers of a cluster are told to do the
    /// same with theirs.
    fn sessions_ended(&mut self, ended: &[i64], reason: &str, except: Option<u64>) {
        if ended.is_empty() {
            return;
        }
        self.close_sessions(ended, reason, except);
        if let Some(outbox) = &self.cluster {
            outbox.send_all(&Envelope::SignedOut {
                sessions: ended.to_vec(),
                reason: reason.to_string(),
            });
        }
    }

    /// Closes this server's connections of the `ended` sessions (another server ended
    /// them, or this one did).
    pub(super) fn close_sessions(&mut self, ended: &[i64], reason: &str, except: Option<u64>) {
        let conns: Vec<u64> = self
            .conns
            .iter()
            .filter(|(id, c)| Some(**id) != except && c.session.is_some_and(|s| ended.contains(&s)))
            .map(|(id, _)| *id)
            .collect();
        for conn in conns {
            self.send(
                conn,
                &ServerMessage::SessionEnded {
                    reason: reason.to_string(),
                },
            );
            self.forget_session(conn);
            self.close_conn(conn, CloseReason::SIGNED_OUT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_labels_are_cleaned_and_cut() {
        assert_eq!(
            clean_device(Some("  Desktop,\n linux\u{7} ")),
            "Desktop, linux"
        );
        assert_eq!(clean_device(None), "");
        assert_eq!(
            clean_device(Some(&"x".repeat(100))).chars().count(),
            MAX_DEVICE_CHARS
        );
    }

    #[test]
    fn pairing_codes_are_read_loosely() {
        assert_eq!(normal_pairing_code("abcd-efgh"), "ABCDEFGH");
        assert_eq!(normal_pairing_code(" AB CD-EF GH "), "ABCDEFGH");
    }
}
