//! Whether a sound's bytes are a WAV file the audio decoder can play. Bevy loads a sound as its
//! bytes and decodes it only when played, where a damaged file would stop the game; checking
//! the file when it loads lets the game name it instead.

/// The sample sizes a PCM WAV file may have, in bits.
const SAMPLE_BITS: [u16; 4] = [8, 16, 24, 32];
/// WAV format tags: integer PCM, floating point, and the extensible header.
const FORMATS: [u16; 3] = [1, 3, 0xFFFE];

/// What is wrong with `bytes` as a WAV file, or `None` when it is a playable one: a RIFF WAVE
/// header, a format chunk the decoder reads (PCM, 1 to 8 channels, a sample rate, 8 to 32
/// bits) and a data chunk that is all there.
pub(super) fn problem(bytes: &[u8]) -> Option<String> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Some("not a WAV file".to_owned());
    }
    let mut format_ok = false;
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let size = u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]])
            as usize;
        let body = &bytes[at + 8..];
        if size > body.len() {
            return Some(format!(
                "the WAV file is cut short: its {} chunk needs {size} bytes, {} are there",
                String::from_utf8_lossy(id).trim(),
                body.len()
            ));
        }
        let body = &body[..size];
        match id {
            b"fmt " => {
                if let Some(problem) = format_problem(body) {
                    return Some(problem);
                }
                format_ok = true;
            }
            b"data" if !format_ok => {
                return Some("the WAV file has no format before its sound".to_owned());
            }
            b"data" if size == 0 => return Some("the WAV file has no sound in it".to_owned()),
            b"data" => return None,
            _ => {}
        }
        // Chunks are padded to an even length.
        at += 8 + size + size % 2;
    }
    Some("the WAV file has no sound in it (no data chunk)".to_owned())
}

/// What is wrong with a WAV format chunk, if anything.
fn format_problem(body: &[u8]) -> Option<String> {
    if body.len() < 16 {
        return Some("the WAV file's format chunk is too short".to_owned());
    }
    let word = |i: usize| u16::from_le_bytes([body[i], body[i + 1]]);
    let format = word(0);
    let channels = word(2);
    let rate = u32::from_le_bytes([body[4], body[5], body[6], body[7]]);
    let bits = word(14);
    if !FORMATS.contains(&format) {
        return Some(format!("the WAV file's encoding ({format}) is not PCM"));
    }
    if !(1..=8).contains(&channels) || rate == 0 || !SAMPLE_BITS.contains(&bits) {
        return Some(format!(
            "the WAV file's format makes no sense: {channels} channels, {rate} Hz, {bits} bits"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A WAV file of 16-bit mono PCM at 22050 Hz with `samples` samples.
    fn wav(samples: usize) -> Vec<u8> {
        let data = samples * 2;
        let mut out = Vec::new();
        out.extend_from_slice(b"RIFF");
        out.extend_from_slice(&((36 + data) as u32).to_le_bytes());
        out.extend_from_slice(b"WAVEfmt ");
        out.extend_from_slice(&16u32.to_le_bytes());
        for word in [1u16, 1] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.extend_from_slice(&22050u32.to_le_bytes());
        out.extend_from_slice(&44100u32.to_le_bytes());
        for word in [2u16, 16] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.extend_from_slice(b"data");
        out.extend_from_slice(&(data as u32).to_le_bytes());
        out.resize(out.len() + data, 0);
        out
    }

    #[test]
    fn a_whole_wav_file_passes() {
        assert_eq!(problem(&wav(100)), None);
    }

    #[test]
    fn the_game_s_own_sounds_pass() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/sounds");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            assert_eq!(problem(&bytes), None, "{}", path.display());
            checked += 1;
        }
        assert_eq!(checked, 8);
    }

    #[test]
    fn damaged_files_are_named_with_the_reason() {
        assert_eq!(problem(b"garbage\n").unwrap(), "not a WAV file");
        let mut cut = wav(100);
        cut.truncate(cut.len() - 10);
        assert!(problem(&cut).unwrap().contains("cut short"), "{cut:?}");
        let mut not_pcm = wav(100);
        not_pcm[20] = 0x55; // MP3 in a WAV wrapper
        assert!(problem(&not_pcm).unwrap().contains("not PCM"));
        let mut no_rate = wav(100);
        no_rate[24..28].copy_from_slice(&0u32.to_le_bytes());
        assert!(problem(&no_rate).unwrap().contains("0 Hz"));
        assert!(problem(&wav(0)).unwrap().contains("no sound"));
        let header_only = &wav(0)[..36];
        assert!(problem(header_only).unwrap().contains("no data chunk"));
    }
}
