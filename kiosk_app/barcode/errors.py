"""Typed errors of the barcode pipeline; each carries a hint a clerk can act on."""

from __future__ import annotations

from kiosk_app.text import QT_TRANSLATE_NOOP


class BarcodeError(Exception):
    """Base of every decoding or parsing error; ``hint`` is what the screen shows."""

    default_hint = QT_TRANSLATE_NOOP("messages", "The barcode could not be read.")

    def __init__(self, hint: str | None = None) -> None:
        self.hint = hint or self.default_hint
        super().__init__(self.hint)


class UnreadableImageError(BarcodeError):
    """The file is not an image, is truncated, or is too large to open safely."""

    default_hint = QT_TRANSLATE_NOOP(
        "messages", "That file is not a picture the kiosk can open. Try another photo or scan."
    )


class UnsupportedImageFormatError(UnreadableImageError):
    """A picture in a format the kiosk does not open (only what scanners and cameras write)."""

    default_hint = QT_TRANSLATE_NOOP(
        "messages",
        "The kiosk opens only PNG, JPEG, TIFF, BMP, GIF, WebP and PNM pictures. "
        "Save the scan in one of those formats.",
    )


class PictureTooCostlyError(UnreadableImageError):
    """Opening the picture went past its time or memory limit, so it was stopped."""

    default_hint = QT_TRANSLATE_NOOP(
        "messages",
        "The picture needs too much time or memory to open safely. Use a smaller photo or scan.",
    )


class PictureCancelledError(BarcodeError):
    """Reading the picture was stopped (Cancel, a new customer, the idle wipe)."""

    default_hint = QT_TRANSLATE_NOOP("messages", "Reading the picture was stopped.")


class NoBarcodeFoundError(BarcodeError):
    """The image opened but no PDF417 carrying licence data was found in it.

    ``symbol_box`` is where a bar pattern like a symbol's was seen all the same (left, top,
    right, bottom in the picture's pixels; None: nowhere, or not looked for): a card in view
    the decoder could not read.
    """

    default_hint = QT_TRANSLATE_NOOP(
        "messages",
        "No licence barcode found — hold the card flatter, move closer and avoid glare, "
        "then try again.",
    )

    def __init__(
        self, hint: str | None = None, symbol_box: tuple[int, int, int, int] | None = None
    ) -> None:
        super().__init__(hint)
        self.symbol_box = symbol_box


class NotAamvaError(BarcodeError):
    """The barcode or payload is not AAMVA licence data."""

    default_hint = QT_TRANSLATE_NOOP(
        "messages", "That barcode is not from a driver's licence or ID card."
    )


class TruncatedPayloadError(NotAamvaError):
    """The payload starts like AAMVA data but is cut off beyond recovery."""

    default_hint = QT_TRANSLATE_NOOP(
        "messages", "The licence barcode was only partly read. Scan it again."
    )


class RepairedPayloadError(BarcodeError):
    """A signature check was asked for a payload that is not the barcode's exact bytes."""

    default_hint = QT_TRANSLATE_NOOP(
        "messages",
        "The scanner changed some of the barcode's characters, so the signature cannot be "
        "checked on this scan. Scan the licence with the camera, or set the scanner to send "
        "control characters.",
    )
