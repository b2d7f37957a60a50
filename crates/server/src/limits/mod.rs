//! What one client may cost the server: connections per address and in all ([`connections`]),
//! and how often an address may do what is cheap for it and dear for others ([`attempts`]:
//! failed joins by code, new players), both by the client's address, which behind a trusted
//! proxy comes from its forwarding headers ([`forwarded`]). Deadlines for slow request headers
//! live in the [`super::listener`]; the per-connection message rate in [`super::rate`].

pub mod attempts;
pub mod connections;
pub mod forwarded;

pub use attempts::{Attempts, after};
pub use connections::{Admitted, Connections, Refused, canonical};
