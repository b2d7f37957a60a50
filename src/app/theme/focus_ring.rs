//! The keyboard focus, made plain: a ring in the theme's focus colour around the control that
//! has it, a few points out from its edge, so it reads on any fill (the accent of a primary
//! button as well as a plain one). egui's own focused look is only its pressed look; this ring
//! is drawn after every window, in the focused control's own layer (so a window over it still
//! covers it).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Palette;
use super::style::{BUTTON_RADIUS, colour32};

/// Points between a control's edge and its focus ring.
const GAP: f32 = 3.0;

/// Draws the ring around the focused control, if there is one.
pub(super) fn focus_ring(mut contexts: EguiContexts, palette: Res<Palette>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let width = if palette.ui.dark { 2.0 } else { 3.0 };
    paint_focus_ring(ctx, egui::Stroke::new(width, colour32(palette.ui.focus)));
    Ok(())
}

/// Paints `stroke` around the control with the keyboard focus in this pass; returns where.
pub fn paint_focus_ring(ctx: &egui::Context, stroke: egui::Stroke) -> Option<egui::Rect> {
    let id = ctx.memory(|m| m.focused())?;
    let response = ctx.read_response(id)?;
    // Scrolled out of sight: no ring.
    if !response.interact_rect.is_positive() {
        return None;
    }
    let out = GAP + stroke.width / 2.0;
    let ring = response.rect.expand(out);
    let clip = response.interact_rect.expand(out + stroke.width);
    ctx.layer_painter(response.layer_id)
        .with_clip_rect(clip)
        .rect_stroke(
            ring,
            BUTTON_RADIUS as f32 + out,
            stroke,
            egui::StrokeKind::Middle,
        );
    Some(ring)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{SCREEN, run_frame};

    #[test]
    fn the_focused_control_gets_a_ring_and_only_it() {
        let ctx = egui::Context::default();
        let stroke = egui::Stroke::new(2.0, egui::Color32::from_rgb(255, 200, 100));
        let mut rects = Vec::new();
        for frame in 0..2 {
            let output = run_frame(&ctx, SCREEN, Vec::new(), |ctx| {
                egui::Area::new(egui::Id::new("area")).show(ctx, |ui| {
                    let a = ui.button("A");
                    let b = ui.button("B");
                    if frame == 0 {
                        assert_eq!(paint_focus_ring(ctx, stroke), None, "no focus yet");
                        b.request_focus();
                    }
                    rects = vec![a.rect, b.rect];
                });
                if frame == 1 {
                    let ring = paint_focus_ring(ctx, stroke).expect("a ring");
                    assert_eq!(ring, rects[1].expand(GAP + 1.0));
                }
            });
            let rings = output
                .shapes
                .iter()
                .filter(|s| matches!(&s.shape, egui::Shape::Rect(r) if r.stroke == stroke))
                .count();
            assert_eq!(rings, frame, "frame {frame}");
        }
    }
}
