"""`kiosk-app check canada|signature|dvs-parse|auto` and `kiosk-app legacy-parse`.

``check auto`` plans the check as the GUI does (:func:`kiosk_app.flow.planning.plan_check`): it
prints the check it chose and why (``"routing": {"check": ..., "reason": ...}`` in ``--json``),
then runs it; a card no check applies to on its own, or whose Canadian details need typing, is
not sent (exit 2).

The same client the GUI uses. Connection settings: flags > environment (``KIOSK_*``) > settings
file, via ``kiosk_app.config.load_settings``, then the keyring (``secrets.fill_stored_secrets``).
Exit status: 0 the service answered with success (whatever the verdict), 2 the input was refused
before anything was sent, 3 the service or the network failed. Expected failures print one
sentence, never a traceback; the token never appears.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Callable
from datetime import date
from functools import partial
from typing import Any

import pydantic

from kiosk_app.api.client import CheckResult, VerificationClient
from kiosk_app.api.error_mapping import scrub
from kiosk_app.api.errors import InputRejectedError, KioskApiError
from kiosk_app.api.outcome import Outcome
from kiosk_app.api.validation import MAX_BARCODE_PAYLOAD_BYTES
from kiosk_app.app.service_client import client_from_settings, resolve_credentials
from kiosk_app.app.stopping import exit_status, run_until_stopped
from kiosk_app.cli.main import EXIT_INPUT_REJECTED, EXIT_OK, EXIT_SERVICE_FAILED
from kiosk_app.cli.output import plain, plain_lines
from kiosk_app.config import Settings, load_settings, managed_file_problems, settings_file_problems
from kiosk_app.files import NOT_REGULAR, NotRegularFileError, read_regular_file
from kiosk_app.flow.billing import COUNTING_WARNING, QuotaGate
from kiosk_app.flow.canada import canada_input
from kiosk_app.flow.metering import metered_call
from kiosk_app.flow.models import CanadaFormData
from kiosk_app.flow.planning import CheckPlan, Step, card_of, plan_check
from kiosk_app.kinds import CheckKind
from kiosk_app.logging_setup import set_desk_id
from kiosk_app.secrets import fill_stored_secrets
from kiosk_app.storage.metrics import write_metrics_quietly
from kiosk_app.storage.usage import UsageStore, UsageStoreError

Call = Callable[[VerificationClient], CheckResult]

# Largest picture file read for ``--image`` (a photo of the back of a card is a few MB); the
# read stops here, so ``/dev/zero`` or a huge file is refused before anything is sent.
MAX_IMAGE_INPUT_BYTES = 20 * 1024 * 1024

_TITLES = {
    CheckKind.CANADA: "Canadian registry check",
    CheckKind.SIGNATURE: "Digital signature check",
    CheckKind.DVS_PARSE: "Document verification (barcode parse)",
    CheckKind.LEGACY_PARSE: "Legacy parse",
}


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add ``check`` (with canada, signature, dvs-parse) and ``legacy-parse``."""
    check = subparsers.add_parser("check", help="run one verification against the service")
    kinds = check.add_subparsers(dest="check_kind", metavar="KIND", required=True)

    canada = kinds.add_parser("canada", help="Canadian registry verification")
    canada.add_argument("--licence-number", required=True, help="licence number as printed")
    canada.add_argument("--dob", required=True, help="date of birth, YYYY-MM-DD")
    canada.add_argument("--province", required=True, help="two-letter province/territory code")
    canada.add_argument("--class", dest="licence_class", help="licence class (at most 2 chars)")
    _add_common(canada)
    canada.set_defaults(func=_run_canada)

    signature = kinds.add_parser("signature", help="digital signature and revocation check")
    signature.add_argument("--barcode-file", required=True, help="raw payload bytes; '-' = stdin")
    _add_common(signature)
    signature.set_defaults(func=_run_signature)

    dvs = kinds.add_parser("dvs-parse", help="barcode parse by the document verification API")
    dvs.add_argument("--barcode-file", required=True, help="raw payload bytes; '-' = stdin")
    dvs.add_argument("--image", help="image of the back of the card (sent with the barcode)")
    _add_common(dvs)
    dvs.set_defaults(func=_run_dvs)

    auto = kinds.add_parser("auto", help="the check that suits the card, as the kiosk routes it")
    auto.add_argument("--barcode-file", required=True, help="raw payload bytes; '-' = stdin")
    _add_common(auto)
    auto.set_defaults(func=_run_auto)

    legacy = subparsers.add_parser("legacy-parse", help="legacy parsing service")
    source = legacy.add_mutually_exclusive_group(required=True)
    source.add_argument("--barcode-file", help="raw payload bytes; '-' = stdin")
    source.add_argument("--image", help="image of the back of the card")
    _add_common(legacy)
    legacy.set_defaults(func=_run_legacy)


def _add_common(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--json", action="store_true", help="print one JSON object")
    group = sub.add_argument_group("connection (flags > KIOSK_* environment > settings file)")
    group.add_argument("--base-url", help="check service base URL (KIOSK_BASE_URL)")
    group.add_argument("--dvs-url", help="document verification base URL (KIOSK_DVS_URL)")
    group.add_argument("--parse-url", help="legacy parsing base URL (KIOSK_PARSE_URL)")
    group.add_argument("--token", help="API token (KIOSK_API_TOKEN); prefer the environment")
    group.add_argument("--auth-key", help="legacy auth key (KIOSK_AUTH_KEY)")


# ------------------------------------------------------------------------------- commands


def _run_canada(args: argparse.Namespace) -> int:
    data = canada_input(
        CanadaFormData(args.licence_number, args.dob, args.province, args.licence_class or "")
    )
    return _run(args, lambda client: client.check_canada(data), CheckKind.CANADA)


def _run_signature(args: argparse.Namespace) -> int:
    try:
        payload = _read_payload(args.barcode_file)
    except InputRejectedError as err:
        return _not_sent(err, ())
    return _run(args, lambda client: client.check_signature(payload), CheckKind.SIGNATURE)


def _run_dvs(args: argparse.Namespace) -> int:
    try:
        payload = _read_payload(args.barcode_file)
        image = _read_image(args.image) if args.image else None
    except InputRejectedError as err:
        return _not_sent(err, ())
    return _run(
        args,
        lambda client: client.dvs_parse(payload, back_image=image),
        CheckKind.DVS_PARSE,
    )


def _run_auto(args: argparse.Namespace) -> int:
    try:
        payload = _read_payload(args.barcode_file)
        settings = _settings(args)
    except InputRejectedError as err:
        return _not_sent(err, ())
    except (pydantic.ValidationError, ValueError, OSError):
        print("The kiosk settings are invalid; check the settings file.", file=sys.stderr)
        return EXIT_SERVICE_FAILED
    plan = plan_check(card_of(payload), settings, today=date.today())
    routing = {"check": plan.check.value if plan.check else None, "reason": plan.reason}
    if plan.step is not Step.SEND or plan.check is None:
        if args.json:
            print(json.dumps({"routing": routing}, indent=2))
        else:
            print(f"Routing: {routing['check'] or 'no check'} — {plan.reason}")
        why = " ".join(p.message for p in plan.problems)
        print(
            f"Not sent: {plain(why) or 'no check runs on its own for this card.'}", file=sys.stderr
        )
        return EXIT_INPUT_REJECTED
    if not args.json:
        print(f"Routing: {plan.check.value} — {plan.reason}")
    return _run(args, call_for(plan, payload), plan.check, routing=routing)


def call_for(plan: CheckPlan, payload: bytes) -> Call:
    """The client call a plan to send makes."""
    if plan.check is CheckKind.CANADA and plan.canada is not None:
        data = canada_input(plan.canada)
        return lambda client: client.check_canada(data)
    if plan.check is CheckKind.SIGNATURE:
        return lambda client: client.check_signature(payload)
    return lambda client: client.dvs_parse(payload)


def _run_legacy(args: argparse.Namespace) -> int:
    try:
        image = _read_image(args.image) if args.image else None
        payload = None if args.image else _read_payload(args.barcode_file)
    except InputRejectedError as err:
        return _not_sent(err, ())
    if image is not None:
        return _run(args, lambda client: client.legacy_parse_image(image), CheckKind.LEGACY_PARSE)
    return _run(args, lambda client: client.legacy_parse(payload or b""), CheckKind.LEGACY_PARSE)


def _read_payload(name: str) -> bytes:
    """A barcode payload file (or stdin), refused when larger than any licence barcode."""
    data = _read_input(name, MAX_BARCODE_PAYLOAD_BYTES)
    if len(data) > MAX_BARCODE_PAYLOAD_BYTES:
        raise InputRejectedError(
            f"The file {plain(name)!r} is far too large to be a licence barcode.", field="file"
        )
    return data


def _read_image(name: str) -> bytes:
    """A picture file (or stdin), refused when larger than ``MAX_IMAGE_INPUT_BYTES``."""
    data = _read_input(name, MAX_IMAGE_INPUT_BYTES)
    if len(data) > MAX_IMAGE_INPUT_BYTES:
        limit = MAX_IMAGE_INPUT_BYTES // (1024 * 1024)
        raise InputRejectedError(
            f"The picture {plain(name)!r} is larger than {limit} MB; use a smaller one.",
            field="file",
        )
    return data


def _read_input(name: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of a file, or of stdin for '-' (the caller refuses more);
    a missing or unreadable file is refused input."""
    try:
        if name == "-":
            return sys.stdin.buffer.read(limit + 1)
        return read_regular_file(name, limit)
    except NotRegularFileError:
        raise InputRejectedError(
            f"The file {plain(name)!r} is {NOT_REGULAR}.", field="file"
        ) from None
    except OSError:
        raise InputRejectedError(f"Cannot read the file {plain(name)!r}.", field="file") from None


def _not_sent(err: InputRejectedError, secrets: tuple[str, ...]) -> int:
    print(f"Not sent: {plain(scrub(err.user_message, secrets) or '')}", file=sys.stderr)
    return EXIT_INPUT_REJECTED


def _settings(args: argparse.Namespace) -> Settings:
    settings = fill_stored_secrets(
        load_settings(
            base_url=args.base_url,
            dvs_url=args.dvs_url,
            parse_url=args.parse_url,
            api_token=args.token,
            auth_key=args.auth_key,
        )
    )
    set_desk_id(settings.desk_id)  # the check's log records name this desk
    for problem in settings_file_problems(settings):
        what = problem.key or "the file"
        print(f"kiosk-app: settings.json: {what} {problem.reason}; default used.", file=sys.stderr)
    for problem in managed_file_problems(settings):
        what = problem.key or "the file"
        print(f"kiosk-app: managed settings: {what} {problem.reason}; ignored.", file=sys.stderr)
    return settings


def _open_usage() -> UsageStore | None:
    try:
        return UsageStore()
    except UsageStoreError:
        return None  # counting unavailable (already logged); the check still runs


class CheckStoppedError(Exception):
    """SIGTERM or SIGINT came and the reply did not within the bound: the outcome is unknown
    (the usage row written before sending stays counted as billable)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _counted(
    call: Call, client: VerificationClient, service: CheckKind, settings: Settings
) -> CheckResult:
    """Run ``call`` as the window does: the monthly quota first (the same decisions and
    sentences), the check counted write-ahead; then the metrics. SIGTERM/SIGINT while it is
    out: the reply is awaited up to ``CHECK_IN_FLIGHT_WAIT_S``, else :class:`CheckStoppedError`."""
    store = _open_usage()
    gate = QuotaGate(store)
    quota, mode = settings.billing_quota_monthly, settings.billing_quota_mode
    try:
        decision = gate.enforce(quota, mode)  # raises when blocked: nothing sent
        if decision.notice is not None:
            print(f"Warning: {decision.notice}", file=sys.stderr)
        metered = partial(
            metered_call, store, gate, service, partial(call, client), _outcome_of, quota, mode
        )
        run = run_until_stopped(metered)
        if not run.finished:
            raise CheckStoppedError(run.signum or signal.SIGTERM)
        if run.signum is not None:
            name = signal.Signals(run.signum).name
            print(f"kiosk-app: {name}: the check in flight was finished first.", file=sys.stderr)
        if store is not None and store.write_problem is not None:
            print(f"Warning: {COUNTING_WARNING}", file=sys.stderr)
        if run.error is not None:
            raise run.error
        if run.result is None:
            raise RuntimeError("the check returned nothing")
        return run.result
    finally:
        write_metrics_quietly(settings, store)
        if store is not None:
            store.close()


def _outcome_of(result: CheckResult) -> Outcome:
    return result.outcome


def _run(
    args: argparse.Namespace,
    call: Call,
    service: CheckKind,
    routing: dict[str, Any] | None = None,
) -> int:
    secrets: tuple[str, ...] = tuple(s for s in (args.token, args.auth_key) if s)
    try:
        settings = _settings(args)
    except (pydantic.ValidationError, ValueError, OSError):
        print("The kiosk settings are invalid; check the settings file.", file=sys.stderr)
        return EXIT_SERVICE_FAILED
    credentials = resolve_credentials(settings)
    secrets += (credentials.token, credentials.auth_key)
    try:
        with client_from_settings(settings) as client:
            result = _counted(call, client, service, settings)
    except CheckStoppedError as stop:
        print(
            f"Stopped ({signal.Signals(stop.signum).name}) before the service answered: the "
            "check was sent and is counted as billable, outcome unknown.",
            file=sys.stderr,
        )
        return exit_status(stop.signum)
    except InputRejectedError as err:
        return _not_sent(err, secrets)
    except KioskApiError as err:
        print(f"Failed: {plain(scrub(err.user_message, secrets) or '')}", file=sys.stderr)
        return EXIT_SERVICE_FAILED
    report = json_report(result)
    if routing is not None:
        report = {"routing": routing, **report}
    text = json.dumps(report, indent=2) if args.json else summary(result)
    print(scrub(text, secrets))
    return EXIT_OK if result.outcome.error is None else EXIT_SERVICE_FAILED


# ------------------------------------------------------------------------------- output


def json_report(result: CheckResult) -> dict[str, Any]:
    """The ``--json`` object: ``request``, ``results`` (interface member names), ``verdict``."""
    return {
        "request": result.request,
        "results": _dump(result.results),
        "verdict": verdict_json(result.outcome),
    }


def _dump(results: Any) -> Any:
    if isinstance(results, list):
        return [_dump(item) for item in results]
    if isinstance(results, pydantic.BaseModel):
        return results.model_dump(mode="json", by_alias=True)
    return results


def verdict_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as JSON with the interface's member names."""
    error = outcome.error
    return {
        "service": outcome.service.value,
        "statusCode": outcome.status_code,
        "statusString": outcome.status_string,
        "billable": outcome.billable,
        "retryAfterSeconds": outcome.retry_after_seconds,
        "error": {"message": error.message, "traceId": error.trace_id} if error else None,
        "fields": [
            {
                "fieldName": f.field_name,
                "caption": f.caption,
                "value": f.value,
                "matchStatusCode": int(f.match),
                "matchStatusString": f.match.label,
                "message": f.message,
            }
            for f in outcome.fields
        ],
        "advice": outcome.advice,
        "requestLogId": outcome.request_log_id,
        "requestDateUtc": outcome.request_time.isoformat() if outcome.request_time else None,
        "signatureValid": outcome.signature_valid,
        "revoked": outcome.revoked,
        "licenceClasses": outcome.licence_classes,
        "licenceMessage": outcome.licence_message,
        "document": outcome.document,
        "testMode": outcome.test_mode,
    }


def summary(result: CheckResult) -> str:
    """A short human summary of the outcome; the service's text with control characters
    escaped (one value never makes two lines)."""
    outcome = result.outcome
    code = f" (status {outcome.status_code})" if outcome.status_code is not None else ""
    billed = "counted against the quota" if outcome.billable else "not counted"
    lines = [f"{_TITLES[outcome.service]}: {outcome.verdict.value}{code}, {billed}"]
    if outcome.test_mode:
        lines.append("TEST TOKEN: results are test data, not a real verification.")
    if outcome.error:
        trace = f" (trace id {outcome.error.trace_id})" if outcome.error.trace_id else ""
        lines.append(f"Error: {outcome.error.message}{trace}")
    if outcome.signature_valid is not None:
        lines.append("Signature: " + ("valid" if outcome.signature_valid else "NOT valid"))
    if outcome.revoked is not None:
        lines.append("Revoked: " + ("YES" if outcome.revoked else "no"))
    if outcome.licence_message:
        lines.append(f"Licence: {outcome.licence_message}")
    if outcome.licence_classes:
        lines.append(f"Current classes: {outcome.licence_classes}")
    if outcome.advice:
        lines.append(f"Advice: {outcome.advice}")
    for row in outcome.fields:
        note = f" ({row.message})" if row.message else ""
        lines.append(f"  {row.caption}: {row.value or '-'} - {row.match.label}{note}")
    for name, value in outcome.document.items():
        lines.append(f"  {name}: {value}")
    if outcome.request_log_id is not None:
        lines.append(f"Request log id: {outcome.request_log_id}")
    return plain_lines(lines)
