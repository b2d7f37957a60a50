//! The process's file descriptor limit, raised to its hard limit at start, and the connection
//! caps it allows: every connection is a descriptor, and the server needs some of its own
//! beside them (the database, the web build's files, `/health`, a refused connection's
//! answer), so a cap above what the descriptors allow would end in failed accepts instead of
//! clear refusals.

/// The most descriptors asked for when the hard limit is unlimited (or very large).
const AT_MOST: u64 = 1 << 20;

/// What raising the limit did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Descriptors {
    /// The soft limit found at start.
    pub before: u64,
    /// The soft limit now.
    pub now: u64,
    /// The hard limit (what `now` could be raised to).
    pub hard: u64,
}

impl Descriptors {
    /// The log line saying what was set.
    pub fn describe(&self) -> String {
        if self.now > self.before {
            format!(
                "file descriptors: raised the limit from {} to {} (the hard limit is {})",
                self.before, self.now, self.hard
            )
        } else {
            format!(
                "file descriptors: the limit is {} (the hard limit is {})",
                self.now, self.hard
            )
        }
    }
}

/// Descriptors kept for the server's own use when `limit` is the descriptor limit: 64, and a
/// sixteenth beyond 1024.
pub fn headroom(limit: u64) -> u64 {
    64 + limit.saturating_sub(1024) / 16
}

/// The connections `limit` descriptors allow (at least 1): the limit less its
/// [`headroom`].
pub fn connections_allowed(limit: u64) -> usize {
    let allowed = limit.saturating_sub(headroom(limit)).max(1);
    usize::try_from(allowed).unwrap_or(usize::MAX)
}

/// Raises the soft descriptor limit to the hard one (at most 2^20), and says what it is now.
#[cfg(unix)]
pub fn raise() -> Result<Descriptors, String> {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let found = getrlimit(Resource::Nofile);
    let before = found.current.unwrap_or(u64::MAX);
    let hard = found.maximum.unwrap_or(u64::MAX);
    let wanted = hard.min(AT_MOST).max(before.min(AT_MOST));
    if wanted > before {
        let new = rustix::process::Rlimit {
            current: Some(wanted),
            maximum: found.maximum,
        };
        if let Err(e) = setrlimit(Resource::Nofile, new) {
            return Err(format!(
                "file descriptors: could not raise the limit from {before} to {wanted}: {e}"
            ));
        }
    }
    let now = getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX);
    Ok(Descriptors {
        before,
        now: now.min(AT_MOST),
        hard,
    })
}

/// The descriptor limit now, unchanged.
#[cfg(unix)]
pub fn limit() -> u64 {
    let found = rustix::process::getrlimit(rustix::process::Resource::Nofile);
    found.current.unwrap_or(u64::MAX).min(AT_MOST)
}

/// Elsewhere the limit is not known: the caps stay as given.
#[cfg(not(unix))]
pub fn raise() -> Result<Descriptors, String> {
    Err("file descriptors: the limit is not known on this system".to_owned())
}

/// Elsewhere the limit is not known: as good as none.
#[cfg(not(unix))]
pub fn limit() -> u64 {
    AT_MOST
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_leave_room_for_the_servers_own_descriptors() {
        assert_eq!(connections_allowed(512), 448);
        assert_eq!(connections_allowed(1024), 960);
        assert_eq!(connections_allowed(20_000), 20_000 - 64 - 1186);
        assert_eq!(connections_allowed(10), 1, "never none");
        assert_eq!(
            connections_allowed(AT_MOST),
            (AT_MOST - 64 - 65_472) as usize
        );
    }

    #[test]
    fn max_connections_is_lowered_to_what_the_descriptors_allow() {
        let config = crate::Config::default();
        let caps = crate::connection_caps(&config, 512);
        assert_eq!(
            (caps.total, caps.reserve, caps.half_open, caps.per_network),
            (448, 22, 112, 56)
        );
        assert_eq!(caps.per_address, 64);
        let roomy = crate::connection_caps(&config, 1 << 20);
        assert_eq!(
            roomy.total, 10_000,
            "as asked when the descriptors allow it"
        );
    }

    #[cfg(unix)]
    #[test]
    fn raising_reaches_the_hard_limit_and_says_so() {
        let d = raise().unwrap();
        assert_eq!(d.now, d.hard.min(AT_MOST));
        assert_eq!(limit(), d.now);
        assert!(
            d.describe().contains(&d.now.to_string()),
            "{}",
            d.describe()
        );
    }
}
