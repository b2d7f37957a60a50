#!/usr/bin/env python3
"""Synthesises the game's sound effects into assets/sounds/ (WAV, standard library only).

    python3 scripts/make_sounds.py

Writes 16-bit PCM mono WAV files at 22050 Hz:

    stone_1.wav .. stone_4.wav   a go stone clacking onto a wooden board (four slight variants)
    win.wav                      a rising major-triad chime
    loss.wav                     a gentle descending minor motif
    refused.wav                  a soft low "bonk" for an illegal move
    button.wav                   a very short UI tick

Every sound is built from damped sinusoids and filtered noise, peak-normalised to 0.7 of full
scale (about -3 dBFS) and given short fades so nothing clicks. Deterministic: every random
source has a fixed seed, so the script writes the same bytes on every run.
"""

import math
import os
import random
import struct
import wave

OUT = os.path.join(os.path.dirname(__file__), "..", "assets", "sounds")
RATE = 22050
PEAK = 0.7  # target peak, fraction of full scale (about -3 dBFS)


# --- building blocks --------------------------------------------------------------------------


def n_samples(seconds):
    return int(round(seconds * RATE))


def silence(seconds):
    return [0.0] * n_samples(seconds)


def envelope(n, attack=0.0, decay=None, hold=0.0):
    """Amplitude envelope of n samples: linear attack (s), optional hold (s), then
    exponential decay with time constant `decay` (s); no decay means stay at 1."""
    a = max(1, n_samples(attack))
    h = n_samples(hold)
    env = []
    for i in range(n):
        if i < a:
            env.append(i / a)
        elif decay is None or i < a + h:
            env.append(1.0)
        else:
            env.append(math.exp(-(i - a - h) / (decay * RATE)))
    return env


def tone(freq, seconds, partials=((1.0, 1.0),), glide_to=None, phase=0.0):
    """Sum of sine partials [(ratio, amplitude)] on a fundamental `freq` (Hz). With
    `glide_to`, the fundamental slides exponentially from freq to glide_to over the sound."""
    n = n_samples(seconds)
    out = [0.0] * n
    for ratio, amp in partials:
        ph = phase
        for i in range(n):
            f = freq
            if glide_to is not None:
                f = freq * (glide_to / freq) ** (i / n)
            ph += 2.0 * math.pi * f * ratio / RATE
            out[i] += amp * math.sin(ph)
    return out


def noise(seconds, rng):
    """White noise in [-1, 1] from the given random.Random."""
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def biquad(samples, kind, freq, q=0.707):
    """RBJ cookbook biquad: kind is 'lowpass', 'highpass' or 'bandpass' (0 dB peak gain)."""
    w = 2.0 * math.pi * freq / RATE
    cw, sw = math.cos(w), math.sin(w)
    alpha = sw / (2.0 * q)
    if kind == "lowpass":
        b = ((1 - cw) / 2, 1 - cw, (1 - cw) / 2)
    elif kind == "highpass":
        b = ((1 + cw) / 2, -(1 + cw), (1 + cw) / 2)
    elif kind == "bandpass":
        b = (alpha, 0.0, -alpha)
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
    b0, b1, b2 = (x / a0 for x in b)
    a1, a2 = a1 / a0, a2 / a0
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for x in samples:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def shape(samples, env, gain=1.0):
    """Multiply samples by an envelope (and a constant gain)."""
    return [gain * s * e for s, e in zip(samples, env)]


def mix(length, *parts):
    """Sum (offset_seconds, samples) parts into one track of `length` seconds."""
    out = [0.0] * n_samples(length)
    for offset, samples in parts:
        start = n_samples(offset)
        for i, s in enumerate(samples):
            if start + i < len(out):
                out[start + i] += s
    return out


def fade(samples, fade_in=0.002, fade_out=0.005):
    """Raised-cosine fade-in and fade-out (seconds) so the file starts and ends at zero."""
    out = list(samples)
    n_in, n_out = n_samples(fade_in), n_samples(fade_out)
    for i in range(min(n_in, len(out))):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(min(n_out, len(out))):
        out[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    return out


def normalise(samples, peak=PEAK):
    top = max(abs(s) for s in samples)
    return [s * peak / top for s in samples] if top > 0 else samples


def write_wav(name, samples):
    path = os.path.join(OUT, name)
    clipped = (max(-1.0, min(1.0, s)) for s in samples)
    frames = b"".join(struct.pack("<h", int(round(s * 32767))) for s in clipped)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def finish(name, samples, fade_in=0.002, fade_out=0.005):
    write_wav(name, normalise(fade(samples, fade_in, fade_out)))


# --- the sounds -------------------------------------------------------------------------------


def stone(pitch, decay, seed):
    """A stone clacking onto a wooden board: a bright click, a band-passed noise burst and
    two damped resonances in the 2-3.5 kHz range, over a faint low wooden thump."""
    rng = random.Random(seed)
    length = 0.12
    n = n_samples(length)
    click = shape(biquad(noise(0.004, rng), "highpass", 4000),
                  envelope(n_samples(0.004), 0, 0.0006))
    burst = shape(biquad(noise(0.03, rng), "bandpass", 2600 * pitch, q=1.5),
                  envelope(n_samples(0.03), 0.0003, 0.005 * decay), 1.6)
    ring1 = shape(tone(2150 * pitch, length, phase=rng.uniform(0, 6.28)),
                  envelope(n, 0.0004, 0.016 * decay), 0.55)
    ring2 = shape(tone(3350 * pitch, length, phase=rng.uniform(0, 6.28)),
                  envelope(n, 0.0004, 0.009 * decay), 0.35)
    thump = shape(tone(210 * pitch, length), envelope(n, 0.001, 0.02 * decay), 0.25)
    return mix(length, (0, click), (0, burst), (0, ring1), (0, ring2), (0, thump))


def bell(freq, seconds, decay):
    """A soft chime note: mostly the fundamental, a little octave and twelfth, with the upper
    partials dying away faster."""
    n = n_samples(seconds)
    body = shape(tone(freq, seconds), envelope(n, 0.006, decay))
    octave = shape(tone(freq * 2, seconds), envelope(n, 0.004, decay * 0.45), 0.25)
    twelfth = shape(tone(freq * 3, seconds), envelope(n, 0.003, decay * 0.25), 0.08)
    return mix(seconds, (0, body), (0, octave), (0, twelfth))


def win():
    """C major arpeggio C5 E5 G5 C6, each note a soft bell, ringing into each other."""
    notes = [523.25, 659.25, 783.99, 1046.50]
    length = 1.1
    parts = [(0.11 * i, bell(f, length - 0.11 * i, 0.32)) for i, f in enumerate(notes)]
    return mix(length, *parts)


def loss():
    """A gentle falling D minor figure A4 F4 D4, soft and a little muted."""
    notes = [440.00, 349.23, 293.66]
    length = 0.95
    parts = [(0.22 * i, bell(f, length - 0.22 * i, 0.2 + 0.04 * i)) for i, f in enumerate(notes)]
    return biquad(mix(length, *parts), "lowpass", 1800)


def refused():
    """A soft low "bonk": a sine sliding from 190 to 125 Hz, lightly saturated for a hint of
    buzz, then low-passed so it stays round."""
    length = 0.18
    n = n_samples(length)
    body = tone(190, length, glide_to=125)
    buzzy = [math.tanh(2.2 * s) for s in body]
    return biquad(shape(buzzy, envelope(n, 0.004, 0.05, hold=0.02)), "lowpass", 900)


def button():
    """A very short, soft tick: one quickly damped 1.7 kHz ping with a touch of noise."""
    rng = random.Random(5)
    length = 0.04
    n = n_samples(length)
    ping = shape(tone(1700, length), envelope(n, 0.0005, 0.006))
    tick = shape(biquad(noise(0.003, rng), "bandpass", 3000, q=1.0),
                 envelope(n_samples(0.003), 0, 0.0008), 0.8)
    return biquad(mix(length, (0, ping), (0, tick)), "lowpass", 4000)


def main():
    os.makedirs(OUT, exist_ok=True)
    variants = [(1.00, 1.00, 101), (0.965, 1.10, 202), (1.035, 0.90, 303), (0.985, 1.05, 404)]
    for i, (pitch, decay, seed) in enumerate(variants, start=1):
        finish(f"stone_{i}.wav", stone(pitch, decay, seed), fade_in=0.0005, fade_out=0.004)
    finish("win.wav", win(), fade_out=0.15)
    finish("loss.wav", loss(), fade_out=0.2)
    finish("refused.wav", refused(), fade_out=0.03)
    finish("button.wav", button(), fade_in=0.0005, fade_out=0.003)


if __name__ == "__main__":
    main()
