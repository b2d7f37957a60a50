//! `/metrics`: the operator's figures in Prometheus' text format (version 0.0.4).
//!
//! Counters and the move-latency histogram are atomics the hub adds to as it works; the
//! gauges (connections, rooms, games in play) are read when the page is asked for.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The move-latency histogram's upper bounds, in seconds: from a message read to its move
/// stored and sent to the room.
const MOVE_BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// What the server counts as it runs.
#[derive(Debug, Default)]
pub struct Metrics {
    moves: AtomicU64,
    database_errors: AtomicU64,
    relayed: AtomicU64,
    move_buckets: [AtomicU64; MOVE_BUCKETS.len()],
    move_count: AtomicU64,
    move_micros: AtomicU64,
}

/// The gauges, read at the moment of asking.
#[derive(Debug, Clone, Copy, Default)]
pub struct Gauges {
    /// Open client connections (sockets on this server).
    pub connections: usize,
    /// Rooms this server holds (waiting, playing, or finished and kept for late watchers).
    pub rooms: usize,
    /// Games being played that this server decides.
    pub games_in_play: usize,
}

impl Metrics {
    /// A move was stored and told, `took` after its message was read.
    pub fn moved(&self, took: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        let secs = took.as_secs_f64();
        for (bound, count) in MOVE_BUCKETS.iter().zip(&self.move_buckets) {
            if secs <= *bound {
                count.fetch_add(1, Ordering::Relaxed);
            }
        }
        self.move_count.fetch_add(1, Ordering::Relaxed);
        self.move_micros.fetch_add(
            took.as_micros().min(u128::from(u64::MAX)) as u64,
            Ordering::Relaxed,
        );
    }

    /// The database refused or failed an operation.
    pub fn database_error(&self) {
        self.database_errors.fetch_add(1, Ordering::Relaxed);
    }

    /// A client's message was passed to the server deciding its game.
    pub fn relayed(&self) {
        self.relayed.fetch_add(1, Ordering::Relaxed);
    }

    /// The page.
    pub fn render(&self, g: Gauges) -> String {
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, value: String| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        metric(
            "gomoku_connections",
            "gauge",
            "Open client connections on this server.",
            g.connections.to_string(),
        );
        metric(
            "gomoku_rooms",
            "gauge",
            "Rooms this server holds (waiting, playing, or finished and kept for watchers).",
            g.rooms.to_string(),
        );
        metric(
            "gomoku_games_in_play",
            "gauge",
            "Games being played that this server decides.",
            g.games_in_play.to_string(),
        );
        metric(
            "gomoku_moves_total",
            "counter",
            "Moves stored and told.",
            self.moves.load(Ordering::Relaxed).to_string(),
        );
        metric(
            "gomoku_database_errors_total",
            "counter",
            "Database operations that failed.",
            self.database_errors.load(Ordering::Relaxed).to_string(),
        );
        metric(
            "gomoku_relayed_messages_total",
            "counter",
            "Client messages passed to the server deciding their game.",
            self.relayed.load(Ordering::Relaxed).to_string(),
        );
        let name = "gomoku_move_latency_seconds";
        let _ = writeln!(
            out,
            "# HELP {name} From a move's message read to the move stored and sent to its room.\n\
             # TYPE {name} histogram"
        );
        for (bound, count) in MOVE_BUCKETS.iter().zip(&self.move_buckets) {
            let _ = writeln!(
                out,
                "{name}_bucket{{le=\"{bound}\"}} {}",
                count.load(Ordering::Relaxed)
            );
        }
        let count = self.move_count.load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(
            out,
            "{name}_sum {}",
            self.move_micros.load(Ordering::Relaxed) as f64 / 1e6
        );
        let _ = writeln!(out, "{name}_count {count}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_prometheus_text_with_cumulative_buckets() {
        let m = Metrics::default();
        m.moved(Duration::from_micros(300));
        m.moved(Duration::from_millis(3));
        m.moved(Duration::from_secs(5));
        m.database_error();
        let page = m.render(Gauges {
            connections: 7,
            rooms: 3,
            games_in_play: 2,
        });
        for line in [
            "# TYPE gomoku_connections gauge",
            "gomoku_connections 7",
            "gomoku_rooms 3",
            "gomoku_games_in_play 2",
            "# TYPE gomoku_moves_total counter",
            "gomoku_moves_total 3",
            "gomoku_database_errors_total 1",
            "# TYPE gomoku_move_latency_seconds histogram",
            "gomoku_move_latency_seconds_bucket{le=\"0.0005\"} 1",
            "gomoku_move_latency_seconds_bucket{le=\"0.001\"} 1",
            "gomoku_move_latency_seconds_bucket{le=\"0.005\"} 2",
            "gomoku_move_latency_seconds_bucket{le=\"2.5\"} 2",
            "gomoku_move_latency_seconds_bucket{le=\"+Inf\"} 3",
            "gomoku_move_latency_seconds_count 3",
        ] {
            assert!(
                page.lines().any(|l| l == line),
                "{line} missing from\n{page}"
            );
        }
        let sum: f64 = page
            .lines()
            .find_map(|l| l.strip_prefix("gomoku_move_latency_seconds_sum "))
            .unwrap()
            .parse()
            .unwrap();
        assert!((sum - 5.0033).abs() < 1e-6, "{sum}");
    }
}
