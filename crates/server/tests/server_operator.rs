//! What an operator watches: `/health` says whether the database answers, `/metrics` counts
//! connections, rooms, games, moves and their latency in Prometheus' text format.

mod server_support;

use std::time::{Duration, Instant};

use server_support::{Pair, Server, pg, settings, temp_dir};

fn metric(page: &str, name: &str) -> f64 {
    page.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("{name} missing from\n{page}"))
        .parse()
        .unwrap()
}

#[test]
fn metrics_count_connections_games_and_moves() {
    let server = Server::start(&temp_dir("metrics").join("db.sqlite"), &[]);
    let (status, page) = server.get("/metrics");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert_eq!(metric(&page, "gomoku_moves_total"), 0.0);
    let mut p = Pair::new(&server, settings("Freestyle", 15, None, false));
    p.play(0, 7, 7);
    p.play(1, 8, 8);
    p.play(2, 7, 8);
    let (_, page) = server.get("/metrics");
    assert_eq!(metric(&page, "gomoku_moves_total"), 3.0);
    assert_eq!(metric(&page, "gomoku_move_latency_seconds_count"), 3.0);
    assert_eq!(
        metric(&page, "gomoku_move_latency_seconds_bucket{le=\"+Inf\"}"),
        3.0
    );
    assert!(metric(&page, "gomoku_move_latency_seconds_sum") > 0.0);
    assert_eq!(metric(&page, "gomoku_games_in_play"), 1.0);
    assert_eq!(metric(&page, "gomoku_rooms"), 1.0);
    // The two players, and this request.
    assert!(metric(&page, "gomoku_connections") >= 3.0, "{page}");
    assert_eq!(metric(&page, "gomoku_database_errors_total"), 0.0);
    assert!(page.contains("# TYPE gomoku_move_latency_seconds histogram"));
}

#[test]
fn health_says_when_the_database_stops_answering() {
    let dir = temp_dir("health").join("pg");
    let url = pg::start_cluster(&dir);
    let server = Server::start_postgres(&url, &dir.with_extension("log"), &[]);
    assert_eq!(
        server.get("/health"),
        ("HTTP/1.1 200 OK".to_string(), "ok".to_string())
    );
    pg::stop_cluster(&dir);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, body) = server.get("/health");
        if status.starts_with("HTTP/1.1 503") {
            assert!(body.starts_with("database unreachable"), "{body}");
            break;
        }
        assert!(Instant::now() < deadline, "still {status} {body}");
        std::thread::sleep(Duration::from_millis(200));
    }
}
