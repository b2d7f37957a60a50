//! Scripted runs that capture what the game shows: [`screenshot`] (`--screenshot FILE`) and
//! [`frame_report`] (`--frame-report FILE`); and, for tests, a harness that runs egui windows
//! without Bevy or a renderer.

#[cfg(test)]
pub(crate) mod egui_harness;
pub mod frame_report;
pub mod screenshot;
