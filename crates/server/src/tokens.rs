//! Secrets and codes: player tokens, seat tokens and invite codes, from a seeded CSPRNG.

use rand::RngExt;
use rand::rngs::StdRng;

/// Letters of invite codes: no 0/O or 1/I/L to misread.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in a public game's code (listed for anyone to watch: no secret).
const CODE_LEN: usize = 6;
/// Characters in a private game's invite code: 13 of 31 letters are 64 bits, so guessing one
/// is hopeless even without the limit on failed joins.
pub const PRIVATE_CODE_LEN: usize = 13;
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

    /// A new public game's code: six letters and digits that are hard to misread.
    pub fn code(&mut self) -> String {
        self.letters(CODE_LEN)
    }

    /// A new private game's invite code: [`PRIVATE_CODE_LEN`] letters and digits.
    pub fn private_code(&mut self) -> String {
        self.letters(PRIVATE_CODE_LEN)
    }

    /// `n` letters and digits that are hard to misread (invite and pairing codes).
    pub fn letters(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| CODE_ALPHABET[self.rng.random_range(0..CODE_ALPHABET.len())] as char)
            .collect()
    }

    /// A number in `range`.
    pub fn number(&mut self, range: std::ops::Range<u32>) -> u32 {
        self.rng.random_range(range)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_codes_carry_at_least_60_bits() {
        let bits = PRIVATE_CODE_LEN as f64 * (CODE_ALPHABET.len() as f64).log2();
        assert!(bits >= 60.0, "{bits}");
        let mut t = Tokens::default();
        let code = t.private_code();
        assert_eq!(code.len(), PRIVATE_CODE_LEN);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)));
        assert_ne!(code, t.private_code());
    }
}
