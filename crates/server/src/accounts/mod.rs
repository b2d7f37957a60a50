//! Accounts off the hub's lock: the requests whose passwords are checked or hashed with
//! Argon2id ([`passwords`]) go through [`flow`], which asks the hub what to check, checks it on
//! a blocking thread, and brings the verdict back. The rest of the accounts' work (sessions,
//! pairing codes, the account's games) is quick and lives in the hub
//! ([`crate::hub::account`]), its storage in [`crate::storage::accounts`].

pub mod flow;
pub mod passwords;

pub use passwords::Passwords;
