//! Whether this machine can draw the game at all, asked before the window opens: the system's
//! graphics API (Vulkan on Linux, Metal on macOS, Direct3D 12 on Windows; `WGPU_BACKEND` may
//! choose another) must find a device, a real one or a software renderer such as Mesa's
//! llvmpipe. When none is found the player gets one paragraph saying what to install, instead
//! of Bevy's panic with a backtrace.

use bevy::render::settings::{Backends, WgpuSettings};

/// The device the game will draw with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Renderer {
    /// The graphics APIs the renderer may use (the one that found a device).
    pub backends: Backends,
    /// The device's name ("llvmpipe (LLVM 19.1.7, 256 bits)", "AMD Radeon ...").
    pub name: String,
    /// Whether it draws on the processor (a software renderer: slower, but it works).
    pub software: bool,
}

impl Renderer {
    /// Bevy's renderer settings for this device's graphics API.
    pub fn settings(&self) -> WgpuSettings {
        WgpuSettings {
            backends: Some(self.backends),
            ..Default::default()
        }
    }

    /// The one line the log says about a software renderer, if this is one.
    pub fn notice(&self) -> Option<String> {
        self.software.then(|| {
            format!(
                "gomoku: drawing with a software renderer ({}): no graphics card driver was \
                 found; the game works, more slowly",
                self.name
            )
        })
    }
}

/// Looks for a device the game can draw with; the error is the advice for the player.
pub fn find() -> Result<Renderer, String> {
    let backends = Backends::from_env().unwrap_or(Backends::PRIMARY);
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends,
        ..wgpu::InstanceDescriptor::new_without_display_handle_from_env()
    });
    let options = wgpu::RequestAdapterOptions::default();
    match bevy::tasks::block_on(instance.request_adapter(&options)) {
        Ok(adapter) => {
            let info = adapter.get_info();
            Ok(Renderer {
                backends: Backends::from(info.backend),
                name: info.name,
                software: info.device_type == wgpu::DeviceType::Cpu,
            })
        }
        Err(_) => Err(no_driver_advice(backends)),
    }
}

/// Whether there is a screen to open a window on (on Linux and the BSDs, an X11 or Wayland
/// display named by the environment); the error is the advice for the player, instead of the
/// windowing library's panic.
pub fn find_display() -> Result<(), String> {
    let unix_desktop = cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd",
        target_os = "dragonfly"
    ));
    let named = ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()));
    if !unix_desktop || named {
        return Ok(());
    }
    Err(
        "gomoku: there is no screen to open the game's window on: neither DISPLAY (X11) nor \
         WAYLAND_DISPLAY (Wayland) is set.\nStart the game from a desktop session (over ssh: \
         `ssh -X`), or, to run it without a screen, under Xvfb: `xvfb-run -a gomoku`."
            .to_string(),
    )
}

/// What to tell a player whose machine has no graphics driver for `backends`.
pub fn no_driver_advice(backends: Backends) -> String {
    let api = if backends.contains(Backends::VULKAN) {
        "Vulkan"
    } else if backends.contains(Backends::METAL) {
        "Metal"
    } else if backends.contains(Backends::DX12) {
        "Direct3D 12"
    } else {
        "the graphics API chosen by WGPU_BACKEND"
    };
    let install = if cfg!(target_os = "linux") {
        "On Debian or Ubuntu, install Mesa's Vulkan driver and the Vulkan loader (they include a \
         software renderer that needs no graphics card):\n\n    sudo apt-get install \
         mesa-vulkan-drivers libvulkan1\n\n(`make run` installs them), or your graphics card's \
         own Vulkan driver; on other systems, their Vulkan driver package."
    } else {
        "Update the graphics driver of this computer (from its maker or the system's updates)."
    };
    format!(
        "gomoku: no graphics driver was found to draw the game's window: {api} found no device \
         on this machine.\n{install}\nThen start the game again."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_advice_names_the_api_and_what_to_install() {
        let advice = no_driver_advice(Backends::VULKAN);
        assert!(advice.contains("Vulkan found no device"), "{advice}");
        if cfg!(target_os = "linux") {
            assert!(
                advice.contains("mesa-vulkan-drivers libvulkan1"),
                "{advice}"
            );
        }
        let renderer = Renderer {
            backends: Backends::VULKAN,
            name: "llvmpipe".into(),
            software: true,
        };
        assert!(
            renderer
                .notice()
                .unwrap()
                .contains("software renderer (llvmpipe)")
        );
        assert_eq!(renderer.settings().backends, Some(Backends::VULKAN));
    }
}
