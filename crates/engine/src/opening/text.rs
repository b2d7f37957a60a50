//! An opening's steps written as text, one token a step: a point (`h8`) places the stone the
//! step asks for, offers a fifth move or picks an offer; `black`, `white` or `two` chooses;
//! a number declares the fifth-move offers. The command line uses it (`--opening swap2
//! --moves "h8 i9 j10 two g7 i7"`), so that a game can start anywhere in its opening.

use super::machine::Opening;
use super::step::{Action, Choice, Task};
use crate::board::Pos;

/// The action `token` stands for at `opening`'s current step.
pub fn action_of(token: &str, opening: &Opening) -> Result<Action, String> {
    let step = opening
        .step()
        .ok_or_else(|| format!("'{token}': the opening is over"))?;
    let word = token.trim().to_ascii_lowercase();
    let choice = match word.as_str() {
        "black" | "b" => Some(Choice::Black),
        "white" | "w" => Some(Choice::White),
        "two" | "place2" | "placetwo" => Some(Choice::PlaceTwo),
        _ => None,
    };
    if let Some(c) = choice {
        return Ok(Action::Choose(c));
    }
    if let Ok(n) = word.parse::<u8>() {
        return Ok(Action::Declare(n));
    }
    let size = opening.board().size();
    let p = Pos::parse(&word, size).map_err(|e| format!("'{token}' is not a step: {e}"))?;
    Ok(match step.task {
        Task::Pick { .. } => Action::Pick(p),
        _ => Action::Place(p),
    })
}

/// Plays the tokens of `text` (separated by spaces or commas) as `opening`'s steps, each by
/// the player due, until the opening is over; returns the points left after it (the game's
/// first moves). The first refused token is the error, and nothing after it is played.
pub fn play_steps(opening: &mut Opening, text: &str) -> Result<Vec<Pos>, String> {
    let size = opening.board().size();
    let mut after = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let Some(step) = opening.step() else {
            after.push(Pos::parse(token, size).map_err(|e| format!("'{token}': {e}"))?);
            continue;
        };
        let action = action_of(token, opening)?;
        opening
            .apply(step.actor, action)
            .map_err(|e| format!("'{token}': {e}"))?;
    }
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opening::{OpeningRule, Player};
    use crate::rules::Rule;

    #[test]
    fn tokens_play_a_soosorv_opening_through() {
        let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
        let after = play_steps(&mut o, "h8 i9 j10 black g9 2 black j8 g7 g7 k11").unwrap();
        assert!(o.is_finished());
        assert_eq!(o.result().unwrap().black, Player::Second);
        assert_eq!(after, vec![Pos::parse("k11", 15).unwrap()]);
    }

    #[test]
    fn a_refused_token_is_named() {
        let mut o = Opening::new(OpeningRule::Swap1, Rule::Freestyle, 15).unwrap();
        let e = play_steps(&mut o, "h8 i9 j10 k11").unwrap_err();
        assert!(e.starts_with("'k11'"), "{e}");
        assert_eq!(o.board().moves().len(), 3);
        let e = play_steps(&mut o, "two").unwrap_err();
        assert!(e.contains("not an option"), "{e}");
        assert!(play_steps(&mut o, "z99").unwrap_err().contains("z99"));
    }
}
