"""Translations: every source string of the code has a finished French translation, the
committed .qm matches the .ts, and every package marks its clerk-facing sentences where it
writes them, each of which reaches the .ts."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kiosk_app.api.client import SECRET_SENTENCES
from kiosk_app.api.transport import ADDRESS_SENTENCES
from kiosk_app.barcode.consistency_rules import RULES
from kiosk_app.text import CONTEXT

from .domain_messages import (
    DOMAIN_FILES,
    INTERNAL_ERRORS,
    PACKAGE,
    domain_messages,
    marked_sentences,
)

ROOT = Path(__file__).resolve().parents[3]
TS_FILE = ROOT / "resources" / "translations" / "kiosk_fr.ts"
QM_FILE = ROOT / "resources" / "translations" / "kiosk_fr.qm"
BIN = Path(sys.executable).parent
SOURCES = sorted(str(p) for p in (ROOT / "kiosk_app").rglob("*.py"))
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\d")


def _messages(ts: Path) -> list[tuple[str, str, ET.Element]]:
    root = ET.parse(ts).getroot()
    return [
        (ctx.findtext("name") or "", msg.findtext("source") or "", msg)
        for ctx in root.iter("context")
        for msg in ctx.iter("message")
    ]


def _unfinished(ts: Path) -> list[tuple[str, str]]:
    problems = []
    for context, source, msg in _messages(ts):
        translation = msg.find("translation")
        if translation is None or translation.get("type") or not (translation.text or "").strip():
            problems.append((context, source))
    return problems


# What the package marks, and what the committed .ts translates (the tests per table row).
MARKED = marked_sentences()
TRANSLATED = {(context, source) for context, source, _ in _messages(TS_FILE)} - set(
    _unfinished(TS_FILE)
)


def test_the_committed_translation_is_complete() -> None:
    assert _messages(TS_FILE), "the .ts file holds no messages"
    assert _unfinished(TS_FILE) == []


def test_every_source_string_of_the_code_has_a_finished_french_translation(
    tmp_path: Path,
) -> None:
    work = tmp_path / "kiosk_fr.ts"
    shutil.copy(TS_FILE, work)
    subprocess.run(
        [str(BIN / "pyside6-lupdate"), *SOURCES, "-ts", str(work), "-no-obsolete", "-silent"],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    missing = _unfinished(work)
    assert missing == [], (
        "strings without a French translation; run pyside6-lupdate (CONTRIBUTING.md) and translate "
        f"them: {missing[:10]}"
    )


def test_translations_keep_every_placeholder() -> None:
    for context, source, msg in _messages(TS_FILE):
        translated = msg.findtext("translation") or ""
        assert sorted(PLACEHOLDER.findall(source)) == sorted(PLACEHOLDER.findall(translated)), (
            context,
            source,
        )


def test_the_committed_qm_is_compiled_from_the_committed_ts(tmp_path: Path) -> None:
    fresh = tmp_path / "kiosk_fr.qm"
    subprocess.run(
        [str(BIN / "pyside6-lrelease"), str(TS_FILE), "-qm", str(fresh), "-silent"],
        check=True,
        capture_output=True,
    )
    assert QM_FILE.read_bytes() == fresh.read_bytes(), (
        "recompile: pyside6-lrelease (CONTRIBUTING.md)"
    )


def test_every_domain_sentence_is_marked_where_it_is_written() -> None:
    missing = sorted(domain_messages() - {text for _, text in marked_sentences()})
    assert missing == [], f"mark these with QT_TRANSLATE_NOOP (kiosk_app.text): {missing}"


def test_every_marked_sentence_reaches_the_ts_file_translated() -> None:
    marked = marked_sentences()
    assert len(marked) > 100, "the collector must see the marked sentences"
    finished = {(context, source) for context, source, _ in _messages(TS_FILE)} - set(
        _unfinished(TS_FILE)
    )
    assert sorted(marked - finished) == []


@pytest.mark.parametrize("code", sorted(RULES))
def test_every_consistency_rule_marks_its_sentence_and_it_reaches_the_ts_file(code: str) -> None:
    assert (CONTEXT, RULES[code].message) in MARKED
    assert (CONTEXT, RULES[code].message) in TRANSLATED


@pytest.mark.parametrize("label", sorted(ADDRESS_SENTENCES))
def test_every_address_sentence_is_marked_and_reaches_the_ts_file(label: str) -> None:
    sentences = ADDRESS_SENTENCES[label]
    written = [sentences.invalid, sentences.credentials, sentences.plain_http]
    written += [sentences.not_set] if sentences.not_set else []
    assert [s for s in written if (CONTEXT, s) not in MARKED] == []
    assert [s for s in written if (CONTEXT, s) not in TRANSLATED] == []


@pytest.mark.parametrize("label", sorted(SECRET_SENTENCES))
def test_every_secret_sentence_is_marked_and_reaches_the_ts_file(label: str) -> None:
    assert (CONTEXT, SECRET_SENTENCES[label]) in MARKED
    assert (CONTEXT, SECRET_SENTENCES[label]) in TRANSLATED


def test_an_internal_error_is_caught_in_its_layer_and_never_reaches_a_clerk() -> None:
    for name in INTERNAL_ERRORS:
        raised = [p for p in DOMAIN_FILES if f"raise {name}(" in p.read_text(encoding="utf-8")]
        caught = [
            p for p in PACKAGE.rglob("*.py") if f"except {name}" in p.read_text(encoding="utf-8")
        ]
        assert raised, f"{name} is raised nowhere: drop it from INTERNAL_ERRORS"
        assert {p.parent for p in caught} == {p.parent for p in raised}, name
