"""Tolerant AAMVA DL/ID payload parser (versions 01-10). Imports no Qt.

``looks_like_aamva`` is the cheap check the decoder uses to accept a read; ``parse_aamva`` turns
the bytes into a typed :class:`~kiosk_app.barcode.licence.LicenceRecord`.

The parser trusts the payload's structure only as far as it checks out: subfile offsets are used
when the subfile type is really found there, otherwise the subfile is searched for; any of LF,
CR, RS, FS, GS (and ``|`` when the header uses it) separates elements; a payload whose control
characters were all dropped (keyboard-wedge scanners) is split again at known element ids.
Error messages name the problem, never the data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kiosk_app.barcode.consistency_rules import missing_mandatory
from kiosk_app.barcode.elements import elements_of_version, is_known_element
from kiosk_app.barcode.errors import BarcodeError, NotAamvaError, TruncatedPayloadError
from kiosk_app.barcode.licence import LicenceRecord, PayloadFacts, build_record
from kiosk_app.barcode.wedge import split_at_element_ids, value_fits
from kiosk_app.text import QT_TRANSLATE_NOOP

__all__ = [
    "RawPayload",
    "looks_like_aamva",
    "parse_aamva",
    "parse_aamva_strict",
    "split_payload",
    "well_formed_aamva",
]

_BOM = b"\xef\xbb\xbf"
_AIM_PREFIX = re.compile(rb"^\][A-Za-z][0-9A-Za-z]")
# A C1 control character that went through UTF-8 (seen as 0xC2 0x90 around separators).
_C1_AS_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")
_FILE_TYPE = re.compile(rb"ANSI ?|AAMVA", re.IGNORECASE)
_HEADER = re.compile(rb"(?:ANSI ?|AAMVA)(\d{6})(\d{2})", re.IGNORECASE)
_DESIGNATOR = re.compile(rb"([A-Z]{2})(\d{4})(\d{4})")
_DL_SUBFILE = re.compile(rb"(?:DL|ID)[\n\r\x1c-\x1e]*(?:DAQ|DCS|DAA|DCT|DAC|DBB|DCA|DBA)")
_BARE_ELEMENT = re.compile(rb"[\n\r\x1c-\x1e]*D[A-Z]{2}")
_BASE_SEPARATORS = b"\n\r\x1c\x1d\x1e"
_MAX_LEAD_JUNK = 8
_MAX_HEADER_GAP = 16
_MAX_PAYLOAD = 64 * 1024
# Header sizes of the standard (Annex D): "@", 3 compliance bytes, "ANSI ", IIN (6), version
# (2), jurisdiction version (2, from version 02 on), number of entries (2); then 10 bytes per
# subfile designator.
_HEADER_SIZE_V1 = 19
_HEADER_SIZE = 21
_DESIGNATOR_SIZE = 10
_DOCUMENT_TYPES = (b"DL", b"ID")
# A payload may end this many bytes before its declared length (a dropped final terminator)
# without a note.
_LENGTH_SLACK = 2
# A subfile of another type than DL or ID is read as the licence subfile when it holds at least
# this many standard DL/ID elements and they are most of its elements ("EN", enhanced licences).
_MIN_LICENCE_ELEMENTS = 3
_CUT_OFF = QT_TRANSLATE_NOOP(
    "messages",
    "The licence barcode data is cut off: it ends before the length its header declares.",
)
_ELEMENT_ENDS = (b"\n", b"\r", b"\x1c", b"\x1d", b"\x1e")


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
    data = _strip_lead(_C1_AS_UTF8.sub(b"", bytes(payload[:2048])))
    head = data[:40]
    if b"@" in head[:_MAX_LEAD_JUNK] and _FILE_TYPE.search(head):
        return True
    return _DL_SUBFILE.search(data[:400]) is not None


def well_formed_aamva(payload: bytes) -> bool:
    """Whether ``payload`` is licence data down to its structure (never raises): a header with
    its file type, IIN, version and subfile designators, a DL or ID subfile, and every element's
    value printable.

    Stricter than :func:`looks_like_aamva`, which a misread can pass: a 1.3 px/module tilted
    card read through a last-resort clean-up came out as 238 bytes of garbage that began with
    ``@`` and held ``DLDAQ``, but had no ``ANSI`` header and control characters in values.
    The header's offsets and lengths are not compared with the data: real cards miss their
    own by up to 43 bytes (the corpus: WV, MA, LA; Jay-Mason's fixtures by 114).
    """
    try:
        raw = split_payload(payload)
    except Exception:  # any malformed data is simply not well formed
        return False
    header = raw.header
    if not header.version or not header.designators:
        return False
    return all(value.isprintable() for value in raw.elements.values())


@dataclass(frozen=True)
class Designator:
    """One subfile designator of the header: type (``DL``, ``ID``, ``Z?``), offset, length."""

    subfile_type: bytes
    offset: int
    length: int


@dataclass(frozen=True)
class Header:
    """The parsed header; ``version`` 0 means no header was found (a bare subfile)."""

    iin: str | None
    version: int
    jurisdiction_version: int | None
    entries: int
    designators: tuple[Designator, ...]
    body_start: int


@dataclass(frozen=True)
class RawPayload:
    """The payload split into header, elements and raw jurisdiction subfiles."""

    header: Header
    document_type: str
    elements: dict[str, str]
    jurisdiction_subfiles: dict[str, bytes]
    recovered_from_wedge: bool
    short_by: int = 0
    # The type of the subfile read as the licence subfile when it is neither DL nor ID ("EN").
    unusual_subfile_type: str | None = None


def _clean(payload: bytes) -> bytes:
    """The payload from its ``@`` on, with lead junk and UTF-8-encoded C1 controls removed."""
    data = _strip_lead(_C1_AS_UTF8.sub(b"", payload))
    at = data.find(b"@", 0, _MAX_LEAD_JUNK)
    return data[at:] if at >= 0 else data


def _digits(raw: bytes) -> int:
    return int(raw.decode("ascii"))


def _read_designators(data: bytes, pos: int) -> tuple[tuple[Designator, ...], int]:
    designators: list[Designator] = []
    while len(designators) < 16:
        match = _DESIGNATOR.match(data, pos)
        if not match:
            break
        designators.append(
            Designator(match.group(1), _digits(match.group(2)), _digits(match.group(3)))
        )
        pos = match.end()
    return tuple(designators), pos


def _parse_header(data: bytes) -> Header:
    """Read the header; tolerate junk compliance bytes and the version-01 layout."""
    match = _HEADER.search(data, 0, _MAX_HEADER_GAP + 20)
    if match is None or match.start() > _MAX_HEADER_GAP:
        if _DL_SUBFILE.search(data[:400]):
            return Header(None, 0, None, 0, (), 0)
        raise NotAamvaError(
            QT_TRANSLATE_NOOP("messages", "The data has no AAMVA header (expected '@' and 'ANSI').")
        )
    iin, version = match.group(1).decode("ascii"), _digits(match.group(2))
    after = match.end()
    layouts = [(True, after + 4), (False, after + 2)]
    if version <= 1:
        layouts.reverse()
    has_jurisdiction_version, designators_at = layouts[0]
    designators: tuple[Designator, ...] = ()
    end = min(designators_at, len(data))
    for layout_has_version, layout_at in layouts:
        found, found_end = _read_designators(data, layout_at)
        if found:
            has_jurisdiction_version, designators_at = layout_has_version, layout_at
            designators, end = found, found_end
            break
    counts = data[after:designators_at]
    jurisdiction_version = (
        _digits(counts[:2]) if has_jurisdiction_version and counts[:2].isdigit() else None
    )
    entries = _digits(counts[-2:]) if counts[-2:].isdigit() and len(counts) >= 2 else 0
    entries = entries or len(designators)
    return Header(iin, version, jurisdiction_version, entries, designators, end)


def _verified_offset(data: bytes, header: Header, designator: Designator) -> bool:
    """Whether the subfile really starts at its designated offset (type, then an element id)."""
    start = designator.offset
    kind = designator.subfile_type
    if not (header.body_start <= start < len(data) and data[start : start + 2] == kind):
        return False
    first_id = re.compile(rb"Z[A-Z0-9]{2}") if kind.startswith(b"Z") else _BARE_ELEMENT
    return first_id.match(data, start + 2) is not None


def _search_subfile(data: bytes, header: Header, subfile_type: bytes, first: bool) -> int | None:
    """Where a subfile starts when its designated offset is wrong (or there is none)."""
    body = data[header.body_start :]
    if subfile_type in _DOCUMENT_TYPES:
        starts_here = body.startswith(subfile_type) or _BARE_ELEMENT.match(body)
        if first and starts_here:
            return header.body_start
        pattern = re.compile(re.escape(subfile_type) + rb"[\n\r\x1c-\x1e]*D[A-Z]{2}")
    elif subfile_type.startswith(b"Z"):
        pattern = re.compile(re.escape(subfile_type) + rb"Z[A-Z0-9]")
    else:
        pattern = re.compile(re.escape(subfile_type) + rb"[A-Z]{3}")
    match = pattern.search(data, header.body_start)
    return match.start() if match else None


@dataclass(frozen=True)
class _Located:
    """Where the subfiles start, in payload order; how many bytes short of its declared length
    the data is (0 when it is not, or when the offsets are not trusted); whether a designated
    subfile is missing because the data stops before it begins."""

    starts: list[tuple[bytes, int]]
    short_by: int
    subfile_lost: bool


def _locate_subfiles(data: bytes, header: Header) -> _Located:
    starts: dict[bytes, int] = {}
    short_by = 0
    lost = False
    trusted = any(
        not d.subfile_type.startswith(b"Z") and _verified_offset(data, header, d)
        for d in header.designators
    )
    for index, designator in enumerate(header.designators):
        kind = designator.subfile_type
        if kind in starts:
            continue
        if _verified_offset(data, header, designator):
            short_by = max(short_by, _short_of_declared_length(data, designator))
            starts[kind] = designator.offset
            continue
        found = _search_subfile(data, header, kind, first=index == 0)
        if found is not None and found not in starts.values():
            starts[kind] = found
        elif trusted and designator.length > 2:
            # The header's offsets proved right and this subfile is nowhere to be found: when
            # the data stops before its declared end, it was cut off.
            short = _short_of_declared_length(data, designator)
            short_by = max(short_by, short)
            lost = lost or (short > 0 and len(data) < designator.offset + len(kind))
    if not any(kind[:1] != b"Z" for kind in starts):  # a subfile typed EN may be the licence
        for kind in _DOCUMENT_TYPES:
            found = _search_subfile(data, header, kind, first=not starts)
            if found is not None:
                starts[kind] = found
                break
    return _Located(sorted(starts.items(), key=lambda item: item[1]), short_by, lost)


def _short_of_declared_length(data: bytes, designator: Designator) -> int:
    """How many bytes short of its declared end a subfile is (0 within the slack of a dropped
    terminator). Whether a short payload was cut off is decided from what is missing
    (:func:`_cut_off`), never from this number alone: real cards declare a few bytes more than
    they hold."""
    short_by = designator.offset + designator.length - len(data)
    return 0 if designator.length <= 0 or short_by <= _LENGTH_SLACK else short_by


def _last_element_cut(data: bytes, last_pairs: list[tuple[str, bytes]], tail: bytes | None) -> bool:
    """Whether the data ends inside an element: an id cut short (``...\nDA``), or a value that
    cannot be whole (a date of six digits, a two-letter country). Data ending on a separator or
    terminator ends on a whole element."""
    if data.rstrip(b" ")[-1:] in _ELEMENT_ENDS:
        return False
    if tail is not None and not _ELEMENT_ID.match(tail):
        return True
    if not last_pairs:
        return False
    element_id, raw = last_pairs[-1]
    return value_fits(element_id, raw.strip(b" \t\x00")) is False


def _cut_off(
    data: bytes, located: _Located, raw: RawPayload, last_pairs: list[tuple[str, bytes]]
) -> bool:
    """Whether a payload shorter than its header declares was cut off: a designated subfile
    never begins, the last element is cut mid-value, or an element the version requires is
    missing from the licence subfile."""
    if located.subfile_lost:
        return True
    tail = None  # the last token, when the data has separators to split it off
    if not raw.recovered_from_wedge:
        token = re.split(b"[" + re.escape(_separators(data)) + b"]", data.rstrip(b" "))[-1]
        tail = _strip_subfile_type(token.lstrip(b" \t\x00"), b"")
    if _last_element_cut(data, last_pairs, tail):
        return True
    version = raw.header.version
    return bool(version and missing_mandatory(raw.elements, version, raw.document_type))


def _separators(data: bytes) -> bytes:
    """Element separators: LF, CR, RS, FS, GS, plus the header's own when it is unusual."""
    seps = _BASE_SEPARATORS
    declared = data[1:2] if data.startswith(b"@") else b""
    if declared and (declared < b" " or declared in b"|~^;"):
        seps += declared
    if not any(sep in data for sep in b"\n\r\x1e") and data.count(b"|") >= 3:
        seps += b"|"
    return seps


def _text(raw: bytes) -> str:
    """An element value as text: UTF-8 when it is valid UTF-8 with accents, else ISO 8859-1."""
    value = raw.strip(b" \t\x00")
    if any(byte >= 0x80 for byte in value):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return value.decode("latin-1")


_ELEMENT_ID = re.compile(rb"[A-Z][A-Z0-9]{2}")
# A licence subfile holds a licence number or a date of birth (else it is cut off: build_record).
_KEY_IDS = frozenset({"DAQ", "DBB"})
# Spaces in place of element separators: a subfile split into at most this many elements that
# holds at least so many of its element ids after a space (a licence subfile, a jurisdiction's
# Z? subfile of often two elements) is split again at its element ids.
_MAX_SPACED_PAIRS = 2
_MIN_SPACED_IDS = {False: 2, True: 1}
_DOUBLE_Z_TYPE = re.compile(rb"(Z[A-Z0-9])\1")


def _tokens(body: bytes, separators: bytes) -> tuple[list[bytes], bool]:
    """The element tokens of a subfile body, or ``([], True)`` when it has no separators at all
    and its elements must be recovered from their ids."""
    if any(sep in body for sep in separators):
        split = re.split(b"[" + re.escape(separators) + b"]", body)
        return [token.lstrip(b" \t\x00") for token in split if token.strip(b" \t\x00")], False
    return [], True


def _strip_subfile_type(token: bytes, kind: bytes) -> bytes:
    """``DLDAQ...`` → ``DAQ...``, ``ZCZCA...`` → ``ZCA...`` (the subfile type opens a subfile);
    likewise ``ENDAQ...`` in a subfile of type ``kind`` ``EN``."""
    licence_type = token[:2] in _DOCUMENT_TYPES or (token[:2] == kind and kind[:1] != b"Z")
    if licence_type and re.match(rb"D[A-Z]{2}", token[2:5]):
        return token[2:]
    if _DOUBLE_Z_TYPE.match(token):
        return token[2:]
    return token


def _subfile_elements(
    body: bytes, kind: bytes, separators: bytes, version: int
) -> tuple[list[tuple[str, bytes]], bool]:
    """(id, raw value) pairs of one subfile, in order."""
    tokens, wedge = _tokens(body, separators)
    if wedge:
        stripped = _strip_subfile_type(body, kind) if body[:2] in (kind, *_DOCUMENT_TYPES) else body
        if stripped == kind:
            return [], False
        if kind.startswith(b"Z"):
            recovered = _split_jurisdiction(stripped, kind)
        else:
            version_ids = elements_of_version(version) if version else None
            recovered = split_at_element_ids(stripped, version_ids)
        return recovered, bool(recovered)
    pairs: list[tuple[str, bytes]] = []
    for token in tokens:
        token = _strip_subfile_type(token, kind)
        if token in (kind, *_DOCUMENT_TYPES) or not _ELEMENT_ID.match(token):
            continue
        pairs.append((token[:3].decode("ascii"), token[3:]))
    minimum = _MIN_SPACED_IDS[kind.startswith(b"Z")]
    if len(pairs) <= _MAX_SPACED_PAIRS and _spaced_ids(body, kind) >= minimum:
        spaced = _split_spaced(tokens, kind, version)
        if spaced:
            return spaced, True
    return pairs, False


def _spaced_ids(body: bytes, kind: bytes) -> int:
    """How many element ids of a ``kind`` subfile follow a space in ``body``."""
    own = re.escape(kind) + rb"[A-Z]" if kind.startswith(b"Z") else rb"D[A-D][A-Z]"
    return len(re.findall(rb" " + own, body))


def _split_spaced(tokens: list[bytes], kind: bytes, version: int) -> list[tuple[str, bytes]]:
    """The elements of a subfile whose element separators were replaced by spaces
    (``DAQ123 DCSPUBLIC DACJOHN``), split at the known element ids like a keyboard-wedge read
    (a jurisdiction subfile at its own ``Z?x`` ids after a space); [] when a licence subfile
    split so still has neither a licence number nor a date of birth. A space is a data
    character (``123 MAIN ST``), so this runs only on a subfile the normal split left in one or
    two elements that hold several ids after spaces."""
    if kind.startswith(b"Z"):
        spaced_id = re.compile(rb" (?=" + re.escape(kind) + rb"[A-Z])")
        return [
            (part[:3].decode("ascii"), part[3:])
            for token in tokens
            for part in spaced_id.split(_strip_subfile_type(token, kind))
            if _ELEMENT_ID.match(part)
        ]
    version_ids = elements_of_version(version) if version else None
    pairs = [
        pair
        for token in tokens
        for pair in split_at_element_ids(_strip_subfile_type(token, kind), version_ids)
    ]
    return pairs if _KEY_IDS & {element_id for element_id, _ in pairs} else []


def _split_jurisdiction(body: bytes, kind: bytes) -> list[tuple[str, bytes]]:
    """Split a separator-less jurisdiction subfile at each occurrence of its ``Z?x`` ids."""
    pattern = re.compile(re.escape(kind) + rb"[A-Z]")
    starts = [m.start() for m in pattern.finditer(body)]
    if not starts or starts[0] != 0:
        starts = [0, *starts]
    pairs = []
    for begin, end in zip(starts, [*starts[1:], len(body)], strict=True):
        token = body[begin:end]
        if _ELEMENT_ID.match(token):
            pairs.append((token[:3].decode("ascii"), token[3:]))
    return pairs


def _end_of_data(data: bytes, header: Header, located: list[tuple[bytes, int]]) -> int:
    """End of the last subfile, leaving out a bare type of a designated subfile never found
    (``...DDB02132010ZD``: the empty ``ZD`` subfile once its terminators were dropped)."""
    found = {kind for kind, _ in located}
    trimmed = data.rstrip(b"\n\r\x1c\x1d\x1e ")
    last_start = located[-1][1] if located else 0
    for designator in header.designators:
        kind = designator.subfile_type
        if kind not in found and trimmed.endswith(kind):
            return max(last_start, len(trimmed) - len(kind))
    return len(data)


def split_payload(payload: bytes) -> RawPayload:
    """Header, elements and raw jurisdiction subfiles of ``payload``; raises typed errors only."""
    if not isinstance(payload, (bytes, bytearray)):
        raise NotAamvaError(QT_TRANSLATE_NOOP("messages", "The barcode data is not a byte string."))
    if len(payload) > _MAX_PAYLOAD:
        raise NotAamvaError(
            QT_TRANSLATE_NOOP("messages", "The data is far too long to be a licence barcode.")
        )
    data = _clean(bytes(payload))
    if len(data) < 4:
        raise NotAamvaError(
            QT_TRANSLATE_NOOP(
                "messages", "The data is empty or far too short to be a licence barcode."
            )
        )
    header = _parse_header(data)
    located = _locate_subfiles(data, header)
    separators = _separators(data)
    licence_kind = _licence_subfile(data, header, located.starts, separators)
    if licence_kind is None:
        if header.version and len(data) - header.body_start < 16:
            raise TruncatedPayloadError(
                QT_TRANSLATE_NOOP(
                    "messages", "The licence barcode data is cut off after its header."
                )
            )
        raise NotAamvaError(
            QT_TRANSLATE_NOOP("messages", "The data has no driver licence or ID card subfile.")
        )
    elements: dict[str, str] = {}
    subfiles: dict[str, bytes] = {}
    document_type = "DL"
    wedge = False
    starts = located.starts
    ends = [start for _, start in starts[1:]] + [_end_of_data(data, header, starts)]
    pairs: list[tuple[str, bytes]] = []
    for (kind, start), end in zip(starts, ends, strict=True):
        body = data[start:end]
        pairs, recovered = _subfile_elements(body, kind, separators, header.version)
        if kind in _DOCUMENT_TYPES:
            document_type = kind.decode("ascii")
        elif kind == licence_kind:
            # A licence has a vehicle class; without one, the card is taken for an ID card.
            document_type = "DL" if any(eid in ("DCA", "DAR") for eid, _ in pairs) else "ID"
        else:
            subfiles[kind.decode("latin-1")] = body
        wedge = wedge or recovered
        for element_id, value in pairs:
            elements.setdefault(element_id, _text(value))
    unusual = None if licence_kind in _DOCUMENT_TYPES else licence_kind.decode("ascii")
    raw = RawPayload(header, document_type, elements, subfiles, wedge, located.short_by, unusual)
    if located.short_by and _cut_off(data, located, raw, pairs):
        raise TruncatedPayloadError(_CUT_OFF)
    return raw


def _licence_subfile(
    data: bytes, header: Header, starts: list[tuple[bytes, int]], separators: bytes
) -> bytes | None:
    """The type of the subfile holding the licence: DL or ID; else a subfile of another type the
    header designates (not a jurisdiction's ``Z?``) whose elements are DL/ID elements (``EN``,
    seen on enhanced licences); None when there is none."""
    kinds = [kind for kind, _ in starts]
    for kind in kinds:
        if kind in _DOCUMENT_TYPES:
            return kind
    designated = {d.subfile_type for d in header.designators}
    ends = [start for _, start in starts[1:]] + [len(data)] if starts else []
    for (kind, start), end in zip(starts, ends, strict=True):
        if kind.startswith(b"Z") or kind not in designated:
            continue
        pairs, _ = _subfile_elements(data[start:end], kind, separators, header.version)
        known = sum(is_known_element(element_id) for element_id, _ in pairs)
        if known >= _MIN_LICENCE_ELEMENTS and 2 * known > len(pairs):
            return kind
    return None


def _payload_facts(raw: RawPayload) -> PayloadFacts | None:
    """The header facts the consistency checks compare with the data (None without header)."""
    header = raw.header
    if not header.version:
        return None
    designators = tuple(
        (d.subfile_type.decode("latin-1"), d.offset, d.length) for d in header.designators
    )
    # The header's own layout (with or without a jurisdiction version), not its version number:
    # a few issuers write one layout under the other version.
    fixed = _HEADER_SIZE if header.jurisdiction_version is not None else _HEADER_SIZE_V1
    return PayloadFacts(
        declared_entries=header.entries,
        designators=designators,
        standard_first_offset=fixed + _DESIGNATOR_SIZE * len(designators),
        short_by=raw.short_by,
        unusual_subfile_type=raw.unusual_subfile_type,
    )


def parse_aamva_strict(payload: bytes) -> LicenceRecord:
    """:func:`parse_aamva` without its safety net (the property tests exercise this one)."""
    raw = split_payload(payload)
    header = raw.header
    return build_record(
        payload_facts=_payload_facts(raw),
        iin=header.iin,
        version=header.version,
        jurisdiction_version=header.jurisdiction_version,
        document_type=raw.document_type,
        elements=raw.elements,
        jurisdiction_subfiles=raw.jurisdiction_subfiles,
    )


def parse_aamva(payload: bytes) -> LicenceRecord:
    """Parse an AAMVA DL/ID payload into a :class:`LicenceRecord`.

    Raises :class:`NotAamvaError` when the bytes are not licence data and
    :class:`TruncatedPayloadError` when they are cut off beyond recovery; nothing else.
    """
    try:
        return parse_aamva_strict(payload)
    except (NotAamvaError, TruncatedPayloadError):
        raise
    except Exception as exc:  # the contract: only typed errors escape
        raise NotAamvaError(
            QT_TRANSLATE_NOOP("messages", "The licence barcode data is malformed.")
        ) from exc


def element_values(payload: bytes) -> tuple[str, ...]:
    """Every element value of an AAMVA payload, split the parser's own way (to register for
    redaction).

    The parser's element split (:func:`split_payload`); for a payload it cannot finish, the
    split at known element ids it uses for wedge-damaged data. A scan the parser read already
    carries its values (``LicenceRecord.elements``): use those instead.
    """
    try:
        elements = split_payload(payload).elements.values()
    except BarcodeError:
        return tuple(raw.decode("latin-1") for _, raw in split_at_element_ids(bytes(payload)))
    return tuple(elements)
