"""The simulator's own small AAMVA reader and writer (header, subfile designators, elements).

Deliberately minimal and independent of ``kiosk_app.barcode`` (the simulator stands in for a
remote service and must not share the kiosk's parser): it reads the header, the subfile
designators and the elements of each subfile, tolerating offsets that do not point at their
subfile, and it writes well-formed payloads for the demo samples.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

COMPLIANCE = b"@\n\x1e\r"
FILE_TYPE = b"ANSI "
DOCUMENT_SUBFILES = ("DL", "ID")
# Issuer identification numbers of the 13 Canadian provinces and territories.
CANADIAN_IINS = frozenset(
    {
        "604426",
        "604427",
        "604428",
        "604429",
        "604430",
        "604431",
        "604432",
        "604433",
        "636012",
        "636013",
        "636016",
        "636017",
        "636028",
        "636044",
        "636048",
    }
)
_HEADER_SEARCH_LIMIT = 16
_DESIGNATOR = re.compile(rb"([A-Z]{2})(\d{4})(\d{4})")
_ELEMENT_ID = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True)
class Designator:
    """One subfile designator: type, offset from the start of the file, length in bytes."""

    subfile_type: str
    offset: int
    length: int


@dataclass(frozen=True)
class AamvaDocument:
    """A payload as read: header values, designators and the elements of each subfile."""

    iin: str
    version: int
    jurisdiction_version: int | None
    designators: tuple[Designator, ...]
    subfiles: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def elements(self) -> Mapping[str, str]:
        """The elements of the DL or ID subfile (the first present)."""
        for subfile_type in DOCUMENT_SUBFILES:
            if subfile_type in self.subfiles:
                return self.subfiles[subfile_type]
        return {}

    @property
    def document_type(self) -> str:
        """``DL`` or ``ID``: the document subfile found."""
        return next((t for t in DOCUMENT_SUBFILES if t in self.subfiles), "DL")

    @property
    def is_canadian(self) -> bool:
        """True for a Canadian issuer (by country element, else by IIN)."""
        country = self.elements.get("DCG", "")
        return country == "CAN" if country else self.iin in CANADIAN_IINS

    def get(self, element_id: str) -> str:
        """The value of a document element, or "" when absent (and for a middle name "NONE")."""
        value = self.elements.get(element_id, "")
        return "" if element_id == "DAD" and value.upper() == "NONE" else value

    def date(self, element_id: str) -> date | None:
        """A date element, read as CCYYMMDD for Canada and MMDDCCYY otherwise (with fallback)."""
        return parse_aamva_date(self.get(element_id), canadian=self.is_canadian)


def parse_aamva_date(raw: str, *, canadian: bool) -> date | None:
    """Read an 8-digit AAMVA date in the issuer's order, trying the other order if invalid."""
    if not re.fullmatch(r"\d{8}", raw):
        return None
    iso = (int(raw[0:4]), int(raw[4:6]), int(raw[6:8]))
    us = (int(raw[4:8]), int(raw[0:2]), int(raw[2:4]))
    for year, month, day in (iso, us) if canadian else (us, iso):
        try:
            return date(year, month, day)
        except ValueError:
            continue
    return None


def read_document(payload: bytes) -> AamvaDocument | None:
    """Read a payload; None when it is not an AAMVA payload with a DL or ID subfile."""
    start = payload.find(FILE_TYPE, 0, _HEADER_SEARCH_LIMIT + len(FILE_TYPE))
    if start < 0:
        start = payload.find(b"AAMVA", 0, _HEADER_SEARCH_LIMIT + 5)
        if start < 0:
            return None
        start += 5
    else:
        start += len(FILE_TYPE)
    header = _read_header(payload, start)
    if header is None:
        return None
    iin, version, jurisdiction_version, designators, header_end = header
    subfiles = {d.subfile_type: _read_elements(payload, d, header_end) for d in designators}
    if not any(t in subfiles and subfiles[t] for t in DOCUMENT_SUBFILES):
        return None
    return AamvaDocument(iin, version, jurisdiction_version, designators, subfiles)


def _read_header(
    payload: bytes, pos: int
) -> tuple[str, int, int | None, tuple[Designator, ...], int] | None:
    head = payload[pos : pos + 12]
    if len(head) < 10 or not head[:8].isdigit():
        return None
    iin, version = head[:6].decode("ascii"), int(head[6:8])
    jurisdiction_version: int | None = None
    pos += 8
    if version >= 2:
        if not payload[pos : pos + 2].isdigit():
            return None
        jurisdiction_version = int(payload[pos : pos + 2])
        pos += 2
    count_bytes = payload[pos : pos + 2]
    if not count_bytes.isdigit():
        return None
    pos += 2
    designators = []
    for _ in range(int(count_bytes)):
        match = _DESIGNATOR.fullmatch(payload[pos : pos + 10])
        if match is None:
            return None
        designators.append(
            Designator(match.group(1).decode("ascii"), int(match.group(2)), int(match.group(3)))
        )
        pos += 10
    return iin, version, jurisdiction_version, tuple(designators), pos


def _read_elements(payload: bytes, designator: Designator, header_end: int) -> dict[str, str]:
    kind = designator.subfile_type.encode("ascii")
    start = designator.offset
    if start >= header_end and payload[start : start + 2] == kind:
        chunk = payload[start + 2 : start + designator.length]
    else:
        # Real-world offsets are often off by a few bytes: look for the type and an element id.
        found = re.compile(re.escape(kind) + rb"[A-Z]{3}").search(payload, header_end)
        if found is None:
            return {}
        chunk = payload[found.start() + 2 :]
    elements: dict[str, str] = {}
    for line in re.split(r"[\r\n]", chunk.decode("latin-1")):
        line = line.strip()
        if len(line) >= 3 and _ELEMENT_ID.fullmatch(line[:3]):
            elements.setdefault(line[:3], line[3:].strip())
    return elements


def subfile(subfile_type: str, elements: Sequence[tuple[str, str]]) -> bytes:
    """One subfile: its type, the elements separated by LF, terminated by CR."""
    body = "\n".join(element_id + value for element_id, value in elements)
    return (subfile_type + body + "\r").encode("latin-1")


def build_payload(
    iin: str, version: int, jurisdiction_version: int, subfiles: Sequence[tuple[str, bytes]]
) -> bytes:
    """A whole payload: compliance indicator, header, designators with correct offsets, subfiles.

    ``subfiles`` holds (type, bytes from :func:`subfile`) pairs in file order.
    """
    header_length = len(COMPLIANCE) + len(FILE_TYPE) + 12 + 10 * len(subfiles)
    header = COMPLIANCE + FILE_TYPE + f"{iin}{version:02d}{jurisdiction_version:02d}".encode()
    header += f"{len(subfiles):02d}".encode()
    offset = header_length
    for subfile_type, data in subfiles:
        header += f"{subfile_type}{offset:04d}{len(data):04d}".encode("ascii")
        offset += len(data)
    return header + b"".join(data for _, data in subfiles)
