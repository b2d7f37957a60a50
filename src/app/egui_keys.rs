//! The keyboard as egui gets it, key by key with the modifiers held at that key. bevy_egui
//! reads the modifier keys once a frame, as they stand at its end, and gives every key of the
//! frame those: Ctrl+A pressed and let go within one frame (a quick chord, or a slow frame
//! under software rendering) reached a text box as the letter "a", and Ctrl+V as "v". This
//! writes the same events as bevy_egui's keyboard reader, which it turns off, with each key's
//! own modifiers.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardFocusLost, KeyboardInput};
use bevy::prelude::*;
use bevy_egui::helpers::{bevy_to_egui_key, bevy_to_egui_physical_key};
use bevy_egui::input::{EguiContextMessageReader, EguiInputEvent, ModifierKeysState};
use bevy_egui::{EguiContextSettings, EguiInputSet, EguiPreUpdateSet, egui};

pub(super) fn plugin(app: &mut App) {
    // egui is there only where the game draws (theme adds it).
    if !super::has_renderer(app) {
        return;
    }
    app.add_systems(
        PreUpdate,
        (
            take_over_keyboard
                .after(EguiPreUpdateSet::InitContexts)
                .before(EguiPreUpdateSet::ProcessInput),
            write_keys.in_set(EguiInputSet::ReadBevyMessages),
        ),
    );
}

/// Turns bevy_egui's own keyboard reader off for each new egui context.
fn take_over_keyboard(mut contexts: Query<&mut EguiContextSettings, Added<EguiContextSettings>>) {
    for mut settings in &mut contexts {
        settings
            .input_system_settings
            .run_write_keyboard_input_messages_system = false;
    }
}

/// What a key becomes for egui.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyEvent {
    /// An event egui reads as it is.
    Egui(egui::Event),
    /// Ctrl+V (Cmd+V): the clipboard's text, pasted.
    Paste,
}

/// The modifier keys held, followed key by key.
#[derive(Debug, Clone, Copy, Default)]
pub struct HeldModifiers(Option<ModifierKeysState>);

impl HeldModifiers {
    /// The events for one keyboard message, in order, given the modifiers held before it; the
    /// modifiers follow the message.
    pub fn events(&mut self, message: &KeyboardInput) -> Vec<KeyEvent> {
        let held = self.0.get_or_insert_with(ModifierKeysState::default);
        let pressed = message.state == ButtonState::Pressed;
        match message.logical_key {
            Key::Shift => held.shift = pressed,
            Key::Control => held.ctrl = pressed,
            Key::Alt => held.alt = pressed,
            Key::Super | Key::Meta => held.win = pressed,
            _ => {}
        }
        let modifiers = held.to_egui_modifiers();
        let mut events = Vec::new();
        if held.text_input_is_allowed() && pressed {
            match &message.logical_key {
                Key::Character(text) if !text.chars().any(char::is_control) => {
                    events.push(KeyEvent::Egui(egui::Event::Text(text.to_string())));
                }
                Key::Space => events.push(KeyEvent::Egui(egui::Event::Text(" ".into()))),
                _ => {}
            }
        }
        let physical_key = bevy_to_egui_physical_key(&message.key_code);
        let Some(key) = bevy_to_egui_key(&message.logical_key).or(physical_key) else {
            return events;
        };
        events.push(KeyEvent::Egui(egui::Event::Key {
            key,
            pressed,
            repeat: false,
            modifiers,
            physical_key,
        }));
        if modifiers.command && pressed {
            match key {
                egui::Key::C => events.push(KeyEvent::Egui(egui::Event::Copy)),
                egui::Key::X => events.push(KeyEvent::Egui(egui::Event::Cut)),
                egui::Key::V => events.push(KeyEvent::Paste),
                _ => {}
            }
        }
        events
    }

    /// Lets go of every modifier (the window lost the keyboard: their releases go elsewhere).
    pub fn release_all(&mut self) {
        self.0 = None;
    }
}

fn write_keys(
    mut keys: EguiContextMessageReader<KeyboardInput>,
    mut focus_lost: MessageReader<KeyboardFocusLost>,
    contexts: Query<&EguiContextSettings>,
    mut held: Local<HeldModifiers>,
    mut events: MessageWriter<EguiInputEvent>,
    #[cfg(not(target_arch = "wasm32"))] mut clipboard: ResMut<bevy_egui::EguiClipboard>,
) {
    if focus_lost.read().count() > 0 {
        held.release_all();
    }
    for (message, context) in keys.read_with_non_window_focused(|m| m.window) {
        if contexts.get(context).is_err() {
            continue;
        }
        for event in held.events(message) {
            let event = match event {
                KeyEvent::Egui(event) => event,
                // The web's clipboard comes with the browser's paste event (bevy_egui's).
                #[cfg(not(target_arch = "wasm32"))]
                KeyEvent::Paste => match clipboard.get_text() {
                    Some(text) => egui::Event::Text(text),
                    None => continue,
                },
                #[cfg(target_arch = "wasm32")]
                KeyEvent::Paste => continue,
            };
            events.write(EguiInputEvent { context, event });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::keyboard::KeyCode;

    fn key(logical_key: Key, key_code: KeyCode, state: ButtonState) -> KeyboardInput {
        KeyboardInput {
            key_code,
            logical_key,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    fn texts(events: &[KeyEvent]) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match e {
                KeyEvent::Egui(egui::Event::Text(t)) => Some(t.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_quick_ctrl_chord_within_one_frame_types_nothing_and_pastes() {
        use ButtonState::{Pressed, Released};
        let a = || Key::Character("a".into());
        let v = || Key::Character("v".into());
        // Ctrl+A then Ctrl+V, each pressed and let go before the next frame.
        let frame = [
            key(Key::Control, KeyCode::ControlLeft, Pressed),
            key(a(), KeyCode::KeyA, Pressed),
            key(a(), KeyCode::KeyA, Released),
            key(Key::Control, KeyCode::ControlLeft, Released),
            key(Key::Control, KeyCode::ControlLeft, Pressed),
            key(v(), KeyCode::KeyV, Pressed),
            key(v(), KeyCode::KeyV, Released),
            key(Key::Control, KeyCode::ControlLeft, Released),
        ];
        let mut held = HeldModifiers::default();
        let events: Vec<KeyEvent> = frame.iter().flat_map(|m| held.events(m)).collect();
        assert!(texts(&events).is_empty(), "typed {:?}", texts(&events));
        assert!(events.contains(&KeyEvent::Paste), "{events:?}");
        let select_all = events.iter().any(|e| {
            matches!(e, KeyEvent::Egui(egui::Event::Key { key: egui::Key::A, pressed: true, modifiers, .. })
                if modifiers.command)
        });
        assert!(select_all, "Ctrl+A reaches egui as Ctrl+A: {events:?}");
        // After the chord, a letter is a letter again.
        let typed = held.events(&key(a(), KeyCode::KeyA, Pressed));
        assert_eq!(texts(&typed), ["a"]);
    }

    #[test]
    fn shift_types_capitals_and_a_lost_focus_lets_go_of_ctrl() {
        use ButtonState::Pressed;
        let mut held = HeldModifiers::default();
        held.events(&key(Key::Control, KeyCode::ControlLeft, Pressed));
        held.release_all();
        let typed = held.events(&key(Key::Character("B".into()), KeyCode::KeyB, Pressed));
        assert_eq!(texts(&typed), ["B"]);
    }
}
