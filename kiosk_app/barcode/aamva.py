"""Tolerant AAMVA DL/ID payload parser (versions 01-10). Imports no Qt.

``looks_like_aamva`` is the cheap check the decoder uses to accept a read;
``parse_aamva`` (below) turns the bytes into a typed :class:`LicenceRecord`.
"""

from __future__ import annotations

import re

_BOM = b"\xef\xbb\xbf"
_AIM_PREFIX = re.compile(rb"^\][A-Za-z][0-9A-Za-z]")
_FILE_TYPE = re.compile(rb"ANSI ?|AAMVA", re.IGNORECASE)
_DL_SUBFILE = re.compile(rb"(?:DL|ID)(?:DAQ|DCS|DAA|DCT|DAC|DBB|DCA)")


def _strip_lead(payload: bytes) -> bytes:
    """Drop a BOM, leading whitespace/NULs and an AIM symbology prefix such as ``]L2``."""
    data = payload
    for _ in range(3):
        data = data.lstrip(b" \t\r\n\x00")
        if data.startswith(_BOM):
            data = data[len(_BOM) :]
        match = _AIM_PREFIX.match(data)
        if match:
            data = data[match.end() :]
    return data


def looks_like_aamva(payload: bytes) -> bool:
    """Whether ``payload`` plausibly carries AAMVA licence data (cheap, tolerant, never raises)."""
    if not isinstance(payload, (bytes, bytearray)) or len(payload) < 10:
        return False
    data = _strip_lead(bytes(payload))
    head = data[:40]
    if data.startswith(b"@") and _FILE_TYPE.search(head):
        return True
    return _DL_SUBFILE.search(data[:400]) is not None
