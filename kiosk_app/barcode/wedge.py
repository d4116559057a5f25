"""Recover element boundaries from a DL/ID subfile whose separators were dropped.

Keyboard-wedge scanners often swallow control characters, leaving ``DAQD1234DCSPUBLICDAC...``.
Every place where a known element id occurs is a candidate boundary; a small beam search picks
the set of boundaries whose values best fit their elements (dates of eight digits, a sex code of
one character, three-letter colour codes...), each id used at most once. Ids inside values
(``DAGOSTINO`` holds ``DAG``) lose because the split would leave a mandatory element empty or
break a formatted one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from kiosk_app.barcode.elements import DATE_ELEMENTS, ELEMENTS

_BEAM = 24
_WINDOW = 16
_SPLIT_BONUS = 2.0
_FIT = 3.0
_MISFIT = -8.0
_OFF_VERSION = -2.5

# Elements real cards never leave empty (others, even DAG, DCB or DCF, are sometimes blank).
_MANDATORY = frozenset({"DAA", "DAB", "DCS", "DCT", "DAC", "DAQ", "DAI"})
# A free-text value that itself starts with an element id is probably two elements.
_STARTS_WITH_ID = -1.0
_ID_AT_START = re.compile(rb"D[A-D][A-Z]")


def _valid_date(value: bytes) -> bool:
    if not re.fullmatch(rb"\d{8}", value):
        return False
    if value == b"00000000":
        return True
    text = value.decode("ascii")
    for year, month, day in ((text[4:], text[:2], text[2:4]), (text[:4], text[4:6], text[6:])):
        try:
            date(int(year), int(month), int(day))
            return True
        except ValueError:
            continue
    return False


def _pattern(regex: bytes, allow_empty: bool = True) -> Callable[[bytes], bool]:
    compiled = re.compile(regex)
    return lambda value: (allow_empty and not value) or compiled.fullmatch(value) is not None


_FORMATS: dict[str, Callable[[bytes], bool]] = {
    "DBC": _pattern(rb"[12459MFXU]", allow_empty=False),
    "DAY": _pattern(rb"[A-Z]{2,3}(?:[A-Z]{0,9}| [A-Z0-9 ]{0,12})", allow_empty=False),
    "DAZ": _pattern(rb"[A-Z]{2,3}(?:[A-Z]{0,9}| [A-Z0-9 ]{0,12})"),
    "DAU": _pattern(rb"\d{2,3} ?(?:IN|in|CM|cm)?", allow_empty=False),
    "DAJ": _pattern(rb"[A-Z]{2}", allow_empty=False),
    "DCG": _pattern(rb"USA|CAN", allow_empty=False),
    "DDE": _pattern(rb"[TNU]", allow_empty=False),
    "DDF": _pattern(rb"[TNU]", allow_empty=False),
    "DDG": _pattern(rb"[TNU]", allow_empty=False),
    "DDA": _pattern(rb"[FNM]"),
    "DDD": _pattern(rb"[01YN]"),
    "DDK": _pattern(rb"[01YN]"),
    "DDL": _pattern(rb"[01YN]"),
    "DBH": _pattern(rb"[01YN]"),
    "DAW": _pattern(rb"\d{2,3}"),
    "DAX": _pattern(rb"\d{2,3}"),
    "DCE": _pattern(rb"\d"),
    "DAK": _pattern(rb"[0-9A-Z][0-9A-Z -]{2,10}", allow_empty=False),
}


def value_fits(element_id: str, value: bytes) -> bool | None:
    """Whether ``value`` has the form its element always takes (a date of eight digits, a
    one-letter sex code, a two-letter state...); None for an element without such a form.
    The height is left out: its spellings (``5'10"``) are too many to tell a cut one."""
    if element_id in DATE_ELEMENTS:
        return len(re.sub(rb"\D", b"", value)) == 8
    check = _FORMATS.get(element_id)
    return None if check is None or element_id == "DAU" else check(value)


def segment_score(element_id: str, raw: bytes, version_ids: frozenset[str] | None) -> float:
    """How well ``raw`` fits as the value of ``element_id`` (higher is better)."""
    value = raw.strip(b" ")
    score = _SPLIT_BONUS
    if version_ids is not None and element_id not in version_ids:
        score += _OFF_VERSION
    if element_id in DATE_ELEMENTS:
        if _valid_date(value):
            return score + _FIT
        # Blank, or a placeholder such as MMDDCCYY on specimen cards: unlikely, not impossible.
        return score + (-3.0 if len(value) in (0, 8) else _MISFIT)
    check = _FORMATS.get(element_id)
    if check is not None:
        return score + (_FIT if check(value) else _MISFIT)
    if not value:
        return score - (2.5 if element_id in _MANDATORY else 1.0)
    match = _ID_AT_START.match(value)
    if match and match.group().decode("ascii") in ELEMENTS:
        score += _STARTS_WITH_ID
    return score


def _candidates(body: bytes) -> list[tuple[int, str]]:
    found = []
    for match in re.finditer(rb"(?=(D[A-D][A-Z]))", body):
        element_id = match.group(1).decode("ascii")
        if element_id in ELEMENTS:
            found.append((match.start(), element_id))
    return found


def split_at_element_ids(
    body: bytes, version_ids: frozenset[str] | None = None
) -> list[tuple[str, bytes]]:
    """(id, raw value) pairs recovered from a separator-less DL/ID subfile body."""
    cands = _candidates(body)
    if not cands:
        return []
    # beams[i]: best partial splits whose last boundary is candidate i.
    beams: list[list[tuple[float, frozenset[str], tuple[int, ...]]]] = [[] for _ in cands]
    beams[0] = [(0.0, frozenset({cands[0][1]}), (0,))]
    for j in range(1, len(cands)):
        pos_j, id_j = cands[j]
        options = []
        for i in range(max(0, j - _WINDOW), j):
            pos_i, id_i = cands[i]
            if pos_j - pos_i < 3:
                continue
            gain = segment_score(id_i, body[pos_i + 3 : pos_j], version_ids)
            for score, used, path in beams[i]:
                if id_j not in used:
                    options.append((score + gain, used | {id_j}, (*path, j)))
        options.sort(key=lambda option: option[0], reverse=True)
        beams[j] = options[:_BEAM]
    best: tuple[float, tuple[int, ...]] | None = None
    for i, beam in enumerate(beams):
        pos_i, id_i = cands[i]
        tail = segment_score(id_i, body[pos_i + 3 :], version_ids)
        for score, _used, path in beam:
            if best is None or score + tail > best[0]:
                best = (score + tail, path)
    assert best is not None
    chosen = best[1]
    ends = [cands[k][0] for k in chosen[1:]] + [len(body)]
    return [(cands[k][1], body[cands[k][0] + 3 : end]) for k, end in zip(chosen, ends, strict=True)]
