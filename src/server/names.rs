//! Player names: cleaned of control characters and extra spaces, length-limited.

use crate::net::MAX_NAME_CHARS;

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
    }
}
