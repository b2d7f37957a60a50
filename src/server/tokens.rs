//! Secrets and codes: player tokens, seat tokens and invite codes, from a seeded CSPRNG.

use rand::RngExt;
use rand::rngs::StdRng;

/// Letters of invite codes: no 0/O or 1/I/L to misread.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in an invite code.
const CODE_LEN: usize = 6;
/// Random bytes in a token (written as twice as many hex digits).
const TOKEN_BYTES: usize = 24;

/// Makes tokens and codes.
pub struct Tokens {
    rng: StdRng,
}

impl Default for Tokens {
    fn default() -> Self {
        Tokens {
            rng: rand::make_rng(),
        }
    }
}

impl Tokens {
    /// A new secret: 48 hex digits.
    pub fn secret(&mut self) -> String {
        let mut bytes = [0u8; TOKEN_BYTES];
        self.rng.fill(&mut bytes);
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// A new invite code: six letters and digits that are hard to misread.
    pub fn code(&mut self) -> String {
        (0..CODE_LEN)
            .map(|_| CODE_ALPHABET[self.rng.random_range(0..CODE_ALPHABET.len())] as char)
            .collect()
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.rng.random_range(0..2) == 0
    }
}

/// Compares two secrets in time independent of where they first differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
