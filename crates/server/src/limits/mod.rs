//! What one client may cost the server: connections per address, per network and in all, with
//! a reserve kept for seated players and first pages ([`connections`]), the caps the process's
//! file descriptors allow ([`descriptors`]), and how often an address (and its network) may do
//! what is cheap for it and dear for others ([`attempts`]: failed joins by code, new players),
//! all by the client's address, which behind a trusted proxy comes from its forwarding headers
//! ([`forwarded`]). Deadlines for slow request headers live in the [`super::listener`]; the
//! per-connection message rate in [`super::rate`].

pub mod attempts;
pub mod connections;
pub mod descriptors;
pub mod forwarded;

pub use attempts::{Attempts, after};
pub use connections::{Admitted, Caps, Connections, Refused, canonical, network};
