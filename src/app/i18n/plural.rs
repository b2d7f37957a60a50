//! How the words of a count change with the count in each language (the plural rules of
//! Unicode's CLDR, for whole numbers). English has two forms (1 move, 2 moves); Russian three
//! (1, 21 ход; 2-4, 22-24 хода; 5-20, 25 ходов); Czech three (1 tah; 2-4 tahy; 5 tahů and
//! more, and 0); Chinese, Japanese, Korean and Vietnamese one.

use crate::players::settings::Language;

/// How many forms a count's words have in `language`.
pub fn forms(language: Language) -> usize {
    match language {
        Language::English => 2,
        Language::Russian | Language::Czech => 3,
        Language::Chinese
        | Language::TraditionalChinese
        | Language::Japanese
        | Language::Korean
        | Language::Vietnamese => 1,
    }
}

/// Which of `language`'s forms (0 for the first, the singular's) the count `n` takes.
pub fn form(language: Language, n: u64) -> usize {
    match language {
        Language::English => usize::from(n != 1),
        Language::Russian => {
            let (last, last_two) = (n % 10, n % 100);
            if last == 1 && last_two != 11 {
                0
            } else if (2..=4).contains(&last) && !(12..=14).contains(&last_two) {
                1
            } else {
                2
            }
        }
        Language::Czech => match n {
            1 => 0,
            2..=4 => 1,
            _ => 2,
        },
        Language::Chinese
        | Language::TraditionalChinese
        | Language::Japanese
        | Language::Korean
        | Language::Vietnamese => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_count_takes_one_of_its_languages_forms() {
        let cases: &[(Language, &[(u64, usize)])] = &[
            (
                Language::English,
                &[(0, 1), (1, 0), (2, 1), (11, 1), (21, 1)],
            ),
            (
                Language::Russian,
                &[
                    (0, 2),
                    (1, 0),
                    (2, 1),
                    (4, 1),
                    (5, 2),
                    (11, 2),
                    (12, 2),
                    (14, 2),
                    (21, 0),
                    (22, 1),
                    (25, 2),
                    (101, 0),
                    (111, 2),
                    (112, 2),
                    (122, 1),
                ],
            ),
            (
                Language::Czech,
                &[(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (21, 2), (22, 2)],
            ),
            (Language::Japanese, &[(0, 0), (1, 0), (2, 0), (5, 0)]),
        ];
        for (language, counts) in cases {
            for &(n, want) in *counts {
                assert_eq!(form(*language, n), want, "{language:?} {n}");
            }
        }
        for language in Language::ALL {
            for n in 0..200 {
                assert!(form(language, n) < forms(language), "{language:?} {n}");
            }
        }
    }
}
