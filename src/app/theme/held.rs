//! What the interface holds of the screen in an egui pass: the panels along the window's edges
//! (each kept with [`hold`] as it is shown, see `widgets::show_panel`) and every window, menu
//! and area egui drew over the rest. A pointer there is the interface's: the board reads
//! [`held`] at the end of each pass and gives it none of those clicks.

use bevy_egui::egui;

/// The panels held in one pass: the pass's number, and their rectangles.
#[derive(Debug, Clone, Default)]
struct HeldPanels(u64, Vec<egui::Rect>);

/// Where the held panels are kept in egui's memory.
fn key() -> egui::Id {
    egui::Id::new("held_panels")
}

/// Keeps `rect` as held by the interface for the rest of this pass.
pub fn hold(ctx: &egui::Context, rect: egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|data| {
        let panels = data.get_temp_mut_or_default::<HeldPanels>(key());
        if panels.0 != pass {
            *panels = HeldPanels(pass, Vec::new());
        }
        panels.1.push(rect);
    });
}

/// Everything the interface holds in this pass, in points: the panels kept with [`hold`] and
/// every window, pop-up and area egui shows (or showed in the last pass), tooltips aside
/// (they take no clicks).
pub fn held(ctx: &egui::Context) -> Vec<egui::Rect> {
    let pass = ctx.cumulative_pass_nr();
    let panels = ctx
        .data(|data| data.get_temp::<HeldPanels>(key()))
        .filter(|p| p.0 == pass)
        .map(|p| p.1)
        .unwrap_or_default();
    let areas: Vec<egui::Rect> = ctx.memory(|memory| {
        memory
            .areas()
            .visible_layer_ids()
            .into_iter()
            // Not the background: egui keeps it as an area the size of the whole window (for
            // the panels' clicks), and the panels on it are held one by one above. Nor
            // tooltips, which take no clicks.
            .filter(|layer| {
                !matches!(
                    layer.order,
                    egui::Order::Background | egui::Order::Tooltip | egui::Order::Debug
                )
            })
            .filter_map(|layer| memory.area_rect(layer.id))
            .collect()
    });
    let screen = ctx.content_rect();
    panels
        .into_iter()
        .chain(areas)
        .map(|rect| rect.intersect(screen))
        .filter(|rect| rect.is_positive())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{SCREEN, run_frame};

    #[test]
    fn a_held_panel_and_a_window_are_held_and_the_last_pass_s_panels_are_not() {
        let ctx = egui::Context::default();
        let panel = egui::Rect::from_min_max(egui::pos2(1000.0, 0.0), SCREEN.max);
        let mut shown = Vec::new();
        run_frame(&ctx, SCREEN, Vec::new(), |ctx| {
            // Painted on the background, as the board's numbers and the panels are.
            ctx.layer_painter(egui::LayerId::background())
                .circle_filled(egui::pos2(50.0, 50.0), 4.0, egui::Color32::RED);
            hold(ctx, panel);
            egui::Window::new("A window")
                .id(egui::Id::new("a_window"))
                .fixed_pos(egui::pos2(100.0, 100.0))
                .show(ctx, |ui| ui.label("Over the board"));
            shown = held(ctx);
        });
        assert!(shown.contains(&panel), "{shown:?}");
        let window = ctx
            .memory(|m| m.area_rect(egui::Id::new("a_window")))
            .expect("shown");
        assert!(shown.contains(&window), "{shown:?}");
        // What lies between the panel and the window is nobody's: egui's background area
        // (the whole window, where panels and the board's text are painted) is not held.
        let free = egui::pos2(50.0, SCREEN.max.y - 50.0);
        assert!(
            !shown.iter().any(|r| r.contains(free)),
            "{free:?} is held: {shown:?}"
        );
        // The next pass shows no panel: none is held from the last one.
        run_frame(&ctx, SCREEN, Vec::new(), |ctx| shown = held(ctx));
        assert!(!shown.contains(&panel), "{shown:?}");
    }
}
