//! Player names: cleaned of control characters and extra spaces, length-limited, and folded to
//! a key that is unique among players (case, compatibility forms and look-alike characters
//! folded), with guest names for a player whose name is taken.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

use gomoku_net::MAX_NAME_CHARS;

/// The key two names clash on: compatibility forms folded (NFKC: full-width letters, ligatures),
/// lower case, look-alike characters mapped to one (UTS #39 skeletons: Cyrillic "а" and Latin
/// "a", "0" and "O", "l", "1" and "I"), and spaces, dots, hyphens and underscores left out.
pub fn name_key(name: &str) -> String {
    // Look-alikes first in the name's own case ("I" is like "l", "i" is not), then again
    // after lower case ("О" and "o").
    let folded: String = name.nfkc().collect();
    let once: String = skeleton(&folded).flat_map(char::to_lowercase).collect();
    let twice: String = skeleton(&once).flat_map(char::to_lowercase).collect();
    twice
        .chars()
        .filter(|c| !(c.is_whitespace() || matches!(c, '.' | '-' | '_' | '\'')))
        .collect()
}

/// A guest's name from a number: "Guest 4821".
pub fn guest_name(number: u32) -> String {
    format!("Guest {number}")
}

/// The name as it will be kept: control and format characters dropped, runs of white space
/// made one space, trimmed; an error when nothing is left or it is too long.
pub fn clean_name(raw: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut space = false;
    for c in raw.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if c.is_control() || is_format(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    let len = out.chars().count();
    if len == 0 {
        return Err("the name is empty".into());
    }
    if name_key(&out) == name_key(gomoku_net::DELETED_PLAYER) {
        return Err(format!(
            "'{out}' is what deleted accounts are called; choose another name"
        ));
    }
    if len > MAX_NAME_CHARS {
        return Err(format!(
            "the name has {len} characters; at most {MAX_NAME_CHARS} are allowed"
        ));
    }
    Ok(out)
}

/// Invisible formatting characters (bidirectional overrides, zero-width joiners and the like)
/// that could disguise a name.
fn is_format(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleans_and_limits() {
        assert_eq!(clean_name("  Ann \t  Lee\n").unwrap(), "Ann Lee");
        assert_eq!(clean_name("A\u{202E}b\u{0007}c").unwrap(), "Abc");
        assert!(clean_name(" \u{200B} ").is_err());
        assert!(clean_name(&"x".repeat(MAX_NAME_CHARS + 1)).is_err());
        assert_eq!(clean_name("棋手").unwrap(), "棋手");
        assert!(clean_name("Deleted  Player").is_err());
        assert!(clean_name("deleted.player").is_err());
    }

    #[test]
    fn names_that_look_alike_share_a_key() {
        let ann = name_key("Ann");
        for same in ["ann", "ANN", "Аnn", "Ａｎｎ", "A n n", "a_nn"] {
            assert_eq!(name_key(same), ann, "{same}");
        }
        assert_eq!(name_key("Bob0"), name_key("BobO"));
        assert_eq!(name_key("paul1"), name_key("paulI"));
        assert_eq!(name_key("paul1"), name_key("paull"));
        assert_ne!(name_key("Ann"), name_key("Anna"));
        assert_ne!(name_key("棋手"), name_key("棋士"));
        assert_eq!(guest_name(4821), "Guest 4821");
    }
}
