//! What servers say to each other, as the text of a PostgreSQL notification: a header line of
//! words, then (for some) a body that is passed on untouched, so a client's message or a
//! room's state crosses without being escaped again.

use std::net::IpAddr;

/// One message between servers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Envelope {
    /// A client of server `from` (its connection `conn`, speaking as `player`, from
    /// `address`) sent `message` (its JSON) about a game the receiving server decides.
    Client {
        from: String,
        conn: u64,
        player: Option<i64>,
        address: IpAddr,
        message: String,
    },
    /// `text` for these connections of the receiving server's, from server `from` (which
    /// decides a game they are in).
    Deliver {
        from: String,
        conns: Vec<u64>,
        text: String,
    },
    /// The receiving server's client `conn`, waiting in the quick-match queue, was paired by
    /// server `from`, which decides the new game.
    Matched { from: String, conn: u64 },
    /// The receiving server should close these connections of its own: the game they were
    /// in moved to another server.
    Close { conns: Vec<u64> },
    /// Server `from`'s client connection `conn` has ended.
    Gone { from: String, conn: u64 },
    /// `server` stopped (its games were taken over); to every server.
    Stopped { server: String },
    /// These sessions ended (signed out, a password changed, an account deleted): every
    /// server closes its connections of them, telling them `reason`.
    SignedOut { sessions: Vec<i64>, reason: String },
}

fn conn_list(conns: &[u64]) -> String {
    conns
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_conns(s: &str) -> Result<Vec<u64>, String> {
    s.split(',')
        .map(|c| {
            c.parse()
                .map_err(|_| format!("bad connection number '{c}'"))
        })
        .collect()
}

impl Envelope {
    /// The notification's text.
    pub fn to_text(&self) -> String {
        match self {
            Envelope::Client {
                from,
                conn,
                player,
                address,
                message,
            } => {
                let player = player.map_or("-".to_string(), |p| p.to_string());
                format!("client {from} {conn} {player} {address}\n{message}")
            }
            Envelope::Deliver { from, conns, text } => {
                format!("deliver {from} {}\n{text}", conn_list(conns))
            }
            Envelope::Matched { from, conn } => format!("matched {from} {conn}"),
            Envelope::Close { conns } => format!("close {}", conn_list(conns)),
            Envelope::Gone { from, conn } => format!("gone {from} {conn}"),
            Envelope::Stopped { server } => format!("stopped {server}"),
            Envelope::SignedOut { sessions, reason } => {
                let list: Vec<String> = sessions.iter().map(i64::to_string).collect();
                format!("signed_out {}\n{reason}", list.join(","))
            }
        }
    }

    /// Reads a notification's text.
    pub fn parse(text: &str) -> Result<Envelope, String> {
        let (head, body) = match text.split_once('\n') {
            Some((h, b)) => (h, Some(b)),
            None => (text, None),
        };
        let words: Vec<&str> = head.split(' ').collect();
        let body = || {
            body.map(str::to_string)
                .ok_or_else(|| format!("'{}' needs a body", words[0]))
        };
        let number = |s: &str| s.parse::<u64>().map_err(|_| format!("bad number '{s}'"));
        match words.as_slice() {
            ["client", from, conn, player, address] => Ok(Envelope::Client {
                from: from.to_string(),
                conn: number(conn)?,
                player: match *player {
                    "-" => None,
                    p => Some(p.parse().map_err(|_| format!("bad player '{p}'"))?),
                },
                address: address
                    .parse()
                    .map_err(|_| format!("bad address '{address}'"))?,
                message: body()?,
            }),
            ["deliver", from, conns] => Ok(Envelope::Deliver {
                from: from.to_string(),
                conns: parse_conns(conns)?,
                text: body()?,
            }),
            ["matched", from, conn] => Ok(Envelope::Matched {
                from: from.to_string(),
                conn: number(conn)?,
            }),
            ["close", conns] => Ok(Envelope::Close {
                conns: parse_conns(conns)?,
            }),
            ["gone", from, conn] => Ok(Envelope::Gone {
                from: from.to_string(),
                conn: number(conn)?,
            }),
            ["stopped", server] => Ok(Envelope::Stopped {
                server: server.to_string(),
            }),
            ["signed_out", sessions] => Ok(Envelope::SignedOut {
                sessions: sessions
                    .split(',')
                    .map(|s| s.parse().map_err(|_| format!("bad session '{s}'")))
                    .collect::<Result<_, _>>()?,
                reason: body()?,
            }),
            _ => Err(format!("unknown message between servers: '{head}'")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_envelope_reads_back_as_written() {
        let all = [
            Envelope::Client {
                from: "s1a2b_77".into(),
                conn: 12,
                player: Some(5),
                address: "::1".parse().unwrap(),
                message: "{\"type\":\"watch\",\"code\":\"AB\\nCD\"}\nsecond line".into(),
            },
            Envelope::Client {
                from: "s1".into(),
                conn: 1,
                player: None,
                address: "127.0.0.1".parse().unwrap(),
                message: String::new(),
            },
            Envelope::Deliver {
                from: "s4".into(),
                conns: vec![1, 2, 3],
                text: "{\"type\":\"pong\"}".into(),
            },
            Envelope::Matched {
                from: "s5".into(),
                conn: 8,
            },
            Envelope::Close { conns: vec![9] },
            Envelope::Gone {
                from: "s2".into(),
                conn: 4,
            },
            Envelope::Stopped {
                server: "s3".into(),
            },
            Envelope::SignedOut {
                sessions: vec![4, 17],
                reason: "signed out from another device".into(),
            },
        ];
        for e in all {
            assert_eq!(Envelope::parse(&e.to_text()), Ok(e.clone()), "{e:?}");
        }
    }

    #[test]
    fn a_garbled_envelope_is_an_error_not_a_panic() {
        for bad in [
            "",
            "client a 1 2",
            "client a x - ::1\n{}",
            "client a 1 - nowhere\n{}",
            "deliver s 1,,2\nx",
            "deliver s 1",
            "matched s",
            "close",
            "gone a",
            "signed_out 1,x\nwhy",
            "signed_out 1",
            "launch missiles",
        ] {
            assert!(Envelope::parse(bad).is_err(), "{bad:?}");
        }
    }
}
