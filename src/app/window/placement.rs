//! Places the window when the game starts (where the player left it when a screen still shows
//! that place, else fitted to the main screen), then shows it, and remembers its place as the
//! player moves, resizes or maximizes it (`window.json` with the other documents). Only with
//! [`RememberWindowPlace`].

use std::time::Duration;

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow, WindowMoved, WindowResized};
use bevy::winit::WINIT_WINDOWS;

use super::RememberWindowPlace;
use super::fit::{self, Placement, ScreenArea};
use crate::app::Storage;
use crate::players::WindowPlace;
use crate::store::Loaded;

/// Frames to wait for the system to name the screens before the window is shown as it is.
const WAIT_FOR_SCREENS: u32 = 30;
/// A change of place is saved once the window has stayed this long (a drag or a resize sends
/// a change every frame), or when the game exits.
const SETTLE: Duration = Duration::from_secs(1);

/// Whether the window has been put in its place yet.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
enum Placing {
    /// Waiting for the window and the screens.
    #[default]
    Waiting,
    /// Placed and shown: changes are remembered.
    Done,
}

/// The place saved last time, read at start (`None` the first time, or when the file was
/// damaged: then it was kept aside).
#[derive(Resource, Debug, Clone, Copy, Default)]
struct SavedPlace(Option<WindowPlace>);

/// The window's place as it is, as it was saved last, and since when it differs unsaved.
#[derive(Resource, Debug, Clone, Copy, Default)]
struct PlaceNow {
    place: Option<WindowPlace>,
    written: Option<WindowPlace>,
    unsaved_since: Option<Duration>,
}

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<RememberWindowPlace>() {
        return;
    }
    app.init_state::<Placing>()
        .add_systems(PreStartup, read_saved_place)
        .add_systems(Update, place_window.run_if(in_state(Placing::Waiting)))
        .add_systems(Last, remember_place.run_if(in_state(Placing::Done)));
}

fn read_saved_place(mut commands: Commands, storage: Res<Storage>) {
    let saved = match storage.load::<WindowPlace>() {
        Loaded::Found(place) => Some(place),
        Loaded::Missing => None,
        Loaded::Unreadable { problem, moved_to } => {
            warn!(
                "the window's place could not be read ({problem}); it opens fitted to the \
                 screen{}",
                moved_to.map_or(String::new(), |to| format!(" (the file is kept as {to})"))
            );
            None
        }
    };
    commands.insert_resource(SavedPlace(saved));
    commands.insert_resource(PlaceNow {
        written: saved,
        ..default()
    });
}

/// Puts the window in its place once the screens are known, and shows it.
fn place_window(
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    monitors: Query<(&Monitor, Has<PrimaryMonitor>)>,
    saved: Res<SavedPlace>,
    mut now: ResMut<PlaceNow>,
    mut waited: Local<u32>,
    mut placing: ResMut<NextState<Placing>>,
) {
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    // The main screen first.
    let mut screens: Vec<(bool, ScreenArea)> = monitors
        .iter()
        .map(|(monitor, primary)| {
            let area = ScreenArea {
                corner: monitor.physical_position,
                size: monitor.physical_size(),
                scale: monitor.scale_factor as f32,
            };
            (primary, area)
        })
        .collect();
    screens.sort_by_key(|(primary, _)| !primary);
    let screens: Vec<ScreenArea> = screens.into_iter().map(|(_, area)| area).collect();
    if screens.is_empty() {
        *waited += 1;
        if *waited < WAIT_FOR_SCREENS {
            return;
        }
        warn!("the system names no screen: the window opens at its default size");
        window.visible = true;
        placing.set(Placing::Done);
        return;
    }
    let restored = saved.0.as_ref().and_then(|place| {
        let restored = fit::restored(place, &screens);
        if restored.is_none() {
            info!("the window's last place is on no screen now: it opens on the main screen");
        }
        restored
    });
    let placement = restored.unwrap_or_else(|| fit::fitted(&screens[0]));
    apply(&mut window, &placement);
    now.place = Some(WindowPlace {
        position: Some((placement.corner.x, placement.corner.y)),
        size: (placement.size.x, placement.size.y),
        maximized: placement.maximized,
    });
    placing.set(Placing::Done);
}

fn apply(window: &mut Window, placement: &Placement) {
    window
        .resolution
        .set(placement.size.x as f32, placement.size.y as f32);
    window.position = WindowPosition::At(placement.corner);
    if placement.maximized {
        window.set_maximized(true);
    }
    window.visible = true;
}

/// Follows the window's moves and resizes, and saves its place once it stays put (or the game
/// exits). A maximized window keeps the place it had before, with the mark.
fn remember_place(
    windows: Query<(Entity, &Window), With<PrimaryWindow>>,
    mut moved: MessageReader<WindowMoved>,
    mut resized: MessageReader<WindowResized>,
    mut exits: MessageReader<AppExit>,
    time: Res<Time<Real>>,
    storage: Res<Storage>,
    mut now: ResMut<PlaceNow>,
    _main_thread: NonSendMarker,
) {
    let changed = moved.read().count() + resized.read().count() > 0;
    let exiting = exits.read().count() > 0;
    if (changed || exiting)
        && let Ok((entity, window)) = windows.single()
    {
        let place = place_of(entity, window, now.place);
        if place.is_some() && place != now.place {
            now.place = place;
            now.unsaved_since = Some(time.elapsed());
        }
    }
    let Some(since) = now.unsaved_since else {
        return;
    };
    if !exiting && time.elapsed() < since + SETTLE {
        return;
    }
    now.unsaved_since = None;
    let Some(place) = now.place.filter(|p| Some(*p) != now.written) else {
        return;
    };
    match storage.save(&place) {
        Ok(()) => now.written = Some(place),
        Err(e) => warn!("the window's place is not saved: {e}"),
    }
}

/// The window's place as the system shows it (`before`: its place until now). Where the
/// system can tell, its frame's corner and whether it is maximized come from the system
/// itself (a window manager may have moved it without a word); else from Bevy's window. A
/// minimized window keeps the place it had.
fn place_of(entity: Entity, window: &Window, before: Option<WindowPlace>) -> Option<WindowPlace> {
    let (corner, maximized, minimized) = WINIT_WINDOWS.with_borrow(|winit| {
        let Some(system) = winit.get_window(entity) else {
            return (None, false, false);
        };
        let corner = system.outer_position().ok().map(|p| (p.x, p.y));
        let minimized = system.is_minimized().unwrap_or(false);
        (corner, system.is_maximized(), minimized)
    });
    let size = (
        window.resolution.width().round() as u32,
        window.resolution.height().round() as u32,
    );
    if minimized || size.0 == 0 || size.1 == 0 {
        return before;
    }
    if maximized {
        return before.map(|before| WindowPlace {
            maximized: true,
            ..before
        });
    }
    let corner = corner.or(match window.position {
        WindowPosition::At(corner) => Some((corner.x, corner.y)),
        _ => before.and_then(|p| p.position),
    });
    Some(WindowPlace {
        position: corner,
        size,
        maximized: false,
    })
}
