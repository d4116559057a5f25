"""Demo pictures the simulator "knows": what a real service reads and the kiosk cannot.

The simulator reads pictures with zxing-cpp, as the kiosk does, so on its own it could never
read a picture the kiosk could not. A real service has better readers; the simulator stands in
for them with a small table of demo pictures it recognises by a perceptual hash (a difference
hash of the picture shrunk to a few pixels of grey, compared by Hamming distance), so a
re-encoded, resized copy of a known picture is still recognised, and answers with the fields of
the sample it shows.

The known pictures are the demo samples photographed out of focus (:func:`defocused_png`):
rendered as the sample PNG, put on a card, and blurred until no PDF417 reader can read them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from io import BytesIO
from typing import Final

import numpy as np
from PIL import Image, ImageFilter

from kiosk_app.simulator.fields import open_grey
from kiosk_app.simulator.samples import SAMPLES_BY_KEY, Sample, render_sample_png

# The difference hash: the picture shrunk to HASH_SIDE + 1 by HASH_SIDE grey pixels, one bit
# per pair of neighbours in a row (HASH_SIDE ** 2 bits).
HASH_SIDE: Final = 16
# Two pictures are the same when their hashes differ in at most this many bits of the 256 (a
# JPEG copy at another size differs in 0 or 1; two different defocused samples in 20 or more).
MAX_HAMMING_DISTANCE: Final = 12
# The out-of-focus photograph: the card's margin around the symbol (pixels) and the blur.
CARD_MARGIN_PX: Final = 60
DEFOCUS_RADIUS_PX: Final = 6.0
# The samples the simulator knows photographed out of focus (one US, one Canadian), and their
# titles in the demo's sample menu.
DEFOCUSED_SAMPLES: Final = {
    "dvs-parse": "US licence — photographed out of focus",
    "canada-passed": "Canadian licence — photographed out of focus",
}
DEFOCUSED_NOTE: Final = "Unreadable here; the service reads it (picture fallback, billed)"


@dataclass(frozen=True)
class KnownPicture:
    """A demo picture the simulator recognises, and the sample whose fields it answers."""

    key: str
    sample: Sample
    picture_hash: int


def picture_hash(grey: Image.Image) -> int:
    """The difference hash of a grey picture: bit set where a pixel is brighter than its right
    neighbour, in the picture shrunk to ``HASH_SIDE + 1`` by ``HASH_SIDE``."""
    small = grey.resize((HASH_SIDE + 1, HASH_SIDE), Image.Resampling.LANCZOS)
    pixels = np.asarray(small, dtype=np.int16)
    bits = (pixels[:, 1:] < pixels[:, :-1]).flatten()
    return int("".join("1" if bit else "0" for bit in bits), 2)


def hamming(first: int, second: int) -> int:
    """How many bits two hashes differ in."""
    return (first ^ second).bit_count()


def defocused_png(sample: Sample) -> bytes:
    """The sample's symbol on a white card, photographed out of focus (deterministic PNG)."""
    with Image.open(BytesIO(render_sample_png(sample)), formats=("PNG",)) as symbol:
        grey = symbol.convert("L")
    card = Image.new("L", (grey.width + 2 * CARD_MARGIN_PX, grey.height + 2 * CARD_MARGIN_PX), 255)
    card.paste(grey, (CARD_MARGIN_PX, CARD_MARGIN_PX))
    blurred = card.filter(ImageFilter.GaussianBlur(DEFOCUS_RADIUS_PX))
    out = BytesIO()
    blurred.save(out, format="PNG", optimize=True)
    return out.getvalue()


@cache
def known_pictures() -> tuple[KnownPicture, ...]:
    """The table of known pictures (made on first use)."""
    table = []
    for key in DEFOCUSED_SAMPLES:
        sample = SAMPLES_BY_KEY[key]
        grey = open_grey(defocused_png(sample))
        assert grey is not None  # made just above
        table.append(KnownPicture(defocused_key(key), sample, picture_hash(grey)))
    return tuple(table)


def recognise(image_bytes: bytes) -> KnownPicture | None:
    """The known picture ``image_bytes`` shows (the nearest within the limit), or None."""
    grey = open_grey(image_bytes)
    if grey is None:
        return None
    seen = picture_hash(grey)
    distance, nearest = min(
        ((hamming(seen, known.picture_hash), known) for known in known_pictures()),
        key=lambda pair: pair[0],
    )
    return nearest if distance <= MAX_HAMMING_DISTANCE else None


def known_payload(image_bytes: bytes) -> bytes | None:
    """The barcode bytes of the sample a known picture shows, or None."""
    known = recognise(image_bytes)
    return known.sample.payload if known is not None else None


def defocused_key(key: str) -> str:
    """The demo key of the sample ``key`` photographed out of focus."""
    return f"{key}-defocused"


@cache
def demo_samples() -> dict[str, Sample]:
    """The demo's sample menu: every sample, then the known pictures (photographs to read)."""
    pictures = {
        defocused_key(key): replace(
            SAMPLES_BY_KEY[key],
            key=defocused_key(key),
            title=title,
            canada=None,
            expected_status=None,
            expected_note=DEFOCUSED_NOTE,
            picture=defocused_png(SAMPLES_BY_KEY[key]),
        )
        for key, title in DEFOCUSED_SAMPLES.items()
    }
    return {**SAMPLES_BY_KEY, **pictures}
