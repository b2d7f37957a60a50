//! Password hashing: Argon2id (RFC 9106) with OWASP's parameters, run off the hub on tokio's
//! blocking threads, one at a time. Hashing is slow on purpose (tens of milliseconds and
//! 19 MiB each), so a crowd of sign-ins must never stall the games: they queue for one permit,
//! and past [`MAX_WAITING`] waiting the next is refused at once as busy.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

/// Memory per hash, in KiB (OWASP's password storage cheat sheet: 19 MiB).
pub const MEMORY_KIB: u32 = 19 * 1024;
/// Passes over the memory.
pub const ITERATIONS: u32 = 2;
/// Lanes.
pub const PARALLELISM: u32 = 1;
/// Hashes computed at once.
const AT_ONCE: usize = 1;
/// Sign-ins and password changes that may wait for their turn; more are refused as busy.
pub const MAX_WAITING: usize = 64;

/// The server is hashing as many passwords as it queues: try again shortly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

/// Hashes and checks passwords.
pub struct Passwords {
    argon: Argon2<'static>,
    permits: Semaphore,
    waiting: AtomicUsize,
    /// A hash of a random password, checked against for an unknown name so that it takes as
    /// long as a wrong password.
    decoy: String,
}

impl Passwords {
    /// The hasher with the stated parameters.
    pub fn new() -> Arc<Passwords> {
        let params = Params::new(MEMORY_KIB, ITERATIONS, PARALLELISM, None)
            .expect("the stated Argon2 parameters are valid");
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let decoy = hash_with(&argon, &crate::tokens::Tokens::default().secret())
            .expect("a random password hashes");
        Arc::new(Passwords {
            argon,
            permits: Semaphore::new(AT_ONCE),
            waiting: AtomicUsize::new(0),
            decoy,
        })
    }

    /// The PHC string of `password` (algorithm, parameters, salt and hash).
    pub async fn hash(self: &Arc<Self>, password: String) -> Result<Result<String, String>, Busy> {
        let me = self.clone();
        self.in_turn(move || hash_with(&me.argon, &password)).await
    }

    /// Whether `password` matches `stored` (a PHC string); with no stored hash (an unknown
    /// name, an account without a password) the check takes as long and says no.
    pub async fn verify(
        self: &Arc<Self>,
        stored: Option<String>,
        password: String,
    ) -> Result<bool, Busy> {
        let me = self.clone();
        self.in_turn(move || {
            let (phc, real) = match &stored {
                Some(s) => (s.as_str(), true),
                None => (me.decoy.as_str(), false),
            };
            let matches = PasswordHash::new(phc)
                .is_ok_and(|h| me.argon.verify_password(password.as_bytes(), &h).is_ok());
            real && matches
        })
        .await
    }

    /// Runs `work` on a blocking thread when its turn comes, unless too many wait already.
    async fn in_turn<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Busy);
        }
        let permit = self.permits.acquire().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let _permit = permit.map_err(|_| Busy)?;
        tokio::task::spawn_blocking(work).await.map_err(|_| Busy)
    }
}

fn hash_with(argon: &Argon2<'_>, password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    rand::fill(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| format!("salt: {e}"))?;
    argon
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_hashes_to_argon2id_and_checks() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(checks());
    }

    async fn checks() {
        let p = Passwords::new();
        let stored = p.hash("correct horse".into()).await.unwrap().unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(!stored.contains("correct horse"));
        assert_eq!(
            p.verify(Some(stored.clone()), "correct horse".into()).await,
            Ok(true)
        );
        assert_eq!(
            p.verify(Some(stored.clone()), "correct horsf".into()).await,
            Ok(false)
        );
        assert_eq!(p.verify(None, "correct horse".into()).await, Ok(false));
        let again = p.hash("correct horse".into()).await.unwrap().unwrap();
        assert_ne!(stored, again, "each hash has its own salt");
    }
}
