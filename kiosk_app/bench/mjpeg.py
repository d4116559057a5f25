"""Motion-JPEG AVI files made the way a webcam makes its MJPEG stream: every frame its own
JPEG at a fixed quality, in a plain AVI container (RIFF, one video stream, an index).

Qt's recorder cannot be told the quality of its software MJPEG encoder; it leaves FFmpeg's
default rate control, which at 1280x720 gives about 30 kB a frame (like Pillow's JPEG quality
30, below any webcam) and quantises away exactly the faint detail a defocused symbol keeps.
A webcam's MJPEG at 720p is several times larger; :data:`WEBCAM_JPEG_QUALITY` is a modest one.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PIL import Image

#: JPEG quality of the demo videos' frames (webcams' MJPEG is typically 75-95).
WEBCAM_JPEG_QUALITY = 75
# AVI flags: the file has an index; an index entry is a key frame (every MJPEG frame is).
_AVIF_HASINDEX = 0x10
_AVIIF_KEYFRAME = 0x10


def jpeg_frame(grey: np.ndarray, quality: int = WEBCAM_JPEG_QUALITY) -> bytes:
    """A grey frame as a colour JPEG with 4:2:0 chroma, as a webcam sends it."""
    buffer = io.BytesIO()
    Image.fromarray(grey).convert("RGB").save(buffer, "JPEG", quality=quality, subsampling=2)
    return buffer.getvalue()


def write_avi(target: Path, frames: Sequence[bytes], size: tuple[int, int], fps: int) -> None:
    """Write JPEG ``frames`` of ``size`` (width, height) as an MJPEG AVI at ``fps``."""
    width, height = size
    largest = max(len(frame) for frame in frames)
    main_header = struct.pack(
        "<14I",
        1_000_000 // fps,
        largest * fps,
        0,
        _AVIF_HASINDEX,
        len(frames),
        0,
        1,
        largest,
        width,
        height,
        0,
        0,
        0,
        0,
    )
    stream_header = struct.pack(
        "<4s4sIHH8I4h",
        b"vids",
        b"MJPG",
        0,
        0,
        0,
        0,
        1,
        fps,
        0,
        len(frames),
        largest,
        0xFFFFFFFF,
        0,
        0,
        0,
        width,
        height,
    )
    stream_format = struct.pack(
        "<IiiHH4sIiiII", 40, width, height, 1, 24, b"MJPG", width * height * 3, 0, 0, 0, 0
    )
    headers = _list(
        b"hdrl",
        _chunk(b"avih", main_header)
        + _list(b"strl", _chunk(b"strh", stream_header) + _chunk(b"strf", stream_format)),
    )
    movi = io.BytesIO()
    index = io.BytesIO()
    for frame in frames:
        offset = 4 + movi.tell()  # from the 'movi' four-character code
        movi.write(_chunk(b"00dc", frame))
        index.write(struct.pack("<4sIII", b"00dc", _AVIIF_KEYFRAME, offset, len(frame)))
    body = headers + _list(b"movi", movi.getvalue()) + _chunk(b"idx1", index.getvalue())
    target.write_bytes(b"RIFF" + struct.pack("<I", 4 + len(body)) + b"AVI " + body)


def _chunk(fourcc: bytes, data: bytes) -> bytes:
    """A RIFF chunk, padded to an even length."""
    return fourcc + struct.pack("<I", len(data)) + data + b"\0" * (len(data) % 2)


def _list(kind: bytes, payload: bytes) -> bytes:
    """A RIFF LIST of ``kind``."""
    return _chunk(b"LIST", kind + payload)
