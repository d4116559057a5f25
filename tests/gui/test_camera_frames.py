"""QVideoFrame → grey array conversion for the camera decoder, across pixel formats."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from PySide6.QtCore import QSize
from PySide6.QtMultimedia import QVideoFrame, QVideoFrameFormat

from kiosk_app.app.capture.frames import (
    FrameError,
    GreyFrame,
    box_reduce,
    frame_to_grey,
    preview_image,
    reduction_factor,
)
from tests.support.capture import grey_of, nv12_video_frame, rgb_video_frame

PF = QVideoFrameFormat.PixelFormat
RNG = np.random.default_rng(7)
GREY = RNG.integers(0, 256, size=(36, 64), dtype=np.uint8)


def _rgbx(order: str) -> Callable[[np.ndarray], np.ndarray]:
    """Bytes of a 32-bit pixel in memory ``order`` (letters R, G, B, X) for a grey value."""

    def pack(grey: np.ndarray) -> np.ndarray:
        pixel = {"R": grey, "G": grey, "B": grey, "X": np.full_like(grey, 255)}
        return np.stack([pixel[c] for c in order], axis=-1).reshape(grey.shape[0], -1)

    return pack


def _yuyv(grey: np.ndarray) -> np.ndarray:
    out = np.full((grey.shape[0], grey.shape[1] * 2), 128, dtype=np.uint8)
    out[:, 0::2] = grey
    return out


def _uyvy(grey: np.ndarray) -> np.ndarray:
    out = np.full((grey.shape[0], grey.shape[1] * 2), 128, dtype=np.uint8)
    out[:, 1::2] = grey
    return out


def _le16(shift: int) -> Callable[[np.ndarray], np.ndarray]:
    def pack(grey: np.ndarray) -> np.ndarray:
        samples = (grey.astype(np.uint16) << shift).astype("<u2")
        return samples.view(np.uint8).reshape(grey.shape[0], -1)

    return pack


PLANE0: dict[PF, Callable[[np.ndarray], np.ndarray]] = {
    PF.Format_Y8: lambda g: g,
    PF.Format_YUV420P: lambda g: g,
    PF.Format_NV21: lambda g: g,
    PF.Format_YUYV: _yuyv,
    PF.Format_UYVY: _uyvy,
    PF.Format_BGRX8888: _rgbx("BGRX"),
    PF.Format_RGBX8888: _rgbx("RGBX"),
    PF.Format_XRGB8888: _rgbx("XRGB"),
    PF.Format_ABGR8888: _rgbx("XBGR"),
    PF.Format_Y16: _le16(8),
    PF.Format_P010: _le16(8),
}


def frame_with_plane0(fmt: PF, grey: np.ndarray) -> QVideoFrame:
    """A frame of ``fmt`` whose first plane encodes ``grey``; other planes neutral."""
    height, width = grey.shape
    frame = QVideoFrame(QVideoFrameFormat(QSize(width, height), fmt))
    assert frame.map(QVideoFrame.MapMode.WriteOnly)
    try:
        for plane in range(1, frame.planeCount()):
            np.frombuffer(frame.bits(plane), dtype=np.uint8)[:] = 128
        packed = PLANE0[fmt](grey)
        stride = frame.bytesPerLine(0)
        rows = np.frombuffer(frame.bits(0), dtype=np.uint8, count=stride * height)
        rows.reshape(height, stride)[:, : packed.shape[1]] = packed
    finally:
        frame.unmap()
    return frame


@pytest.mark.parametrize("fmt", list(PLANE0), ids=lambda f: f.name)
def test_luma_is_read_exactly_from_each_format(fmt: PF) -> None:
    grey = frame_to_grey(frame_with_plane0(fmt, GREY), max_side=4096)
    assert grey.scale == 1
    assert grey.frame_size == (64, 36)
    np.testing.assert_allclose(grey.pixels.astype(int), GREY.astype(int), atol=1)


def test_nv12_helper_round_trips() -> None:
    assert np.array_equal(frame_to_grey(nv12_video_frame(GREY)).pixels, GREY)


def test_image_backed_frame_gives_its_luma() -> None:
    rgb = RNG.integers(0, 256, size=(30, 40, 3), dtype=np.uint8)
    grey = frame_to_grey(rgb_video_frame(rgb)).pixels
    np.testing.assert_allclose(grey.astype(int), grey_of(rgb).astype(int), atol=2)


def test_large_frame_is_reduced_with_a_box_filter() -> None:
    full = np.zeros((1080, 1920), dtype=np.uint8)
    full[:, 1::2] = 200  # one-pixel stripes: skipping pixels would alias them away
    grey = frame_to_grey(nv12_video_frame(full), max_side=1280)
    assert grey.scale == 2
    assert grey.pixels.shape == (540, 960)
    assert np.all(grey.pixels == 100)
    assert grey.to_frame_point(10, 20) == (20, 40)


def test_box_reduce_averages_blocks() -> None:
    block = np.array([[0, 2, 10, 10], [4, 6, 10, 10], [1, 1, 0, 0], [1, 1, 0, 255]], np.uint8)
    assert box_reduce(block, 2).tolist() == [[3, 10], [1, 64]]
    assert np.array_equal(box_reduce(block, 1), block)


@pytest.mark.parametrize(
    ("size", "max_side", "factor"),
    [
        ((1920, 1080), 1280, 2),
        ((1280, 720), 1280, 1),
        ((3840, 2160), 1280, 3),
        ((640, 480), 1280, 1),
    ],
)
def test_reduction_factor(size: tuple[int, int], max_side: int, factor: int) -> None:
    assert reduction_factor(*size, max_side) == factor


def test_invalid_frame_is_refused() -> None:
    with pytest.raises(FrameError):
        frame_to_grey(QVideoFrame())


def test_grey_frame_point_mapping_centres_blocks() -> None:
    grey = GreyFrame(np.zeros((2, 2), np.uint8), 3, (6, 6))
    assert grey.to_frame_point(0, 0) == (1, 1)
    assert grey.to_frame_point(1, 1) == (4, 4)


# --- the preview's cheap colour conversion ----------------------------------------------------

COLOURS = ((220, 30, 30), (30, 200, 60), (40, 60, 220), (200, 150, 50))


def quadrants(width: int = 320, height: int = 192) -> np.ndarray:
    """An RGB picture of four flat colour quadrants."""
    rgb = np.zeros((height, width, 3), dtype=np.uint8)
    for index, colour in enumerate(COLOURS):
        top, left = (index // 2) * height // 2, (index % 2) * width // 2
        rgb[top : top + height // 2, left : left + width // 2] = colour
    return rgb


def yuv_planes(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Full-range BT.601 Y, U, V at full resolution."""
    r, g, b = (rgb[:, :, i].astype(float) for i in range(3))
    y = 0.299 * r + 0.587 * g + 0.114 * b
    u = -0.169 * r - 0.331 * g + 0.5 * b + 128
    v = 0.5 * r - 0.419 * g - 0.081 * b + 128
    return tuple(np.clip(c + 0.5, 0, 255).astype(np.uint8) for c in (y, u, v))  # type: ignore[return-value]


def planes_for(fmt: PF, rgb: np.ndarray) -> list[np.ndarray]:
    """The byte rows of each plane of ``fmt`` for ``rgb``."""
    y, u, v = yuv_planes(rgb)
    if fmt in (PF.Format_NV12, PF.Format_NV21):
        first, second = (u, v) if fmt == PF.Format_NV12 else (v, u)
        chroma = np.stack([first[::2, ::2], second[::2, ::2]], axis=-1).reshape(y.shape[0] // 2, -1)
        return [y, chroma]
    if fmt in (PF.Format_YUV420P, PF.Format_YV12):
        first, second = (u, v) if fmt == PF.Format_YUV420P else (v, u)
        return [y, first[::2, ::2], second[::2, ::2]]
    if fmt == PF.Format_YUV422P:
        return [y, u[:, ::2], v[:, ::2]]
    if fmt in (PF.Format_YUYV, PF.Format_UYVY):
        order = (y[:, 0::2], u[:, 0::2], y[:, 1::2], v[:, 0::2])
        if fmt == PF.Format_UYVY:
            order = (u[:, 0::2], y[:, 0::2], v[:, 0::2], y[:, 1::2])
        return [np.stack(order, axis=-1).reshape(y.shape[0], -1)]
    letters = {
        PF.Format_BGRX8888: "BGRX",
        PF.Format_RGBX8888: "RGBX",
        PF.Format_XRGB8888: "XRGB",
        PF.Format_ABGR8888: "XBGR",
    }[fmt]
    channel = {
        "R": rgb[:, :, 0],
        "G": rgb[:, :, 1],
        "B": rgb[:, :, 2],
        "X": np.full(rgb.shape[:2], 255, np.uint8),
    }
    return [np.stack([channel[c] for c in letters], axis=-1).reshape(rgb.shape[0], -1)]


def frame_of(fmt: PF, rgb: np.ndarray) -> QVideoFrame:
    height, width = rgb.shape[:2]
    frame = QVideoFrame(QVideoFrameFormat(QSize(width, height), fmt))
    assert frame.map(QVideoFrame.MapMode.WriteOnly)
    try:
        for index, rows in enumerate(planes_for(fmt, rgb)):
            stride = frame.bytesPerLine(index)
            target = np.frombuffer(frame.bits(index), np.uint8, count=stride * rows.shape[0])
            target.reshape(rows.shape[0], stride)[:, : rows.shape[1]] = rows
    finally:
        frame.unmap()
    return frame


PREVIEW_FORMATS = [
    PF.Format_NV12,
    PF.Format_NV21,
    PF.Format_YUV420P,
    PF.Format_YV12,
    PF.Format_YUV422P,
    PF.Format_YUYV,
    PF.Format_UYVY,
    PF.Format_BGRX8888,
    PF.Format_RGBX8888,
    PF.Format_XRGB8888,
    PF.Format_ABGR8888,
]


@pytest.mark.parametrize("fmt", PREVIEW_FORMATS, ids=lambda f: f.name)
def test_preview_image_keeps_the_colours(fmt: PF) -> None:
    rgb = quadrants()
    image = preview_image(frame_of(fmt, rgb), 80, 48)
    assert 80 <= image.width() <= 160 and 48 <= image.height() <= 96
    for index, colour in enumerate(COLOURS):
        x = int(((index % 2) * 0.5 + 0.25) * image.width())
        y = int(((index // 2) * 0.5 + 0.25) * image.height())
        pixel = image.pixelColor(x, y)
        got = (pixel.red(), pixel.green(), pixel.blue())
        assert max(abs(a - b) for a, b in zip(got, colour, strict=True)) <= 12, (fmt, got, colour)


@pytest.mark.qt_log_ignore("No RHI backend")  # offscreen Qt: CPU conversion, which is the point
def test_preview_image_of_other_formats_goes_through_qt() -> None:
    rgb = quadrants(64, 48)
    y, u, v = yuv_planes(rgb)
    frame = QVideoFrame(QVideoFrameFormat(QSize(64, 48), PF.Format_AYUV))
    assert frame.map(QVideoFrame.MapMode.WriteOnly)
    ayuv = np.stack([np.full_like(y, 255), y, u, v], axis=-1).reshape(48, -1)
    stride = frame.bytesPerLine(0)
    np.frombuffer(frame.bits(0), np.uint8, count=stride * 48).reshape(48, stride)[:, :256] = ayuv
    frame.unmap()
    image = preview_image(frame, 64, 48)
    assert (image.width(), image.height()) == (64, 48)
