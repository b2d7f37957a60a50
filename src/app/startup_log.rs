//! What the game prints when it starts. A player sees the few lines they can act on, once each
//! (no sound device; drawing with a software renderer; a file that cannot be read), and none of
//! the libraries' chatter: the window system's and the graphics driver's remarks, and what the
//! sound library (ALSA) and the Vulkan device-selection layer print from C on a machine without
//! a sound card or a Wayland session. `--verbose` shows all of it, with times and sources.

use bevy::log::tracing_subscriber;
use bevy::log::{BoxedFmtLayer, DEFAULT_FILTER, Level, LogPlugin};

/// The libraries whose warnings a player cannot act on, heard only when they fail outright.
/// (The game says itself what matters of them: see `window::renderer`.)
const QUIET_FILTER: &str = "wgpu=error,naga=error,winit=error,bevy_winit=error,\
     bevy_render=error,bevy_egui=error,calloop=error";

/// How much the game says while it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Verbosity {
    /// Warnings and errors, in short lines (the default).
    #[default]
    Quiet,
    /// Everything the game and its libraries log, with times and sources (`--verbose`).
    Verbose,
}

impl Verbosity {
    /// Bevy's log settings for this verbosity (`RUST_LOG`, when set, still decides the filter).
    pub fn log_plugin(self) -> LogPlugin {
        match self {
            Verbosity::Quiet => LogPlugin {
                filter: QUIET_FILTER.to_string(),
                level: Level::WARN,
                fmt_layer: short_lines,
                ..Default::default()
            },
            Verbosity::Verbose => LogPlugin {
                filter: DEFAULT_FILTER.to_string(),
                level: Level::INFO,
                ..Default::default()
            },
        }
    }

    /// Keeps the system libraries' C code from printing to the terminal, unless verbose. Call
    /// it first thing in `main`, on the main thread, before any other thread starts.
    pub fn quiet_system_libraries(self) {
        if self == Verbosity::Verbose {
            return;
        }
        #[cfg(target_os = "linux")]
        linux::quiet();
    }
}

/// One line a message, without the time and the module: "WARN No audio device found.".
fn short_lines(_: &mut bevy::app::App) -> Option<BoxedFmtLayer> {
    Some(Box::new(
        tracing_subscriber::fmt::Layer::default()
            .without_time()
            .with_target(false)
            .with_writer(std::io::stderr),
    ))
}

#[cfg(target_os = "linux")]
mod linux {
    /// Mesa's Vulkan device-selection layer asks the Wayland compositor which screen is in use;
    /// outside a Wayland session (no `XDG_RUNTIME_DIR`, as under `su`, ssh or Xvfb) libwayland
    /// prints an error for each Vulkan instance. There is no compositor to ask then, so the
    /// layer is told to stand aside (wgpu still picks the device). ALSA prints eight lines
    /// when there is no sound card; its messages go to a buffer instead (Bevy's one warning,
    /// "No audio device found.", stays). Bevy opens the sound device on this thread.
    #[allow(unsafe_code)] // std::env::set_var, before any other thread exists.
    pub(super) fn quiet() {
        let no_wayland = std::env::var_os("WAYLAND_DISPLAY").is_none()
            && std::env::var_os("XDG_RUNTIME_DIR").is_none();
        if no_wayland && std::env::var_os("NODEVICE_SELECT").is_none() {
            // SAFETY: called first thing in `main`, before any other thread exists (see
            // `Verbosity::quiet_system_libraries`), so nothing reads the environment meanwhile.
            unsafe { std::env::set_var("NODEVICE_SELECT", "1") };
        }
        match alsa::Output::local_error_handler() {
            // The handler's buffer lives as long as the thread: the game's whole run.
            Ok(buffer) => std::mem::forget(buffer),
            Err(e) => bevy::log::debug!("ALSA's messages are not caught: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hides_the_libraries_warnings_and_verbose_shows_them() {
        let quiet = Verbosity::Quiet.log_plugin();
        assert_eq!(quiet.level, Level::WARN);
        assert!(quiet.filter.contains("winit=error"));
        assert!(quiet.filter.contains("bevy_render=error"));
        assert!(
            !quiet.filter.contains("bevy_audio"),
            "no sound device is said"
        );
        let verbose = Verbosity::Verbose.log_plugin();
        assert_eq!(verbose.level, Level::INFO);
        assert_eq!(verbose.filter, DEFAULT_FILTER);
    }
}
