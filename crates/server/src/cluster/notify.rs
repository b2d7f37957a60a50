//! Sending and receiving [`Envelope`]s through PostgreSQL: one thread sends (in order, so a
//! room's states reach a server in the order they were made), one thread listens. Each has a
//! connection of its own and connects again after losing it.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, NoTls};

use super::{ALL, Envelope, MAX_NOTIFY, channel};

/// How long a thread waits before connecting again.
const RECONNECT: Duration = Duration::from_secs(1);

/// How long connecting to PostgreSQL to send may take: a database that does not answer fails
/// the message in this time, and its client hears so, instead of a queue that waits for it.
const SEND_CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// One message for the sending thread: the channel, the text, and for a client's message
/// relayed to another server, that client's connection (told when it cannot go).
struct Outgoing {
    to: String,
    text: String,
    client: Option<u64>,
}

/// Where the hub puts what it says to other servers; a thread sends it.
#[derive(Clone)]
pub struct Outbox {
    me: String,
    tx: mpsc::Sender<Outgoing>,
    /// The connections whose relayed messages could not be sent (the database is down).
    undelivered: std::sync::Arc<std::sync::Mutex<Vec<u64>>>,
}

impl Outbox {
    /// Starts the sending thread for server `me` on the database at `url`.
    pub fn start(url: &str, me: &str) -> Result<Outbox, String> {
        let mut config: postgres::Config = url.parse().map_err(|e| format!("{e}"))?;
        config.connect_timeout(SEND_CONNECT_TIMEOUT);
        let (tx, rx) = mpsc::channel::<Outgoing>();
        let undelivered = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let failed = undelivered.clone();
        thread::Builder::new()
            .name("cluster-send".into())
            .spawn(move || send_loop(config, rx, failed))
            .map_err(|e| format!("cannot start the cluster's sending thread: {e}"))?;
        Ok(Outbox {
            me: me.to_string(),
            tx,
            undelivered,
        })
    }

    /// This server's name.
    pub fn me(&self) -> &str {
        &self.me
    }

    /// Sends `envelope` to server `to`.
    pub fn send(&self, to: &str, envelope: &Envelope) {
        let client = match envelope {
            Envelope::Client { conn, .. } => Some(*conn),
            _ => None,
        };
        let _ = self.tx.send(Outgoing {
            to: channel(to),
            text: envelope.to_text(),
            client,
        });
    }

    /// Sends `envelope` to every server (this one too).
    pub fn send_all(&self, envelope: &Envelope) {
        let _ = self.tx.send(Outgoing {
            to: ALL.to_string(),
            text: envelope.to_text(),
            client: None,
        });
    }

    /// The connections whose relayed messages could not be sent since the last call (each
    /// is owed an answer saying so).
    pub fn undelivered(&self) -> Vec<u64> {
        std::mem::take(&mut *self.undelivered.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

fn send_loop(
    config: postgres::Config,
    rx: mpsc::Receiver<Outgoing>,
    undelivered: std::sync::Arc<std::sync::Mutex<Vec<u64>>>,
) {
    let mut client = config.connect(NoTls).ok();
    for out in rx {
        // On a live connection, or a fresh one (made once per message, in at most
        // SEND_CONNECT_TIMEOUT): a message that cannot go is dropped at once, and a client's
        // is owed an answer. The queue never waits for a database that is down.
        let mut sent = false;
        for attempt in 0..2 {
            if client.as_ref().is_none_or(Client::is_closed) {
                client = match config.connect(NoTls) {
                    Ok(c) => Some(c),
                    Err(e) => {
                        eprintln!("gomoku-server: cluster sending: cannot reach PostgreSQL: {e}");
                        None
                    }
                };
            }
            let Some(c) = client.as_mut() else {
                break;
            };
            match send_one(c, &out.to, &out.text) {
                Ok(()) => {
                    sent = true;
                    break;
                }
                Err(e) => {
                    eprintln!("gomoku-server: cluster: sending to {}: {e}", out.to);
                    if attempt == 0 && c.is_closed() {
                        client = None;
                    } else {
                        break;
                    }
                }
            }
        }
        if !sent && let Some(conn) = out.client {
            undelivered
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(conn);
        }
    }
}

fn send_one(client: &mut Client, to: &str, text: &str) -> Result<(), postgres::Error> {
    if text.len() <= MAX_NOTIFY {
        client.execute("SELECT pg_notify($1, $2)", &[&to, &text])?;
    } else {
        let id: i64 = client
            .query_one(
                "INSERT INTO cluster_mail (body) VALUES ($1) RETURNING id",
                &[&text],
            )?
            .try_get(0)?;
        client.execute("SELECT pg_notify($1, $2)", &[&to, &format!("mail {id}")])?;
    }
    Ok(())
}

/// Listens for server `me`'s envelopes (and those to all) on a thread of its own, handing
/// each to `deliver`.
pub fn listen(
    url: &str,
    me: &str,
    deliver: impl Fn(Envelope) + Send + 'static,
) -> Result<(), String> {
    let config: postgres::Config = url.parse().map_err(|e| format!("{e}"))?;
    let mine = channel(me);
    let (started, start) = mpsc::sync_channel(1);
    thread::Builder::new()
        .name("cluster-listen".into())
        .spawn(move || {
            // The first connection is made before the server goes on, so a server that cannot
            // listen says so at start (on this thread: the client may not block inside the
            // server's runtime).
            let mut client = match listening(&config, &mine) {
                Ok(c) => {
                    let _ = started.send(Ok(()));
                    c
                }
                Err(e) => {
                    let _ = started.send(Err(format!("cannot listen: {e}")));
                    return;
                }
            };
            loop {
                let next = client.notifications().blocking_iter().next();
                match next {
                    Ok(Some(n)) => {
                        let text = if let Some(id) = n.payload().strip_prefix("mail ") {
                            match take_mail(&mut client, id) {
                                Ok(Some(body)) => body,
                                Ok(None) => continue,
                                Err(e) => {
                                    eprintln!("gomoku-server: cluster: reading mail {id}: {e}");
                                    continue;
                                }
                            }
                        } else {
                            n.payload().to_string()
                        };
                        match Envelope::parse(&text) {
                            Ok(e) => deliver(e),
                            Err(e) => eprintln!("gomoku-server: cluster: {e}"),
                        }
                    }
                    Ok(None) | Err(_) => {
                        eprintln!("gomoku-server: cluster: lost the listening connection");
                        client = loop {
                            thread::sleep(RECONNECT);
                            if let Ok(c) = listening(&config, &mine) {
                                break c;
                            }
                        };
                    }
                }
            }
        })
        .map_err(|e| format!("cannot start the cluster's listening thread: {e}"))?;
    start
        .recv()
        .map_err(|_| "the cluster's listening thread stopped".to_string())?
}

fn listening(config: &postgres::Config, mine: &str) -> Result<Client, postgres::Error> {
    let mut client = config.connect(NoTls)?;
    client.batch_execute(&format!("LISTEN \"{mine}\"; LISTEN \"{ALL}\""))?;
    Ok(client)
}

fn take_mail(client: &mut Client, id: &str) -> Result<Option<String>, String> {
    let id: i64 = id.parse().map_err(|_| format!("bad mail number '{id}'"))?;
    client
        .query_opt(
            "DELETE FROM cluster_mail WHERE id = $1 RETURNING body",
            &[&id],
        )
        .map_err(|e| e.to_string())?
        .map(|r| r.try_get(0).map_err(|e| e.to_string()))
        .transpose()
}
