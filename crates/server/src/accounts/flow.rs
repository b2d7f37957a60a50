//! `sign_in`, `set_password` and `delete_account` as a connection runs them: the hub's checks,
//! the password checked (or hashed) off the hub, the hub again with the verdict. While one of
//! them waits for its turn to hash, the connection reads nothing more, so a client cannot make
//! the server hash for it more than once at a time.

use std::sync::Arc;
use std::time::Instant;

use super::passwords::Busy;
use crate::Shared;
use crate::hub::After;
use gomoku_net::{ClientMessage, ErrorCode};

/// Whether `msg` is one of the requests [`run`] takes (the others go to the hub).
pub fn takes(msg: &ClientMessage) -> bool {
    matches!(
        msg,
        ClientMessage::SignIn { .. }
            | ClientMessage::SetPassword { .. }
            | ClientMessage::DeleteAccount { .. }
    )
}

/// Runs one of the requests [`takes`] for connection `conn`.
pub async fn run(shared: &Arc<Shared>, conn: u64, msg: ClientMessage) -> After {
    let passwords = shared.passwords.clone();
    let request = msg.kind();
    match msg {
        ClientMessage::SignIn {
            version,
            name,
            password,
            device,
        } => {
            let ticket = match shared
                .hub()
                .sign_in_begin(conn, version, &name, Instant::now())
            {
                Ok(ticket) => ticket,
                Err(after) => return after,
            };
            let verdict = passwords.verify(ticket.hash.clone(), password.0).await;
            let Ok(matches) = verdict else {
                return busy(shared, conn, request);
            };
            shared
                .hub()
                .sign_in_end(conn, ticket, matches, device.as_deref(), Instant::now())
        }
        ClientMessage::SetPassword { .. } | ClientMessage::DeleteAccount { .. } => {
            let Some(confirm) = shared.hub().confirm_begin(conn, &msg, Instant::now()) else {
                return After::Continue;
            };
            // The password now, when the account has one (none given never matches).
            if confirm.hash.is_some() {
                let given = match &msg {
                    ClientMessage::SetPassword { current, .. } => current,
                    ClientMessage::DeleteAccount { password, .. } => password,
                    _ => &None,
                };
                let given = given.as_ref().map(|p| p.0.clone()).unwrap_or_default();
                match passwords.verify(confirm.hash.clone(), given).await {
                    Ok(true) => {}
                    Ok(false) => {
                        shared.hub().confirm_failed(conn, request, Instant::now());
                        return After::Continue;
                    }
                    Err(Busy) => return busy(shared, conn, request),
                }
            }
            let ClientMessage::SetPassword { password, .. } = msg else {
                return shared.hub().delete_end(conn, confirm);
            };
            match passwords.hash(password.0).await {
                Err(Busy) => return busy(shared, conn, request),
                Ok(Ok(hash)) => shared.hub().set_password_end(conn, confirm, &hash),
                Ok(Err(e)) => {
                    eprintln!("gomoku-server: set_password: {e}");
                    shared.hub().error(
                        conn,
                        ErrorCode::Storage,
                        "the server could not store the password; nothing changed",
                        Some(request),
                    );
                }
            }
            After::Continue
        }
        other => {
            shared.hub().error(
                conn,
                ErrorCode::BadMessage,
                "not an account request",
                Some(other.kind()),
            );
            After::Continue
        }
    }
}

/// Too many passwords waiting to be checked: refused at once, to try again.
fn busy(shared: &Arc<Shared>, conn: u64, request: &str) -> After {
    shared.hub().error(
        conn,
        ErrorCode::Limit,
        "the server is checking many passwords right now; try again in a few seconds",
        Some(request),
    );
    After::Continue
}
