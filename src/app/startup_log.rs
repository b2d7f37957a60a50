//! What the game prints when it starts. A player sees the few lines they can act on, once each
//! (no sound device; drawing with a software renderer; a file that cannot be read), and none of
//! the libraries' chatter: the window system's and the graphics driver's remarks, and what the
//! sound library (ALSA) and the Vulkan device-selection layer print from C on a machine without
//! a sound card or a Wayland session. What it says comes in the game's own voice, as the lines
//! `main` writes itself: "gomoku: " and the words, plain (no level, no colour, whether stderr
//! is a terminal or a file). `--verbose` shows all of it, with times and sources.

use std::fmt;

use bevy::log::tracing::{Event, Subscriber};
use bevy::log::tracing_subscriber::fmt::format::Writer;
use bevy::log::tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields, MakeWriter};
use bevy::log::tracing_subscriber::registry::LookupSpan;
use bevy::log::tracing_subscriber::{self, Layer};
use bevy::log::{BoxedFmtLayer, DEFAULT_FILTER, Level, LogPlugin};

/// How every line the game writes on stderr begins.
pub const VOICE: &str = "gomoku: ";

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

/// One line a message, in the game's voice, on stderr (see [`in_the_games_voice`]).
fn short_lines(_: &mut bevy::app::App) -> Option<BoxedFmtLayer> {
    Some(Box::new(in_the_games_voice(std::io::stderr)))
}

/// A log layer that writes each message to `writer` as the game's own lines are written:
/// "gomoku: no sound device was found; the game plays without sound". No level, time, source
/// or colour escapes; the libraries' messages the game knows are put in its words, the others
/// begin in lower case as its own do.
pub fn in_the_games_voice<S, W>(writer: W) -> impl Layer<S> + Send + Sync + 'static
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    tracing_subscriber::fmt::Layer::default()
        .with_ansi(false)
        .event_format(GameVoice)
        .with_writer(writer)
}

/// The event format of [`in_the_games_voice`].
struct GameVoice;

impl<S, N> FormatEvent<S, N> for GameVoice
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let mut said = String::new();
        ctx.format_fields(Writer::new(&mut said), event)?;
        writeln!(writer, "{VOICE}{}", in_the_games_words(&said))
    }
}

/// A library's message in the game's words: the ones a player meets said as the game says its
/// own (the software renderer's line), the others with a lower-case first word (unless it is
/// a name in capitals, "ALSA ...").
fn in_the_games_words(message: &str) -> String {
    match message.trim() {
        // bevy_audio, on a machine without a sound card (or with its device taken).
        "No audio device found." => {
            "no sound device was found; the game plays without sound".into()
        }
        message => {
            let mut chars = message.chars();
            match (chars.next(), chars.next()) {
                (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
                    first
                        .to_lowercase()
                        .chain(message.chars().skip(1))
                        .collect()
                }
                _ => message.to_owned(),
            }
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    /// Mesa's Vulkan device-selection layer asks the Wayland compositor which screen is in use;
    /// outside a Wayland session (no `XDG_RUNTIME_DIR`, as under `su`, ssh or Xvfb) libwayland
    /// prints an error for each Vulkan instance. There is no compositor to ask then, so the
    /// layer is told to stand aside (wgpu still picks the device). ALSA prints eight lines
    /// when there is no sound card; its messages go to a buffer instead (Bevy's one warning,
    /// "No audio device found.", stays, in the game's words). Bevy opens the sound device on this thread.
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
    use std::sync::{Arc, Mutex};

    use bevy::log::tracing_subscriber::layer::SubscriberExt;

    /// What a subscriber with [`in_the_games_voice`] writes for `log`.
    fn written(log: impl FnOnce()) -> String {
        let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
        let sink = buffer.clone();
        let writer = move || SharedBuffer(sink.clone());
        let subscriber = tracing_subscriber::registry().with(in_the_games_voice(writer));
        bevy::log::tracing::subscriber::with_default(subscriber, log);
        let bytes = buffer.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for SharedBuffer {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_warning_is_said_in_the_games_voice_without_colour() {
        let said = written(|| {
            bevy::log::warn!("No audio device found.");
            bevy::log::error!("Failed to read the file");
            bevy::log::warn!("ALSA is away");
        });
        assert_eq!(
            said,
            "gomoku: no sound device was found; the game plays without sound\n\
             gomoku: failed to read the file\n\
             gomoku: ALSA is away\n"
        );
        assert!(!said.contains('\x1b'), "no colour escapes: {said:?}");
        assert!(!said.contains("WARN"), "no level: {said:?}");
    }

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
