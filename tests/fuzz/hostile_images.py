"""Hostile and unusual pictures, and a figures script measuring each one in its own process.

``python -m tests.fuzz.hostile_images`` writes every case to a temporary folder, then decodes
each in a fresh Python process (``Scanner().decode_bytes``, the kiosk's file path) and prints
the outcome, the seconds taken and the peak resident memory the decode added. Nothing is
asserted here: the unit tests (``tests/unit/barcode/test_decode_hostile_images.py``) check the
outcomes; this script reports the cost.

No case allocates its claimed size while being built: the huge ones are written from a
header plus a streamed zlib body, or a header alone.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import resource
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png_bomb(width: int, height: int, bit_depth: int = 1, colour_type: int = 0) -> bytes:
    """A real, complete PNG of zeros with ``width`` x ``height`` pixels, built row-streamed.

    At 1 bit per pixel a 30000 x 30000 picture is 112 MB of raw rows but ~110 KB compressed.
    """
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour_type]
    row = b"\x00" + bytes((width * channels * bit_depth + 7) // 8)
    packer = zlib.compressobj(9)
    rows_per_block = max(1, (4 * 1024 * 1024) // len(row))
    block = row * rows_per_block
    parts = []
    remaining = height
    while remaining > 0:
        take = min(rows_per_block, remaining)
        parts.append(packer.compress(block if take == rows_per_block else row * take))
        remaining -= take
    parts.append(packer.flush())
    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", b"".join(parts))
        + _chunk(b"IEND", b"")
    )


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` but holds almost no pixel data."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + _chunk(b"IEND", b"")
    )


def gif_screen_bomb() -> bytes:
    """A GIF whose logical screen and only frame claim 65535 x 65535 pixels."""
    head = b"GIF89a" + struct.pack("<HHBBB", 65535, 65535, 0x80, 0, 0) + b"\x00" * 3 + b"\xff" * 3
    frame = b"\x2c" + struct.pack("<HHHHB", 0, 0, 65535, 65535, 0)
    return head + frame + b"\x02\x02\x44\x01\x00\x3b"


def jpeg_huge_dimensions() -> bytes:
    """A small real JPEG whose SOF0 marker was rewritten to claim 65500 x 65500."""
    data = bytearray(_encode(Image.new("L", (16, 16), 255), "JPEG"))
    at = data.find(b"\xff\xc0")
    struct.pack_into(">HH", data, at + 5, 65500, 65500)
    return bytes(data)


def tiff_huge_dimensions() -> bytes:
    """A small real TIFF whose width/height tags were rewritten to 30000 x 30000."""
    data = bytearray(_encode(Image.new("L", (16, 16), 255), "TIFF"))
    count = struct.unpack_from("<H", data, struct.unpack_from("<I", data, 4)[0])[0]
    first = struct.unpack_from("<I", data, 4)[0] + 2
    for index in range(count):
        entry = first + 12 * index
        tag, kind = struct.unpack_from("<HH", data, entry)
        if tag in (256, 257):  # ImageWidth, ImageLength
            fmt = "<H" if kind == 3 else "<I"
            struct.pack_into(fmt, data, entry + 8, 30000)
    return bytes(data)


def _deflated(row: bytes, count: int) -> bytes:
    """``row`` repeated ``count`` times, zlib-compressed a block at a time (never all held)."""
    packer = zlib.compressobj(9)
    rows_per_block = max(1, (4 * 1024 * 1024) // len(row))
    block = row * rows_per_block
    parts = []
    remaining = count
    while remaining > 0:
        take = min(rows_per_block, remaining)
        parts.append(packer.compress(block if take == rows_per_block else row * take))
        remaining -= take
    parts.append(packer.flush())
    return b"".join(parts)


def float_tiff_bomb(width: int = 7000, height: int = 7000) -> bytes:
    """A deflated 32-bit float TIFF under the pixel limit: ~290 KB that Pillow and the grey
    conversion turn into about 1.5 GB (rows alternate 0.0 and 1.0, so nothing is constant)."""
    row = struct.pack("<2f", 0.0, 1.0) * (width // 2) + struct.pack("<f", 0.5) * (width % 2)
    body = _deflated(row, height)
    entries = [  # (tag, type 3=SHORT 4=LONG, value)
        (256, 4, width),
        (257, 4, height),
        (258, 3, 32),  # BitsPerSample
        (259, 3, 8),  # Compression: Adobe deflate
        (262, 3, 1),  # Photometric: black is zero
        (273, 4, 8 + 2 + 12 * 10 + 4),  # StripOffsets: right after the IFD
        (277, 3, 1),  # SamplesPerPixel
        (278, 4, height),  # RowsPerStrip
        (279, 4, len(body)),  # StripByteCounts
        (339, 3, 3),  # SampleFormat: IEEE float
    ]
    out = bytearray(b"II*\x00" + struct.pack("<IH", 8, len(entries)))
    for tag, kind, value in entries:
        fmt = "<HHIHH" if kind == 3 else "<HHII"
        out += (
            struct.pack(fmt, tag, kind, 1, value, 0)
            if kind == 3
            else struct.pack(fmt, tag, kind, 1, value)
        )
    return bytes(out + struct.pack("<I", 0)) + body


def progressive_jpeg_scan_flood(side: int = 4000, copies: int = 2000) -> bytes:
    """A progressive JPEG of a white ``side`` x ``side`` square with one of its AC scans
    repeated ``copies`` times: each copy is ~31 bytes, and libjpeg walks every block of the
    picture for each (2000 copies: ~150 KB, several seconds of CPU; 20000: ~650 KB, a minute)."""
    data = _encode(Image.new("L", (side, side), 255), "JPEG", progressive=True, quality=90)
    start, end = _first_ac_scan(data)
    eoi = data.rindex(b"\xff\xd9")
    return data[:eoi] + data[start:end] * copies + data[eoi:]


def _first_ac_scan(data: bytes) -> tuple[int, int]:
    """(start of the SOS marker, end of its entropy-coded data) of the first AC-first scan."""
    at = 2
    while at < len(data) - 1:
        marker = data[at + 1]
        if marker == 0xDA:
            length = struct.unpack(">H", data[at + 2 : at + 4])[0]
            components = data[at + 4]
            spectral_start = data[at + 5 + 2 * components]
            approximation = data[at + 7 + 2 * components]
            end = at + 2 + length
            while not (
                data[end] == 0xFF and data[end + 1] != 0 and not 0xD0 <= data[end + 1] <= 0xD7
            ):
                end += 1
            if spectral_start > 0 and approximation >> 4 == 0:
                return at, end
            at = end
        else:
            at += 2 + struct.unpack(">H", data[at + 2 : at + 4])[0]
    raise ValueError("no AC scan found")


def refused_format_pictures() -> dict[str, bytes]:
    """Real pictures in formats Pillow knows but the kiosk refuses (EPS, JPEG 2000, ...)."""
    picture = Image.new("L", (64, 40), 255)
    made = {
        "card.eps": _encode(picture.convert("RGB"), "EPS"),
        "card.psd-like": b"8BPS\x00\x01" + bytes(40),
        "card.ico": _encode(picture, "ICO"),
        "card.tga": _encode(picture, "TGA"),
        "card.pcx": _encode(picture, "PCX"),
        "card.sgi": _encode(picture, "SGI"),
        "card.dds": _encode(picture.convert("RGB"), "DDS"),
        "card.qoi": _encode(picture.convert("RGB"), "QOI"),
    }
    with contextlib.suppress(OSError, KeyError):  # Pillow built without OpenJPEG
        made["card.jp2"] = _encode(picture, "JPEG2000")
        made["card.j2k"] = _encode(picture, "JPEG2000", no_jp2=True)
    return made


def _encode(image: Image.Image, fmt: str, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, fmt, **options)
    return out.getvalue()


def _noise(size: int, seed: int) -> bytes:
    return random.Random(seed).randbytes(size)


def _card() -> Image.Image:
    from tests.unit.barcode.images import LICENCE_PAYLOAD, card

    return card(LICENCE_PAYLOAD)


def _animated_gif(frames: int) -> bytes:
    first = _card().convert("L")
    rest = [Image.new("L", first.size, shade % 256) for shade in range(frames - 1)]
    # Every frame differs from the last everywhere: Pillow's optimizer (a transparency mask
    # per frame) would find nothing to save and takes ten times as long.
    return _encode(
        first, "GIF", save_all=True, append_images=rest, duration=40, loop=0, optimize=False
    )


def _exif_rotated() -> bytes:
    turned = _card().rotate(90, expand=True)  # stored sideways, EXIF says "turn 270"
    exif = Image.Exif()
    exif[0x0112] = 6
    return _encode(turned.convert("RGB"), "JPEG", exif=exif.tobytes(), quality=92)


def _sixteen_bit() -> bytes:
    grey = _card().convert("L")
    wide = Image.frombytes("I;16", grey.size, bytes(b for v in grey.tobytes() for b in (0, v)))
    return _encode(wide, "PNG")


def hostile_images() -> dict[str, Callable[[], bytes]]:
    """Every hostile case, by name, as a function building its bytes."""
    headers = {
        "png": b"\x89PNG\r\n\x1a\n",
        "jpeg": b"\xff\xd8\xff\xe0",
        "gif": b"GIF89a",
        "bmp": b"BM",
        "tiff": b"II*\x00",
        "webp": b"RIFF\x00\x10\x00\x00WEBPVP8 ",
        "ico": b"\x00\x00\x01\x00",
        "psd": b"8BPS\x00\x01",
        "pcx": b"\x0a\x05\x01\x08",
    }
    cases: dict[str, Callable[[], bytes]] = {
        f"noise-after-{kind}-header": (lambda h=head, s=i: h + _noise(4096, s))  # type: ignore[misc]
        for i, (kind, head) in enumerate(headers.items())
    }
    cases.update(
        {
            "png-bomb-30000x30000": lambda: png_bomb(30000, 30000),
            "png-header-30000x30000": lambda: png_header_only(30000, 30000),
            "png-bomb-7000x7000-rgb-under-limit": lambda: png_bomb(7000, 7000, 8, 2),
            "gif-screen-65535x65535": gif_screen_bomb,
            "jpeg-sof-65500x65500": jpeg_huge_dimensions,
            "tiff-tags-30000x30000": tiff_huge_dimensions,
            "png-1x1": lambda: _encode(Image.new("L", (1, 1), 0), "PNG"),
            "jpeg-1x1": lambda: _encode(Image.new("RGB", (1, 1)), "JPEG"),
            "truncated-png-card": lambda: _encode(_card(), "PNG")[:3000],
            "cmyk-jpeg-card": lambda: _encode(_card().convert("CMYK"), "JPEG"),
            "sixteen-bit-png-card": _sixteen_bit,
            "animated-gif-card-300-frames": lambda: _animated_gif(300),
            "exif-rotated-jpeg-card": _exif_rotated,
            "tiff-float-7000x7000-deflated": float_tiff_bomb,
            "jpeg-progressive-scan-flood-2000": progressive_jpeg_scan_flood,
        }
    )
    return cases


def small_card_images() -> dict[str, bytes]:
    """The licence card in every format the kiosk opens (fuzzing seeds)."""
    picture = _card().convert("RGB").resize((400, 250))
    return {
        f"card.{fmt.lower()}": _encode(picture, fmt)
        for fmt in ("PNG", "JPEG", "BMP", "TIFF", "WEBP", "GIF")
    }


def _measure_one(path: Path) -> dict[str, object]:
    """Decode one file in this process; the outcome, seconds and peak memory it added."""
    from kiosk_app.barcode.decode import Scanner
    from kiosk_app.barcode.errors import BarcodeError

    data = path.read_bytes()
    scanner = Scanner()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    try:
        outcome = f"decoded {len(scanner.decode_bytes(data).payload)} bytes"
    except BarcodeError as exc:
        outcome = type(exc).__name__
    except Exception as exc:  # a finding: anything but the typed errors
        outcome = f"UNTYPED {type(exc).__name__}"
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "outcome": outcome,
        "seconds": round(seconds, 3),
        "peak_added_mib": round((after - before) / 1024, 1),
        "input_kib": len(data) // 1024,
    }


def main(argv: list[str]) -> int:
    """Without arguments: build every case and measure each in a child process."""
    if argv[:1] == ["--one"]:
        print(json.dumps(_measure_one(Path(argv[1]))))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'case':38} {'input KiB':>9} {'seconds':>8} {'peak+MiB':>9}  outcome")
        for name, build in hostile_images().items():
            path = Path(folder) / name
            path.write_bytes(build())
            child = subprocess.run(
                [sys.executable, "-m", "tests.fuzz.hostile_images", "--one", str(path)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            if child.returncode != 0:
                print(f"{name:38} CHILD FAILED ({child.returncode}): {child.stderr[-300:]}")
                continue
            row = json.loads(child.stdout.strip().splitlines()[-1])
            print(
                f"{name:38} {row['input_kib']:9} {row['seconds']:8.2f} "
                f"{row['peak_added_mib']:9.1f}  {row['outcome']}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
