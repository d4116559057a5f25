"""The blocking work behind the screens: decode, parse, check. Called only from workers.

``Backend`` bundles the collaborators (decoder, parser, API client) so the session can be given
a real one (``Backend.from_settings``) or one built around fakes in unit tests. Every method may
block for seconds and raises the typed errors of ``kiosk_app.barcode.errors`` or
``kiosk_app.api.errors``; none of them touches Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any, Protocol

from kiosk_app.api.outcome import Outcome
from kiosk_app.api.validation import CanadaCheckInput, validate_canada_input
from kiosk_app.app.service_client import client_from_settings
from kiosk_app.barcode.aamva import element_values
from kiosk_app.barcode.consistency import ConsistencyReport, check_consistency
from kiosk_app.barcode.errors import BarcodeError, NotAamvaError, RepairedPayloadError
from kiosk_app.barcode.issuer import issuer_from_header, issuer_of
from kiosk_app.barcode.licence import LicenceRecord
from kiosk_app.barcode.symbol import DecodedBarcode, SymbolInfo
from kiosk_app.config import PictureFallback, Settings
from kiosk_app.flow.age import expires_within, under_minimum
from kiosk_app.flow.canada import canada_input, prefill_of, text_of
from kiosk_app.flow.models import CanadaFormData, LicenceSummary, ScanData
from kiosk_app.flow.picture_read import SERVICE_READS
from kiosk_app.flow.watchlist import identity_of
from kiosk_app.kinds import CheckKind


class DecoderLike(Protocol):
    """What the backend needs of ``kiosk_app.barcode.decode.Scanner``."""

    def decode_bytes(self, data: bytes) -> DecodedBarcode: ...

    def decode_frame(self, pixels: Any) -> DecodedBarcode: ...


class CheckResultLike(Protocol):
    """What the backend needs of the client's ``CheckResult``."""

    @property
    def outcome(self) -> Outcome: ...


class ClientLike(Protocol):
    """What the backend needs of ``kiosk_app.api.client.VerificationClient``."""

    def check_canada(self, data: CanadaCheckInput) -> CheckResultLike: ...

    def check_signature(self, payload: bytes) -> CheckResultLike: ...

    def dvs_parse(
        self, payload: bytes, *, symbol: SymbolInfo | None = ..., back_image: bytes | None = ...
    ) -> CheckResultLike: ...


class PictureClientLike(Protocol):
    """What the backend needs to have the service read a picture the kiosk could not."""

    def dvs_read_picture(self, image: bytes) -> CheckResultLike: ...

    def legacy_parse_image(self, image: bytes) -> CheckResultLike: ...


class DecoderProcess(Protocol):
    """A decoder's child process (``kiosk_app.barcode.isolation.IsolatedScanner``)."""

    def warm_up(self) -> None: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


Parser = Callable[[bytes], LicenceRecord]
Checker = Callable[[LicenceRecord, date], ConsistencyReport]


class Backend:
    """Decode, parse and check, blocking; the session runs each call in a worker.

    ``process`` is the decoder's child process when it has one (stopped, warmed up and closed
    through it); a plain ``Scanner`` or a test's fake decoder has none.
    """

    process: DecoderProcess | None = None

    def __init__(
        self,
        client: ClientLike,
        decoder: DecoderLike,
        parser: Parser,
        looks_like_licence: Callable[[bytes], bool] = lambda _payload: False,
        age_of_majority: int = 19,
        today: Callable[[], date] = date.today,
        checker: Checker = check_consistency,
        process: DecoderProcess | None = None,
        minimum_age: int | None = None,
        expiry_warning_days: int = 0,
        picture_client: PictureClientLike | None = None,
        picture_fallback: PictureFallback = "off",
    ) -> None:
        self.client = client
        self.process = process
        self.decoder = decoder
        self.parser = parser
        self.looks_like_licence = looks_like_licence
        self.age_of_majority = age_of_majority
        self.today = today
        self.checker = checker
        self.minimum_age = minimum_age
        self.expiry_warning_days = expiry_warning_days
        self.picture_client = picture_client
        self.picture_fallback: PictureFallback = picture_fallback if picture_client else "off"

    @classmethod
    def from_settings(cls, settings: Settings, previous: Backend | None = None) -> Backend:
        """The real collaborators, configured from ``settings``.

        Pictures are decoded in a limited child process (``IsolatedScanner``); pass the
        ``previous`` backend being replaced to keep its decoder and process.
        """
        from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva
        from kiosk_app.barcode.isolation import IsolatedScanner

        decoder: DecoderLike
        if previous is not None:
            decoder, process = previous.decoder, previous.process
        else:
            decoder = process = IsolatedScanner()
        client = client_from_settings(settings)
        return cls(
            client=client,
            picture_client=client,
            picture_fallback=settings.picture_fallback,
            decoder=decoder,
            parser=parse_aamva,
            looks_like_licence=looks_like_aamva,
            age_of_majority=settings.age_of_majority,
            process=process,
            minimum_age=settings.minimum_age,
            expiry_warning_days=settings.expiry_warning_days,
        )

    # --- reading -----------------------------------------------------------------------------

    def read_payload(
        self,
        payload: bytes,
        symbol: SymbolInfo | None = None,
        back_image: bytes | None = None,
        *,
        byte_exact: bool = True,
    ) -> ScanData:
        """Parse a scanned payload locally (``byte_exact``: see :class:`ScanData`).

        Raises ``BarcodeError`` when it is not licence data. Licence data that the local parser
        cannot finish (cut short, malformed) is kept with ``parse_hint`` set: the service checks
        may still give the authoritative answer (the signature service reports Undefined).
        """
        try:
            record = self.parser(payload)
        except BarcodeError as exc:
            if not self.looks_like_licence(payload):
                # Not licence data at all (a product code...): the clerk needs that sentence,
                # not the parser's detail.
                raise NotAamvaError() from exc
            return ScanData(
                payload,
                symbol,
                back_image,
                None,
                None,
                exc.hint,
                byte_exact,
                element_values=element_values(payload),
                issuer=issuer_from_header(payload),
            )
        issuer = issuer_of(record)
        return ScanData(
            payload=payload,
            symbol=symbol,
            back_image=back_image,
            licence=self.summarize(record),
            prefill=prefill_of(record),
            byte_exact=byte_exact,
            element_values=tuple(record.elements.values()),
            issuer=issuer,
            identity=identity_of(record, issuer),
        )

    def read_image(self, source: object) -> ScanData:
        """Decode a picture (a path, encoded bytes or a numpy frame), then parse it."""
        if isinstance(source, (str, Path)):
            from kiosk_app.barcode.imaging import read_image_file  # numpy: not at start

            source = read_image_file(source)
        if isinstance(source, (bytes, bytearray)):
            image = bytes(source)
            decoded = self.decoder.decode_bytes(image)
        else:
            image = None
            decoded = self.decoder.decode_frame(source)
        return self.read_payload(decoded.payload, decoded.symbol, image)

    def stop_reading(self) -> None:
        """Stop a picture being decoded, now (any thread); a decoder that cannot is left be."""
        if self.process is not None:
            self.process.cancel()

    def warm_up(self) -> None:
        """Let the decoder get ready for the first picture (start its process), if it can."""
        if self.process is not None:
            self.process.warm_up()

    def close(self) -> None:
        """Release the decoder's child process, if it has one."""
        if self.process is not None:
            self.process.close()

    def summarize(self, record: LicenceRecord) -> LicenceSummary:
        """The local-parse view of a licence record (name, birth date, age, expiry), with what
        the read lacks and what the local consistency checks found."""
        today = self.today()
        derived = record.derived(today)
        report = self.checker(record, today)
        prefill = record.canada_prefill()
        return LicenceSummary(
            full_name=text_of(record.full_name)
            or " ".join(p for p in (text_of(record.first_name), text_of(record.last_name)) if p),
            date_of_birth=record.date_of_birth,
            age=derived.age,
            age_of_majority=self.age_of_majority,
            expiry_date=record.expiry_date,
            expired=bool(derived.expired),
            days_to_expiry=derived.days_to_expiry,
            licence_number=text_of(record.licence_number),
            canadian=prefill is not None,
            missing_fields=tuple(record.missing_key_fields),
            consistency_checked=report.checked,
            consistency_notes=report.findings,
            under_age=under_minimum([record.date_of_birth], self.minimum_age, today),
            expires_in_days=expires_within(record.expiry_date, self.expiry_warning_days, today),
        )

    # --- checks ------------------------------------------------------------------------------

    def check_scan(self, kind: CheckKind, scan: ScanData) -> Outcome:
        """Run the signature check or the parse-only check on a scan.

        Raises ``RepairedPayloadError`` for a signature check on a payload that is not
        byte-exact (the session refuses it before; this is the last guard before the network).
        """
        if kind is CheckKind.SIGNATURE:
            if not scan.byte_exact:
                raise RepairedPayloadError()
            return self.client.check_signature(scan.payload).outcome
        if kind is CheckKind.DVS_PARSE:
            return self.client.dvs_parse(
                scan.payload, symbol=scan.symbol, back_image=scan.back_image
            ).outcome
        raise ValueError(f"{kind} needs the Canadian form")

    def prepare_picture(self, source: object) -> bytes:
        """The picture to send for the service to read (a path, encoded bytes or a frame): a
        bounded JPEG without metadata (:mod:`kiosk_app.api.picture_upload`)."""
        from kiosk_app.api.picture_upload import upload_jpeg  # numpy and Pillow: not at start

        if isinstance(source, (str, Path)):
            from kiosk_app.barcode.imaging import read_image_file

            source = read_image_file(source)
        if isinstance(source, bytearray):
            source = bytes(source)
        if not isinstance(source, bytes):
            import numpy as np

            source = np.asarray(source)
        return upload_jpeg(source)

    def send_picture(self, kind: CheckKind, image: bytes) -> Outcome:
        """Have the service read a prepared picture: ``kind`` is the document verification
        parse or the legacy ParseImage. The outcome is the service's parse, never a
        verification; billed."""
        if self.picture_client is None:
            raise ValueError("no client for the picture fallback")
        if kind is CheckKind.LEGACY_PARSE:
            return self.picture_client.legacy_parse_image(image).outcome
        if kind is CheckKind.DVS_PARSE:
            return self.picture_client.dvs_read_picture(image).outcome
        raise ValueError(f"{kind} does not read pictures")

    def read_by_service(self, picture: object) -> Outcome:
        """Prepare and send a picture to the endpoint the admin's ``picture_fallback`` names."""
        kind = SERVICE_READS.get(self.picture_fallback)
        if kind is None:
            raise ValueError("the picture fallback is off")
        return self.send_picture(kind, self.prepare_picture(picture))

    def check_canada(self, form: CanadaFormData) -> Outcome:
        """Validate the form (raises ``InputRejectedError``) and run the registry check."""
        checked = validate_canada_input(canada_input(form), today=self.today())
        return self.client.check_canada(checked).outcome
