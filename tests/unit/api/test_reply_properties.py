"""Property tests: whatever JSON (or bytes) comes back, only KioskApiError subclasses escape."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk_app.api.errors import KioskApiError
from kiosk_app.api.replies import (
    decode_json,
    parse_check_reply,
    parse_dvs_reply,
    parse_legacy_reply,
)
from kiosk_app.api.verdicts import check_outcome, dvs_outcome, legacy_outcome, select_element
from kiosk_app.kinds import CheckKind
from tests.unit.api.reply_samples import canada_element, dvs_reply, legacy_reply

KEYS = st.sampled_from(
    [
        "success",
        "error",
        "message",
        "traceId",
        "service",
        "id",
        "serviceVerificationResult",
        "statusCode",
        "statusString",
        "profiles",
        "data",
        "serviceResponseRaw",
        "matchStatusCode",
        "fieldName",
        "requestDetail",
        "requestLogId",
        "requestDateUtc",
        "document",
        "documentVerificationResult",
        "isPdf417Success",
        "ParseResult",
        "DriverLicense",
        "Success",
        "ValidationCode",
        "Errors",
        "x",
    ]
) | st.text(max_size=8)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(KEYS, children, max_size=5),
    max_leaves=30,
)


def _through_everything(document: Any) -> None:
    """Run a document through every parser and outcome builder; only typed errors may escape."""
    for service in (CheckKind.CANADA, CheckKind.SIGNATURE):
        try:
            element = select_element(parse_check_reply(document), service)
            check_outcome(element, service, test_mode=False)
        except KioskApiError:
            pass
    with contextlib.suppress(KioskApiError):
        dvs_outcome(parse_dvs_reply(document), test_mode=False)
    with contextlib.suppress(KioskApiError):
        legacy_outcome(parse_legacy_reply(document), test_mode=False)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_arbitrary_json_only_raises_typed_errors(document: Any) -> None:
    _through_everything(document)


def _mutations(base: Any) -> st.SearchStrategy[Any]:
    """The documented reply with one member replaced by arbitrary JSON, at any depth."""
    paths: list[tuple[Any, ...]] = []

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for key, child in node.items():
                walk(child, (*path, key))
        elif isinstance(node, list):
            for index, child in enumerate(node):
                walk(child, (*path, index))

    walk(base, ())

    def apply(path: tuple[Any, ...], value: Any) -> Any:
        copy = json.loads(json.dumps(base))
        if not path:
            return value
        target = copy
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
        return copy

    return st.builds(apply, st.sampled_from(paths), JSON)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(_mutations([canada_element()]), _mutations(dvs_reply()), _mutations(legacy_reply()))
)
def test_documented_replies_with_one_member_corrupted(document: Any) -> None:
    _through_everything(document)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_only_raise_typed_errors(body: bytes) -> None:
    with contextlib.suppress(KioskApiError):
        _through_everything(decode_json(body))
