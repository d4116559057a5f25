"""The limits on the pictures the kiosk opens, without the imaging libraries.

``kiosk_app.barcode.imaging`` opens pictures with Pillow and numpy; the watched folder and the
benchmarks only need its limits, and importing them from here keeps those libraries out of the
kiosk's start.
"""

from __future__ import annotations

# Largest picture opened (pixels). A 48 MP phone photo fits; a decompression bomb does not.
MAX_IMAGE_PIXELS = 50_000_000
# Largest file read into memory (bytes).
MAX_FILE_BYTES = 64 * 1024 * 1024
# The only Pillow decoders used: what scanners and cameras write (PPM is Pillow's name for the
# PNM family: PBM, PGM, PPM). Every other decoder is attack surface (EPS hands the file to
# Ghostscript; JPEG 2000, PSD, ICO, TGA... are never a scan).
OPENED_FORMATS = ("PNG", "JPEG", "TIFF", "BMP", "GIF", "WEBP", "PPM")
