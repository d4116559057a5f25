"""Makes the three feedback sounds (``resources/sounds/*.wav``) from a few sine tones.

Run ``python -m kiosk_app.app.tones resources/sounds`` to write them again; the output is the
same every time (the committed files are checked against it by ``tests/gui/test_feedback.py``).
16-bit mono PCM at 44.1 kHz, which ``QSoundEffect`` plays on every platform. The cues differ in
pitch, rhythm and timbre, so they are told apart without looking, and by clerks who hear high
or low pitches poorly:

* scan: one short high blip (1760 Hz, 70 ms);
* pass: a rising two-note chime (880 Hz then 1319 Hz);
* fail: a low double buzz (220 Hz with odd harmonics, twice).
"""

from __future__ import annotations

import math
import sys
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Final

RATE: Final = 44_100
PEAK: Final = 0.6  # of full scale: loud enough at a desk, no clipping
FADE_S: Final = 0.005  # fade in and out: no click at the ends of a note


@dataclass(frozen=True)
class Note:
    """One tone (or a silence when ``hz`` is 0) with its harmonics' relative amplitudes."""

    hz: float
    seconds: float
    harmonics: tuple[float, ...] = (1.0,)


CUES: Final[dict[str, tuple[Note, ...]]] = {
    "scan": (Note(1760, 0.07, (1.0, 0.15)),),
    "pass": (Note(880, 0.11, (1.0, 0.3, 0.1)), Note(1318.51, 0.17, (1.0, 0.3, 0.1))),
    "fail": (
        Note(220, 0.15, (1.0, 0.0, 0.33, 0.0, 0.2)),
        Note(0, 0.06),
        Note(220, 0.15, (1.0, 0.0, 0.33, 0.0, 0.2)),
    ),
}


def note_samples(note: Note) -> list[float]:
    """The note's samples in -1..1 (faded in and out)."""
    count = round(note.seconds * RATE)
    if note.hz <= 0:
        return [0.0] * count
    scale = PEAK / sum(note.harmonics)
    fade = max(1, round(FADE_S * RATE))
    out = []
    for i in range(count):
        t = i / RATE
        value = sum(
            amp * math.sin(2 * math.pi * note.hz * (k + 1) * t)
            for k, amp in enumerate(note.harmonics)
            if amp
        )
        envelope = min(1.0, i / fade, (count - 1 - i) / fade)
        out.append(value * scale * envelope)
    return out


def cue_frames(name: str) -> bytes:
    """The cue's 16-bit little-endian PCM frames."""
    samples = [s for note in CUES[name] for s in note_samples(note)]
    return b"".join(
        max(-32768, min(32767, round(s * 32767))).to_bytes(2, "little", signed=True)
        for s in samples
    )


def write_cue(name: str, path: Path) -> None:
    """Write cue ``name`` as a WAV file at ``path``."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(cue_frames(name))


def write_all(folder: Path) -> list[Path]:
    """Write every cue into ``folder`` (``scan.wav``, ``pass.wav``, ``fail.wav``)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in CUES:
        path = folder / f"{name}.wav"
        write_cue(name, path)
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "resources/sounds")):
        print(written_path)
