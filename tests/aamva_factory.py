"""Synthetic AAMVA payloads for tests: every version 01-10, US and Canadian, DL and ID.

``build_payload(spec)`` writes a well-formed payload per the AAMVA DL/ID card design standard
(header, subfile designators with exact offsets and lengths, LF-separated elements, CR-terminated
subfiles). ``DAMAGES`` reproduces, one function each, the damage seen in the field; apply with
``damaged(payload, name)``. The decoder's tests render these payloads as PDF417 images.
All names and numbers are invented.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date

from kiosk_app.barcode.jurisdictions import CAN, by_code

LF, RS, CR = b"\n", b"\x1e", b"\r"
COMPLIANCE = b"@" + LF + RS + CR


@dataclass(frozen=True)
class CardSpec:
    """What a synthetic card says; defaults are a US (California) version-10 licence."""

    version: int = 10
    jurisdiction: str = "CA"
    document_type: str = "DL"
    family_name: str = "PUBLIC"
    first_name: str = "JOHN"
    middle_name: str = "QUINCY"
    suffix: str = ""
    date_of_birth: date = date(1980, 1, 31)
    issue_date: date = date(2023, 5, 1)
    expiry_date: date = date(2031, 1, 31)
    licence_number: str = "D1234567"
    sex: str = "M"
    eye_colour: str = "BRO"
    hair_colour: str = "BLK"
    height_inches: int = 69
    height_cm: int = 175
    weight_lbs: int = 180
    street: str = "123 MAIN ST"
    street2: str = ""
    city: str = "ANYTOWN"
    postal_code: str = "902230000"
    vehicle_class: str = "C"
    restrictions: str = "NONE"
    endorsements: str = "NONE"
    compliance_type: str = "F"
    organ_donor: bool = True
    veteran: bool = False
    jurisdiction_elements: tuple[tuple[str, str], ...] = field(default=(("A", "Y"), ("B", "01")))
    omit: tuple[str, ...] = ()  # element ids left out of the DL/ID subfile
    # (id, raw value) pairs replacing an element's value, or added when the card lacks it
    overrides: tuple[tuple[str, str], ...] = ()

    @property
    def iin(self) -> str:
        """The issuer's IIN from the project's table."""
        known = by_code(self.jurisdiction)
        assert known is not None
        return known.iin

    @property
    def country(self) -> str:
        """``USA`` or ``CAN``."""
        known = by_code(self.jurisdiction)
        assert known is not None
        return known.country


def canadian_spec(**changes: object) -> CardSpec:
    """An Ontario licence (dates CCYYMMDD, height in cm)."""
    base = CardSpec(
        jurisdiction="ON", family_name="TREMBLAY", first_name="MARIE", middle_name="ANNE",
        sex="F", licence_number="T76543210987654", postal_code="K1A0B1", vehicle_class="G",
        city="OTTAWA", street="80 WELLINGTON ST", compliance_type="",
    )  # fmt: skip
    return replace(base, **changes)  # type: ignore[arg-type]


def quebec_spec(**changes: object) -> CardSpec:
    """A Quebec licence with accented names (encoded ISO 8859-1 in the payload)."""
    base = canadian_spec(
        jurisdiction="QC", family_name="BÉLANGER-CÔTÉ", first_name="JOSÉE",
        middle_name="HÉLÈNE", licence_number="B456323061512", postal_code="H2X1Y4",
        vehicle_class="5", city="MONTRÉAL", street="1500 RUE SAINT-DENIS",
    )  # fmt: skip
    return replace(base, **changes)  # type: ignore[arg-type]


def _anniversary(birth: date, years: int) -> date:
    """The ``years``-th birthday; a 29 February birthday falls on 1 March in common years."""
    try:
        return birth.replace(year=birth.year + years)
    except ValueError:
        return date(birth.year + years, 3, 1)


def _date(value: date, spec: CardSpec) -> str:
    if spec.country == CAN or spec.version == 1:
        return value.strftime("%Y%m%d")
    return value.strftime("%m%d%Y")


def _sex_code(spec: CardSpec) -> str:
    codes = {"M": ("M", "1"), "F": ("F", "2"), "X": ("X", "9")}[spec.sex]
    return codes[0] if spec.version == 1 else codes[1]


def _height(spec: CardSpec) -> tuple[str, str]:
    if spec.country == CAN:
        return (
            ("DAV", f"{spec.height_cm}") if spec.version == 1 else ("DAU", f"{spec.height_cm} cm")
        )
    if spec.version == 1:
        return "DAU", f"{spec.height_inches // 12}{spec.height_inches % 12:02d}"
    return "DAU", f"{spec.height_inches:03d} IN"


def _names(spec: CardSpec) -> list[tuple[str, str]]:
    if spec.version == 1:
        parts = [spec.family_name, spec.first_name, spec.middle_name]
        if spec.suffix:
            parts.append(spec.suffix)
        return [("DAA", ",".join(parts))]
    if spec.version <= 3:
        joiner = "," if spec.version == 2 else " "
        given = joiner.join(p for p in (spec.first_name, spec.middle_name) if p)
        names = [("DCS", spec.family_name), ("DCT", given)]
        return names + ([("DCU", spec.suffix)] if spec.suffix else [])
    return [
        ("DCS", spec.family_name), ("DAC", spec.first_name), ("DAD", spec.middle_name or "NONE"),
        ("DDE", "N"), ("DDF", "N"), ("DDG", "N"), ("DCU", spec.suffix),
    ]  # fmt: skip


def dl_elements(spec: CardSpec) -> list[tuple[str, str]]:
    """The DL/ID subfile's elements, in the order and form of ``spec.version``."""
    changes = dict(spec.overrides)
    elements = [
        (eid, changes.pop(eid, value))
        for eid, value in _all_dl_elements(spec)
        if eid not in spec.omit
    ]
    return elements + list(changes.items())


def _all_dl_elements(spec: CardSpec) -> list[tuple[str, str]]:
    height = _height(spec)
    address = [
        ("DAG", spec.street), ("DAI", spec.city), ("DAJ", spec.jurisdiction),
        ("DAK", spec.postal_code),
    ] + ([("DAH", spec.street2)] if spec.street2 else [])  # fmt: skip
    dates = [("DBA", _date(spec.expiry_date, spec)), ("DBB", _date(spec.date_of_birth, spec)),
             ("DBD", _date(spec.issue_date, spec))]  # fmt: skip
    if spec.version == 1:
        return [
            ("DAQ", spec.licence_number), *_names(spec), *address,
            ("DAR", spec.vehicle_class), ("DAS", spec.restrictions), ("DAT", spec.endorsements),
            height, ("DAW", str(spec.weight_lbs)), ("DAY", spec.eye_colour), *dates,
            ("DBC", _sex_code(spec)), ("DBH", "Y" if spec.organ_donor else "N"),
        ]  # fmt: skip
    common = [
        ("DCA", spec.vehicle_class), ("DCB", spec.restrictions), ("DCD", spec.endorsements),
        *dates, *_names(spec), ("DBC", _sex_code(spec)), ("DAY", spec.eye_colour), height,
        *address, ("DAQ", spec.licence_number), ("DCF", "DOC0123456789"),
        ("DCG", spec.country), ("DAZ", spec.hair_colour), ("DCK", "INV000111222"),
    ]  # fmt: skip
    if spec.document_type == "ID":
        common = [e for e in common if e[0] not in {"DCA", "DCB", "DCD"}]
    if spec.version >= 4:
        under_21 = _anniversary(spec.date_of_birth, 21)
        common += [("DDB", _date(date(2020, 1, 1), spec)), ("DDJ", _date(under_21, spec)),
                   ("DAW", str(spec.weight_lbs))]  # fmt: skip
        if spec.compliance_type:
            common.append(("DDA", spec.compliance_type))
        common += [("DDK", "1" if spec.organ_donor else ""), ("DDL", "1" if spec.veteran else "")]
    return common


def _subfile(kind: str, elements: list[tuple[str, str]]) -> bytes:
    text = "\n".join(element_id + value for element_id, value in elements)
    return kind.encode("ascii") + text.encode("latin-1") + CR


def build_payload(spec: CardSpec) -> bytes:
    """A well-formed payload for ``spec`` with exact designator offsets and lengths."""
    z_type = "Z" + spec.jurisdiction[0]
    subfiles = [(spec.document_type, _subfile(spec.document_type, dl_elements(spec)))]
    if spec.jurisdiction_elements:
        z_elements = [(z_type + letter, value) for letter, value in spec.jurisdiction_elements]
        subfiles.append((z_type, _subfile(z_type, z_elements)))
    counts = f"{spec.version:02d}" + ("" if spec.version == 1 else "00") + f"{len(subfiles):02d}"
    prefix = COMPLIANCE + b"ANSI " + spec.iin.encode() + counts.encode()
    offset = len(prefix) + 10 * len(subfiles)
    designators = b""
    for kind, body in subfiles:
        designators += f"{kind}{offset:04d}{len(body):04d}".encode("ascii")
        offset += len(body)
    return prefix + designators + b"".join(body for _, body in subfiles)


_DESIGNATOR = re.compile(rb"(DL|ID|Z[A-Z])(\d{4})(\d{4})")


def _rewrite_designators(payload: bytes, change: Callable[[int, int], tuple[int, int]]) -> bytes:
    def sub(match: re.Match[bytes]) -> bytes:
        offset, length = change(int(match.group(2)), int(match.group(3)))
        return match.group(1) + f"{offset:04d}{length:04d}".encode()

    head_end = payload.index(b"ANSI ") + 5 + 12 + 10 * 4 if b"ANSI " in payload else 60
    return _DESIGNATOR.sub(sub, payload[:head_end], count=4) + payload[head_end:]


def _header_end(payload: bytes) -> int:
    return payload.index(b"ANSI ")


def _replace_in_header(payload: bytes, old: bytes, new: bytes) -> bytes:
    end = _header_end(payload)
    return payload[:end].replace(old, new) + payload[end:]


def _c1_noise(payload: bytes) -> bytes:
    noise = b"\xc2\x90"
    return payload.replace(LF, noise + LF + noise)


def _drop_document_type(payload: bytes) -> bytes:
    match = re.search(rb"(?:DL|ID)\d{8}(?:Z[A-Z]\d{8})*((?:DL|ID))(?=D[A-Z]{2})", payload)
    assert match is not None
    return payload[: match.start(1)] + payload[match.end(1) :]


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "bom": lambda p: b"\xef\xbb\xbf" + p,
    "leading_spaces": lambda p: b"   " + p,
    "aim_prefix": lambda p: b"]L2" + p,
    "bom_and_space": lambda p: b"\xef\xbb\xbf " + p,
    "mangled_compliance": lambda p: b"@\n6" + p[len(COMPLIANCE) :],
    "junk_compliance": lambda p: b"@a\n" + p[len(COMPLIANCE) :],
    "aamva_file_type": lambda p: p.replace(b"ANSI ", b"AAMVA", 1),
    "fs_for_rs": lambda p: _replace_in_header(p, RS, b"\x1c"),
    "lf_for_rs": lambda p: _replace_in_header(p, RS, LF),
    "rs_missing": lambda p: _replace_in_header(p, RS, b""),
    "compliance_missing": lambda p: b"@" + p[len(COMPLIANCE) :],
    "lf_for_cr": lambda p: p.replace(CR, LF),
    "crlf": lambda p: p.replace(LF, CR + LF),
    "cr_only": lambda p: p.replace(LF, CR),
    "pipe_separators": lambda p: p.replace(LF, b"|").replace(CR, b"|"),
    "wrong_offsets": lambda p: _rewrite_designators(p, lambda o, n: (o + 7, n + 3)),
    "zero_offsets": lambda p: _rewrite_designators(p, lambda o, n: (0, 0)),
    "wedge_no_controls": lambda p: bytes(b for b in p if b >= 0x20),
    "c1_noise": _c1_noise,
    "missing_subfile_type": _drop_document_type,
    "trailing_garbage_lines": lambda p: p + b"\n\n\r\n",
}


def damaged(payload: bytes, name: str) -> bytes:
    """``payload`` with the named field damage applied."""
    return DAMAGES[name](payload)


def sample_specs() -> Iterator[tuple[str, CardSpec]]:
    """A named spec for every version, US and Canadian (incl. Quebec), DL and ID."""
    for version in range(1, 11):
        yield f"us-dl-v{version:02d}", CardSpec(version=version)
        yield f"us-id-v{version:02d}", CardSpec(version=version, document_type="ID", sex="F",
                                                first_name="JANE", jurisdiction="NY",
                                                postal_code="122010000")  # fmt: skip
        yield f"on-dl-v{version:02d}", canadian_spec(version=version)
        yield f"qc-dl-v{version:02d}", quebec_spec(version=version)
        yield f"qc-id-v{version:02d}", quebec_spec(version=version, document_type="ID")
