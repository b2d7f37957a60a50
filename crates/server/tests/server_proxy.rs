//! Behind a reverse proxy the per-address limits count the clients, not the proxy (issue 83):
//! a server started with `--trusted-proxy` reads the client's address from `Forwarded`,
//! `X-Forwarded-For` or `X-Real-IP` on the proxy's connections, so more players than one
//! address's share get in when each has its own address, one address behind the proxy is
//! still limited, and the same headers from any other peer change nothing. Real server
//! processes on loopback, bounded in count and time.

mod server_support;

use gomoku_net::ErrorCode;
use server_support::{Client, Server, temp_dir};

/// Connections one address may hold by default (`--max-per-address`).
const PER_ADDRESS: usize = 64;
/// New players one address may make in an hour (the hub's `MAX_NEW_PLAYERS`).
const NEW_PLAYERS: usize = 30;

fn server(name: &str, extra: &[&str]) -> Server {
    Server::start(&temp_dir(name).join("db.sqlite"), extra)
}

/// The headers a proxy sends for the `i`th client, in each of the three forms the server
/// reads (a client's own X-Forwarded-For on the left, which the proxy's entry follows).
fn forwarded_as(i: usize) -> Vec<(&'static str, String)> {
    let (hi, lo) = (i / 200, i % 200 + 1);
    match i % 3 {
        0 => vec![("X-Forwarded-For", format!("203.0.113.99, 198.18.{hi}.{lo}"))],
        1 => vec![
            (
                "Forwarded",
                format!("for=\"[2001:db8:{i:x}::1]:4711\";proto=http"),
            ),
            ("X-Forwarded-For", "203.0.113.99".to_owned()),
        ],
        _ => vec![("X-Real-IP", format!("198.19.{hi}.{lo}"))],
    }
}

fn connect(from: &str, addr: &str, headers: &[(&str, String)]) -> Result<Client, String> {
    let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
    Client::connect_with_headers(from, addr, &headers)
}

#[test]
fn players_behind_a_trusted_proxy_are_limited_by_their_own_address() {
    let s = server("proxy-trusted", &["--trusted-proxy", "127.0.0.1"]);
    // One more than an address's share of connections, and more than its share of new
    // players: every one gets in and becomes a player.
    let mut crowd = Vec::new();
    for i in 0..=PER_ADDRESS {
        let mut c = connect("127.0.0.1", &s.addr, &forwarded_as(i))
            .unwrap_or_else(|e| panic!("player {i} behind the proxy: {e}"));
        c.hello(&format!("P{i}"));
        crowd.push(c);
    }
    // One address behind the proxy still has one share of connections...
    let same = [("X-Forwarded-For", "198.51.100.7".to_owned())];
    let mut held = Vec::new();
    for i in 0..PER_ADDRESS {
        held.push(
            connect("127.0.0.1", &s.addr, &same)
                .unwrap_or_else(|e| panic!("connection {i} from one address: {e}")),
        );
    }
    let refused = connect("127.0.0.1", &s.addr, &same)
        .err()
        .expect("over the share");
    assert!(refused.contains("429"), "{refused}");
    // ...and of new players.
    for (i, c) in held.iter_mut().enumerate().take(NEW_PLAYERS) {
        c.hello(&format!("Q{i}"));
    }
    held[NEW_PLAYERS].send(serde_json::json!({"type": "hello", "version": 3, "name": "Q"}));
    let said = held[NEW_PLAYERS].expect_error(ErrorCode::Limit);
    assert!(said.contains("new players"), "{said}");
    // Another client behind the same proxy is not locked out, and the share comes back.
    let mut other = connect(
        "127.0.0.1",
        &s.addr,
        &[("X-Real-IP", "198.51.100.8".into())],
    )
    .expect("another client");
    other.hello("Other");
    drop(held);
    std::thread::sleep(std::time::Duration::from_millis(300));
    connect("127.0.0.1", &s.addr, &same).expect("the share came back");
    // The proxy's own requests without headers count as the proxy.
    let (head, body) = s.get("/health");
    assert!(head.starts_with("HTTP/1.1 200"), "{head} {body}");
}

#[test]
fn forwarding_headers_from_an_untrusted_peer_are_ignored() {
    // 127.0.0.2 is the proxy; the clients come from 127.0.0.1 with headers of their own.
    let s = server("proxy-untrusted", &["--trusted-proxy", "127.0.0.2"]);
    let mut held = Vec::new();
    for i in 0..PER_ADDRESS {
        held.push(
            connect("127.0.0.1", &s.addr, &forwarded_as(i))
                .unwrap_or_else(|e| panic!("connection {i}: {e}")),
        );
    }
    let refused = connect("127.0.0.1", &s.addr, &forwarded_as(PER_ADDRESS))
        .err()
        .expect("limited as the peer");
    assert!(refused.contains("429"), "{refused}");
    // New players too are counted for the peer, whatever the headers say.
    for (i, c) in held.iter_mut().enumerate().take(NEW_PLAYERS) {
        c.hello(&format!("U{i}"));
    }
    held[NEW_PLAYERS].send(serde_json::json!({"type": "hello", "version": 3, "name": "U"}));
    held[NEW_PLAYERS].expect_error(ErrorCode::Limit);
    // The proxy itself is believed.
    let mut behind = connect("127.0.0.2", &s.addr, &forwarded_as(0)).expect("behind the proxy");
    behind.hello("Behind");
}
