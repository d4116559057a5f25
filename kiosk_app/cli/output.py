"""Outside text made safe for a terminal: control characters are printed as escapes.

A barcode, a file name or a service's message can hold ESC sequences (move the cursor, rewrite
the screen, set the window title), a carriage return that overwrites the line, or bidi marks
that reorder it. Every command prints such text through :func:`plain` (one line) or
:func:`safe_json` (JSON written with ``ensure_ascii=False``).
"""

from __future__ import annotations

import re

# C0 and C1 controls, DEL, and the Unicode marks that reorder or break lines.
_UNSAFE = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
# The same minus what JSON already escapes (C0 controls); what stays raw in the JSON text.
_UNSAFE_IN_JSON = re.compile(r"[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def plain(text: str) -> str:
    """``text`` as one terminal-safe line: every control character (newline included) escaped."""
    return _UNSAFE.sub(_escape, text)


def plain_lines(lines: list[str]) -> str:
    """Our own lines joined by newlines, each made safe with :func:`plain`."""
    return "\n".join(plain(line) for line in lines)


def safe_json(text: str) -> str:
    """JSON text from ``json.dumps(..., ensure_ascii=False)`` with C1 and bidi controls as
    ``\\uXXXX`` escapes (still valid JSON, same value)."""
    return _UNSAFE_IN_JSON.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
