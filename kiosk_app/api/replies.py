"""Reply bodies -> parsed models, with every failure reported as ``BadReplyError``.

These functions are the whole path from bytes to models, so hostile replies (HTML with status
200, invalid UTF-8, numbers where strings belong, absurd nesting) are judged here and nowhere
else; nothing from ``json`` or ``pydantic`` escapes.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import pydantic

from kiosk_app.api import constants
from kiosk_app.api.errors import BadReplyError, ReplyTooLargeError
from kiosk_app.api.models import (
    CheckResponseElement,
    DvsResponse,
    ParseImageResult,
)
from kiosk_app.text import QT_TRANSLATE_NOOP

_WRAPPERS = ("ParseResult", "ParseImageResult")
ModelT = TypeVar("ModelT", bound=pydantic.BaseModel)


def decode_json(body: bytes, max_depth: int = constants.MAX_JSON_DEPTH) -> Any:
    """The JSON document in ``body``: strict UTF-8, no NaN/Infinity, nesting <= ``max_depth``,
    and within the container/member budget (checked on the bytes, before parsing)."""
    if len(body) > constants.MAX_REPLY_BYTES:
        raise ReplyTooLargeError()
    if not body.strip():
        raise BadReplyError(
            QT_TRANSLATE_NOOP("messages", "The verification service sent an empty reply.")
        )
    if not within_json_budget(body):
        raise BadReplyError(
            QT_TRANSLATE_NOOP(
                "messages", "The verification service sent a reply with far too many entries."
            )
        )
    try:
        text = body.decode("utf-8-sig")
        document = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise BadReplyError() from None
    if _depth(document) > max_depth:
        raise BadReplyError(
            QT_TRANSLATE_NOOP(
                "messages", "The verification service sent a reply nested too deeply."
            )
        )
    return document


def within_json_budget(body: bytes) -> bool:
    """True when ``body`` cannot hold more JSON containers and members than the limits.

    Brackets and separators inside strings are counted too, so this is an upper bound: cheap
    (a few C-speed scans) and never lets an over-budget document through.
    """
    containers = body.count(b"{") + body.count(b"[")
    separators = body.count(b",") + body.count(b":")
    return (
        containers <= constants.MAX_JSON_CONTAINERS and separators <= constants.MAX_JSON_SEPARATORS
    )


def looks_like_web_page(content_type: str, body: bytes) -> bool:
    """True for an HTML reply: a content type saying so, or a body starting with a tag.

    JSON never starts with ``<``; a 2xx reply that does is a sign-in page or a proxy's notice.
    A JSON body mislabelled ``text/html`` is still read as JSON.
    """
    start = body[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if start.startswith(b"<"):
        return True
    return "html" in content_type.lower() and start[:1] not in (b"{", b"[", b'"')


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def _depth(document: Any) -> int:
    """Nesting depth of a parsed document, computed without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(document, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(node, dict):
            stack.extend((child, level + 1) for child in node.values())
        elif isinstance(node, list):
            stack.extend((child, level + 1) for child in node)
    return deepest


def parse_check_reply(document: Any) -> list[CheckResponseElement]:
    """The check reply array (a lone element object is accepted as a one-element array)."""
    if isinstance(document, dict) and "success" in document:
        document = [document]
    if not isinstance(document, list):
        raise BadReplyError()
    return [_validate(CheckResponseElement, item) for item in document]


def parse_dvs_reply(document: Any) -> DvsResponse:
    """The document verification reply object."""
    if not isinstance(document, dict):
        raise BadReplyError()
    return _validate(DvsResponse, document)


def parse_legacy_reply(document: Any) -> ParseImageResult:
    """A legacy Parse/ParseImage reply, wrapped (``{"ParseResult": ...}``) or bare."""
    if isinstance(document, dict):
        for key in _WRAPPERS:
            if key in document and isinstance(document[key], dict):
                document = document[key]
                break
    if not isinstance(document, dict):
        raise BadReplyError()
    return _validate(ParseImageResult, document)


def _validate(model: type[ModelT], document: Any) -> ModelT:
    try:
        return model.model_validate(document)
    except (pydantic.ValidationError, ValueError, TypeError, RecursionError):
        raise BadReplyError() from None
