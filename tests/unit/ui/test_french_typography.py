"""One French typography rule everywhere: a narrow no-break space (U+202F) before : ; ? and !
in every French translation, and no space at all before them in the English sources."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TS_FILE = ROOT / "resources" / "translations" / "kiosk_fr.ts"
NARROW = "\u202f"
# A mark used as punctuation: followed by a space, the end, or a closing quote or bracket
# (not the colon of "12:30", "https://" or "%1:%2").
PUNCTUATION = re.compile(r"(.?)([:;?!])(?=[\s»)\"”]|$)", re.DOTALL)


def _pairs() -> list[tuple[str, str, str]]:
    root = ET.parse(TS_FILE).getroot()
    return [
        (
            ctx.findtext("name") or "",
            msg.findtext("source") or "",
            msg.findtext("translation") or "",
        )
        for ctx in root.iter("context")
        for msg in ctx.iter("message")
    ]


def french_typography_problems(text: str) -> list[str]:
    """Where ``text`` breaks the rule: a mark without U+202F right before it."""
    return [
        text[max(m.start() - 12, 0) : m.end()]
        for m in PUNCTUATION.finditer(text)
        if m.group(1) != NARROW and m.start(2) > 0
    ]


def english_typography_problems(text: str) -> list[str]:
    """Where an English source puts any space before : ; ? or !."""
    return [
        text[max(m.start() - 12, 0) : m.end()]
        for m in PUNCTUATION.finditer(text)
        if m.group(1) in (" ", "\u00a0", NARROW)
    ]


def test_the_rule_itself() -> None:
    assert french_typography_problems("État\u202f: prêt\u202f; ok\u202f? oui\u202f!") == []
    assert french_typography_problems("État : prêt") == ["État :"]
    assert french_typography_problems("État\u00a0: prêt") == ["État\u00a0:"]
    assert french_typography_problems("(clavier): À l'écoute") == ["(clavier):"]
    assert french_typography_problems("à 12:30, https://x, %1:%2") == []
    assert english_typography_problems("Status: ready") == []
    assert english_typography_problems("Status : ready") == ["Status :"]


def test_every_french_translation_has_a_narrow_space_before_the_double_marks() -> None:
    problems = [
        (context, translation, french_typography_problems(translation))
        for context, _source, translation in _pairs()
        if french_typography_problems(translation)
    ]
    assert problems == [], problems[:10]


def test_no_english_source_has_a_space_before_the_double_marks() -> None:
    problems = [
        (context, source) for context, source, _ in _pairs() if english_typography_problems(source)
    ]
    assert problems == [], problems[:10]
