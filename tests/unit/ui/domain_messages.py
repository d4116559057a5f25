"""Collects the clerk-facing English sentences of the Qt-free layers (for the i18n tests).

Those layers cannot call Qt's ``tr``; the UI translates their text in the ``messages``
context, so each sentence must be marked with ``QT_TRANSLATE_NOOP`` (``kiosk_app.text``)
where it is written, for lupdate, and translated. :func:`domain_messages` collects what looks
clerk-facing from the source (AST): ``default_message`` / ``default_hint`` class attributes,
literal first arguments of ``...Error(...)`` calls (but for :data:`INTERNAL_ERRORS`),
``advice=`` literals and ``ADVICE_*`` constants, province names and the check titles;
:func:`marked_sentences` collects every marked sentence of the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "kiosk_app"
MARKER = "QT_TRANSLATE_NOOP"
DOMAIN_FILES = (
    *sorted((PACKAGE / "api").glob("*.py")),
    *sorted((PACKAGE / "barcode").glob("*.py")),
    PACKAGE / "flow" / "models.py",
    PACKAGE / "config.py",
)

# Raised and caught inside one layer, never shown: their words are for a maintainer.
INTERNAL_ERRORS = frozenset({"UncorrectableError"})  # kiosk_app.barcode.glare catches it


def _literal(node: ast.AST | None) -> str | None:
    """A string literal's text, also when it is marked (``QT_TRANSLATE_NOOP(ctx, "...")``)."""
    if isinstance(node, ast.Call) and _name(node.func) == MARKER and len(node.args) == 2:
        node = node.args[1]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _name(func: ast.AST) -> str:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _sentences(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            value = _literal(node.value)
            if value and names & {"default_message", "default_hint"}:
                found.add(value)
            if value and any(n.startswith("ADVICE_") for n in names):
                found.add(value)
            if names & {"PROVINCES", "CHECK_TITLES"} and isinstance(node.value, ast.Dict):
                found.update(v for v in map(_literal, node.value.values) if v)
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name.endswith("Error") and name not in INTERNAL_ERRORS and node.args:
                text = _literal(node.args[0])
                if text and " " in text:
                    found.add(text)
            for keyword in node.keywords:
                text = _literal(keyword.value)
                if keyword.arg in ("advice", "hint", "user_message") and text:
                    found.add(text)
    return found


def marked_sentences() -> set[tuple[str, str]]:
    """Every ``(context, text)`` marked with ``QT_TRANSLATE_NOOP`` anywhere in the package."""
    found: set[tuple[str, str]] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _name(node.func) == MARKER and len(node.args) == 2:
                context, text = (_plain(arg) for arg in node.args)
                if context is not None and text is not None:
                    found.add((context, text))
    return found


def _plain(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def domain_messages() -> set[str]:
    """Every clerk-facing sentence of the Qt-free layers (English source text)."""
    found: set[str] = set()
    for path in DOMAIN_FILES:
        found |= _sentences(ast.parse(path.read_text(encoding="utf-8")))
    return found


if __name__ == "__main__":
    for text in sorted(domain_messages()):
        print(repr(text))
