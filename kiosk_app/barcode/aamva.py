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

from kiosk_app.barcode.elements import elements_of_version
from kiosk_app.barcode.errors import NotAamvaError, TruncatedPayloadError
from kiosk_app.barcode.licence import LicenceRecord, PayloadFacts, build_record
from kiosk_app.barcode.wedge import split_at_element_ids

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
# A payload may end this many bytes before its declared length (a dropped final terminator).
_LENGTH_SLACK = 2
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
        raise NotAamvaError("The data has no AAMVA header (expected '@' and 'ANSI').")
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
    first_id = _BARE_ELEMENT if kind in _DOCUMENT_TYPES else re.compile(rb"Z[A-Z0-9]{2}")
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


def _locate_subfiles(data: bytes, header: Header) -> tuple[list[tuple[bytes, int]], int]:
    """(type, start) of every subfile found, in payload order; and how many bytes short of its
    declared length the data is (0 when it is not, or when the offsets are not trusted)."""
    starts: dict[bytes, int] = {}
    short_by = 0
    trusted = any(
        d.subfile_type in _DOCUMENT_TYPES and _verified_offset(data, header, d)
        for d in header.designators
    )
    for index, designator in enumerate(header.designators):
        kind = designator.subfile_type
        if kind in starts:
            continue
        if _verified_offset(data, header, designator):
            short_by = max(short_by, _check_declared_length(data, designator))
            starts[kind] = designator.offset
            continue
        found = _search_subfile(data, header, kind, first=index == 0)
        if found is not None and found not in starts.values():
            starts[kind] = found
        elif trusted and designator.length > 2:
            # The header's offsets proved right, this subfile is nowhere to be found, and the
            # data stops before its declared end: it was cut off.
            short_by = max(short_by, _check_declared_length(data, designator))
    if not any(kind in starts for kind in _DOCUMENT_TYPES):
        for kind in _DOCUMENT_TYPES:
            found = _search_subfile(data, header, kind, first=not starts)
            if found is not None:
                starts[kind] = found
                break
    return sorted(starts.items(), key=lambda item: item[1]), short_by


def _check_declared_length(data: bytes, designator: Designator) -> int:
    """How many bytes short of its declared length a subfile found at its declared offset is.

    A few bytes short is tolerated (a dropped terminator). More than that is accepted only when
    the data ends on a complete element (a separator or terminator last); when it ends inside
    an element, that element was cut: the payload is refused.
    """
    declared_end = designator.offset + designator.length
    short_by = declared_end - len(data)
    if designator.length <= 0 or short_by <= _LENGTH_SLACK:
        return 0
    if data.rstrip(b" ")[-1:] not in _ELEMENT_ENDS:
        raise TruncatedPayloadError(
            "The licence barcode data is cut off: it ends before the length its header declares."
        )
    return short_by


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
_DOUBLE_Z_TYPE = re.compile(rb"(Z[A-Z0-9])\1")


def _tokens(body: bytes, separators: bytes) -> tuple[list[bytes], bool]:
    """The element tokens of a subfile body, or ``([], True)`` when it has no separators at all
    and its elements must be recovered from their ids."""
    if any(sep in body for sep in separators):
        split = re.split(b"[" + re.escape(separators) + b"]", body)
        return [token.lstrip(b" \t\x00") for token in split if token.strip(b" \t\x00")], False
    return [], True


def _strip_subfile_type(token: bytes) -> bytes:
    """``DLDAQ...`` → ``DAQ...``, ``ZCZCA...`` → ``ZCA...`` (the subfile type opens a subfile)."""
    if token[:2] in _DOCUMENT_TYPES and re.match(rb"D[A-Z]{2}", token[2:5]):
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
        stripped = _strip_subfile_type(body) if body[:2] in (kind, *_DOCUMENT_TYPES) else body
        if stripped == kind:
            return [], False
        if kind not in _DOCUMENT_TYPES:
            recovered = _split_jurisdiction(stripped, kind)
        else:
            version_ids = elements_of_version(version) if version else None
            recovered = split_at_element_ids(stripped, version_ids)
        return recovered, bool(recovered)
    pairs: list[tuple[str, bytes]] = []
    for token in tokens:
        token = _strip_subfile_type(token)
        if token in (kind, *_DOCUMENT_TYPES) or not _ELEMENT_ID.match(token):
            continue
        pairs.append((token[:3].decode("ascii"), token[3:]))
    return pairs, False


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
        raise NotAamvaError("The barcode data is not a byte string.")
    if len(payload) > _MAX_PAYLOAD:
        raise NotAamvaError("The data is far too long to be a licence barcode.")
    data = _clean(bytes(payload))
    if len(data) < 4:
        raise NotAamvaError("The data is empty or far too short to be a licence barcode.")
    header = _parse_header(data)
    located, short_by = _locate_subfiles(data, header)
    if not any(kind in _DOCUMENT_TYPES for kind, _ in located):
        if header.version and len(data) - header.body_start < 16:
            raise TruncatedPayloadError("The licence barcode data is cut off after its header.")
        raise NotAamvaError("The data has no driver licence or ID card subfile.")
    separators = _separators(data)
    elements: dict[str, str] = {}
    subfiles: dict[str, bytes] = {}
    document_type = "DL"
    wedge = False
    ends = [start for _, start in located[1:]] + [_end_of_data(data, header, located)]
    for (kind, start), end in zip(located, ends, strict=True):
        body = data[start:end]
        if kind in _DOCUMENT_TYPES:
            document_type = kind.decode("ascii")
        else:
            subfiles[kind.decode("latin-1")] = body
        pairs, recovered = _subfile_elements(body, kind, separators, header.version)
        wedge = wedge or recovered
        for element_id, raw in pairs:
            elements.setdefault(element_id, _text(raw))
    return RawPayload(header, document_type, elements, subfiles, wedge, short_by)


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
        raise NotAamvaError("The licence barcode data is malformed.") from exc
