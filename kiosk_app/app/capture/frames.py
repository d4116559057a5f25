"""Camera frames (``QVideoFrame``) as small uint8 grey arrays for the decoder.

Cameras deliver YUV most of the time, whose first plane *is* the grey picture, so the common
case is a strided copy of the luma plane. Packed YUV (YUYV, UYVY) takes every other byte,
32-bit RGB formats get an integer luma, anything else goes through ``QVideoFrame.toImage``.
Large frames are reduced by an integer factor with a box filter (averaging, not skipping,
pixels: thin PDF417 modules survive better) so the longest side is at most ``max_side``.
Runs on a worker thread; the frame is only read.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtGui import QImage
from PySide6.QtMultimedia import QVideoFrame, QVideoFrameFormat

#: Longest side handed to the decoder. 1280 keeps a 1080p frame's licence barcode readable
#: (a card filling a third of the width still has ~2 px per module) at a third of the cost.
DECODE_MAX_SIDE = 1280

PF = QVideoFrameFormat.PixelFormat

_LUMA_PLANE_8 = {
    PF.Format_YUV420P,
    PF.Format_YUV422P,
    PF.Format_YV12,
    PF.Format_NV12,
    PF.Format_NV21,
    PF.Format_IMC1,
    PF.Format_IMC2,
    PF.Format_IMC3,
    PF.Format_IMC4,
    PF.Format_Y8,
}
# 16-bit luma planes: how far to shift a sample right to get 8 bits (P010 is MSB-aligned,
# YUV420P10 LSB-aligned).
_LUMA_PLANE_16 = {PF.Format_Y16: 8, PF.Format_P010: 8, PF.Format_P016: 8, PF.Format_YUV420P10: 2}
# Packed YUV 4:2:2: offset of the Y byte in each pixel's two bytes.
_PACKED_YUV = {PF.Format_YUYV: 0, PF.Format_UYVY: 1}
# 32-bit RGB formats: byte offsets of (R, G, B) in memory order.
_RGB32 = {
    PF.Format_BGRX8888: (2, 1, 0),
    PF.Format_BGRA8888: (2, 1, 0),
    PF.Format_BGRA8888_Premultiplied: (2, 1, 0),
    PF.Format_RGBX8888: (0, 1, 2),
    PF.Format_RGBA8888: (0, 1, 2),
    PF.Format_XRGB8888: (1, 2, 3),
    PF.Format_ARGB8888: (1, 2, 3),
    PF.Format_ARGB8888_Premultiplied: (1, 2, 3),
    PF.Format_XBGR8888: (3, 2, 1),
    PF.Format_ABGR8888: (3, 2, 1),
}


class FrameError(ValueError):
    """The frame cannot be read (invalid, or mapping failed)."""


@dataclass(frozen=True)
class GreyFrame:
    """A reduced grey copy of a frame; ``scale`` maps its pixels back to the frame's."""

    pixels: np.ndarray
    scale: int
    frame_size: tuple[int, int]  # (width, height) of the original frame

    def to_frame_point(self, x: float, y: float) -> tuple[int, int]:
        """A point of ``pixels`` in the original frame's pixel coordinates."""
        return round((x + 0.5) * self.scale - 0.5), round((y + 0.5) * self.scale - 0.5)


def reduction_factor(width: int, height: int, max_side: int) -> int:
    """The smallest integer factor that brings the longest side to ``max_side`` or less."""
    return max(1, -(-max(width, height) // max_side))


def box_reduce(grey: np.ndarray, factor: int) -> np.ndarray:
    """``grey`` shrunk by ``factor`` in both directions, each output pixel a block mean."""
    if factor <= 1:
        return np.ascontiguousarray(grey)
    height, width = grey.shape[0] // factor, grey.shape[1] // factor
    blocks = grey[: height * factor, : width * factor].reshape(height, factor, width, factor)
    total = blocks.sum(axis=(1, 3), dtype=np.uint32)
    result: np.ndarray = ((total + factor * factor // 2) // (factor * factor)).astype(np.uint8)
    return result


def frame_to_grey(frame: QVideoFrame, max_side: int = DECODE_MAX_SIDE) -> GreyFrame:
    """The frame's luma as a uint8 array, reduced so its longest side is <= ``max_side``."""
    if not frame.isValid():
        raise FrameError("invalid video frame")
    width, height = frame.width(), frame.height()
    factor = reduction_factor(width, height, max_side)
    fmt = frame.pixelFormat()
    if fmt in _LUMA_PLANE_8 or fmt in _LUMA_PLANE_16 or fmt in _PACKED_YUV or fmt in _RGB32:
        full = _mapped_luma(frame, fmt, width, height)
    else:
        full = _luma_via_image(frame)
    return GreyFrame(box_reduce(full, factor), factor, (width, height))


def _mapped_luma(frame: QVideoFrame, fmt: PF, width: int, height: int) -> np.ndarray:
    """Read the luma straight from the mapped frame memory (a copy; the frame is unmapped)."""
    # Read-only maps of one frame may overlap (the preview paints it meanwhile).
    if not frame.map(QVideoFrame.MapMode.ReadOnly):
        raise FrameError("the video frame could not be mapped")
    try:
        stride = frame.bytesPerLine(0)
        plane = np.frombuffer(frame.bits(0), dtype=np.uint8, count=stride * height)
        rows = plane.reshape(height, stride)
        if fmt in _LUMA_PLANE_8:
            return rows[:, :width].copy()
        if fmt in _LUMA_PLANE_16:
            samples = rows[:, : 2 * width].view("<u2")
            return (samples >> _LUMA_PLANE_16[fmt]).astype(np.uint8)
        if fmt in _PACKED_YUV:
            offset = _PACKED_YUV[fmt]
            return rows[:, offset : 2 * width : 2].copy()
        red, green, blue = (rows[:, i : 4 * width : 4] for i in _RGB32[fmt])
        luma = (
            red.astype(np.uint16) * 77
            + green.astype(np.uint16) * 150
            + blue.astype(np.uint16) * 29
            + 128
        ) >> 8
        return luma.astype(np.uint8)
    finally:
        frame.unmap()


def _luma_via_image(frame: QVideoFrame) -> np.ndarray:
    """Any other format (MJPEG, AYUV, textures): let Qt convert it, then take the grey."""
    image = frame.toImage()
    if image.isNull():
        raise FrameError("the video frame could not be converted")
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    stride = grey.bytesPerLine()
    data = np.frombuffer(grey.constBits(), dtype=np.uint8, count=stride * grey.height())
    return data.reshape(grey.height(), stride)[:, : grey.width()].copy()


# --- preview ---------------------------------------------------------------------------------

# Semi-planar 4:2:0: byte offsets of (U, V) in the interleaved chroma plane.
_SEMI_PLANAR = {PF.Format_NV12: (0, 1), PF.Format_NV21: (1, 0)}
_PLANAR = {  # (U plane, V plane, vertical subsampling)
    PF.Format_YUV420P: (1, 2, 2),
    PF.Format_YV12: (2, 1, 2),
    PF.Format_YUV422P: (1, 2, 1),
}
# Packed 4:2:2: offsets of (Y, U, V) in each 4-byte pair of pixels.
_PACKED_OFFSETS = {PF.Format_YUYV: (0, 1, 3), PF.Format_UYVY: (1, 0, 2)}


def preview_image(frame: QVideoFrame, max_width: int, max_height: int) -> QImage:
    """A colour picture of the frame, about the given size, made cheaply.

    Pixels are sampled (every k-th row and column; for YUV k is rounded up to an even number,
    so luma and chroma are plain strided views), not converted at full resolution: a 1080p
    frame costs a few milliseconds instead of the ~15 ms of ``QVideoFrame.toImage``. Formats
    without a fast path go through ``toImage``.
    """
    width, height = frame.width(), frame.height()
    step = max(1, min(width // max(1, max_width), height // max(1, max_height)))
    fmt = frame.pixelFormat()
    fast = fmt in _SEMI_PLANAR or fmt in _PLANAR or fmt in _PACKED_OFFSETS or fmt in _RGB32
    if not fast or not frame.map(QVideoFrame.MapMode.ReadOnly):
        image = frame.toImage()
        return image.scaled(width // step, height // step) if step > 1 else image
    try:
        rgb = _sampled_rgb(frame, fmt, step)
    finally:
        frame.unmap()
    rgb = np.ascontiguousarray(rgb)
    return QImage(
        rgb.data, rgb.shape[1], rgb.shape[0], 3 * rgb.shape[1], QImage.Format.Format_RGB888
    ).copy()


def _plane(frame: QVideoFrame, index: int, rows: int) -> np.ndarray:
    stride = frame.bytesPerLine(index)
    return np.frombuffer(frame.bits(index), dtype=np.uint8, count=stride * rows).reshape(
        rows, stride
    )


def _sampled_rgb(frame: QVideoFrame, fmt: PF, step: int) -> np.ndarray:
    """Every ``step``-th pixel as RGB (YUV: ``step`` rounded up to an even number)."""
    height, width = frame.height(), frame.width()
    if fmt in _RGB32:
        packed = _plane(frame, 0, height)[::step, : 4 * width].reshape(-1, width, 4)
        return packed[:, ::step][:, :, list(_RGB32[fmt])]
    even = 2 * max(1, -(-step // 2))  # an even luma step (rounded up): chroma is every even/2
    if fmt in _PACKED_OFFSETS:
        y_off, u_off, v_off = _PACKED_OFFSETS[fmt]
        pairs = _plane(frame, 0, height)[::even, : 4 * (width // 2)].reshape(-1, width // 2, 4)
        picked = pairs[:, :: even // 2]
        return _yuv_to_rgb(picked[:, :, y_off], picked[:, :, u_off], picked[:, :, v_off])
    luma = _plane(frame, 0, height)[::even, :width:even]
    if fmt in _SEMI_PLANAR:
        u_off, v_off = _SEMI_PLANAR[fmt]
        chroma = _plane(frame, 1, (height + 1) // 2)[:: even // 2, : 2 * ((width + 1) // 2)]
        pairs = chroma.reshape(chroma.shape[0], -1, 2)[:, :: even // 2]
        u, v = pairs[:, :, u_off], pairs[:, :, v_off]
    else:
        u_plane, v_plane, vertical = _PLANAR[fmt]
        rows = (height + vertical - 1) // vertical
        chroma_cols = (width + 1) // 2
        u = _plane(frame, u_plane, rows)[:: even // vertical, : chroma_cols : even // 2]
        v = _plane(frame, v_plane, rows)[:: even // vertical, : chroma_cols : even // 2]
    return _yuv_to_rgb(luma, u, v)


def _yuv_to_rgb(luma: np.ndarray, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Full-range BT.601 YUV (fixed point, preview quality) as uint8 RGB (HxWx3)."""
    rows = min(luma.shape[0], u.shape[0], v.shape[0])
    cols = min(luma.shape[1], u.shape[1], v.shape[1])
    y = luma[:rows, :cols].astype(np.int16)
    cb = u[:rows, :cols].astype(np.int16) - 128
    cr = v[:rows, :cols].astype(np.int16) - 128
    rgb = np.empty((rows, cols, 3), dtype=np.uint8)
    # Coefficients x32 keep the products inside int16: 1.402, 0.344/0.714, 1.772.
    for channel, value in enumerate(
        (y + ((45 * cr) >> 5), y - ((11 * cb + 23 * cr) >> 5), y + ((57 * cb) >> 5))
    ):
        rgb[:, :, channel] = np.clip(value, 0, 255)
    return rgb
