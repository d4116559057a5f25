"""The clerk's question under a real X server: ``KIOSK_MINIMUM_AGE=21``, cards read from the
watched folder, the card's check run on every scan (``xvfb_verdict_child`` in its own process).

* a validly signed card of a 19-year-old (signed now, with the simulator's published demo
  scheme) shows "Under 21" and no "Passed" anywhere;
* an expired, validly signed card, checked, then another card, then the same card again: no
  "Passed" anywhere on the expired card's screens;
* the Alberta registry record 183456-002 with class 3 on the card names class 3 on the
  Flagged screen.

The three scenarios run in one kiosk child (one X server, one start), one after the other,
each from a wiped screen as for a new customer; each test asserts on its own scenario's steps.
Each state is saved as a PNG (the committed copies come from ``kiosk-app screenshots``:
``result-under-21.png``, ``ready-repeat-expired.png``, ``result-canada-flagged.png``).
Xvfb is a Debian package the test command installs; these tests fail, never skip, without it.
"""

from __future__ import annotations

import json
import shutil
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

from kiosk_app.simulator.samples import SAMPLES_BY_KEY, Sample, render_sample_png, signed_us_licence
from tests.support.processes import run_on_xvfb

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_PNGS = ROOT / "resources" / "samples"
CHILD_TIMEOUT_S = 240
XVFB = shutil.which("Xvfb")


def nineteen_year_old_png(folder: Path) -> Path:
    """A validly signed US licence of someone 19 today, as a picture of its barcode."""
    born = date.today() - timedelta(days=19 * 365 + 100)
    payload = signed_us_licence(born, date.today() + timedelta(days=900))
    sample = Sample("nineteen", "19 today", "signature", payload, None, 1, "")
    path = folder / "nineteen.png"
    path.write_bytes(render_sample_png(sample))
    return path


def run_child(tmp_path: Path, steps: list[dict[str, Any]]) -> dict[str, Any]:
    """Run the kiosk on a fresh Xvfb through ``steps``; its report."""
    assert XVFB, "Xvfb is missing: bash packaging/dev.sh test installs it"
    folder, outdir = tmp_path / "scans", tmp_path / "shots"
    folder.mkdir()
    outdir.mkdir()
    spec = {"folder": str(folder), "outdir": str(outdir), "steps": steps}
    done = run_on_xvfb(
        [sys.executable, "-m", "tests.gui.xvfb_verdict_child", json.dumps(spec)],
        CHILD_TIMEOUT_S,
        KIOSK_MINIMUM_AGE="21",
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert "error" not in report, report["error"]
    assert report["minimum_age"] == 21  # from KIOSK_MINIMUM_AGE
    for step in report["steps"]:
        image = QImage(str(outdir / step["shot"]))
        assert (image.width(), image.height()) == (1280, 800), step["shot"]
    return report


def scenarios(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """Each test's steps, by test: the cards read one after the other."""
    expired = str(SAMPLE_PNGS / "signature-expired.png")
    alberta = SAMPLE_PNGS / SAMPLES_BY_KEY["canada-flagged"].image_name
    return {
        "young": [
            {"file": str(nineteen_year_old_png(folder)), "until": "result", "shot": "young.png"}
        ],
        "expired": [
            {"file": expired, "until": "result", "shot": "expired.png"},
            {
                "file": str(SAMPLE_PNGS / "signature-valid.png"),
                "until": "result",
                "shot": "other.png",
            },
            {"file": expired, "until": "ready", "shot": "expired-again.png"},
        ],
        "alberta": [{"file": str(alberta), "until": "result", "shot": "alberta.png"}],
    }


@pytest.fixture(scope="module")
def steps_of(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """The report's steps of each scenario, all run in one child: every scenario after the
    first starts with the clerk's wipe, as for a new customer."""
    tmp_path = tmp_path_factory.mktemp("verdict")
    plan = scenarios(tmp_path)
    steps: list[dict[str, Any]] = []
    for index, scenario in enumerate(plan.values()):
        steps.extend([{**scenario[0], "new_customer": index > 0}, *scenario[1:]])
    reported = iter(run_child(tmp_path, steps)["steps"])
    return {name: [next(reported) for _ in scenario] for name, scenario in plan.items()}


def _passed(texts: list[str]) -> list[str]:
    return [text for text in texts if "Passed" in text]


def test_a_validly_signed_card_of_a_19_year_old_shows_under_21(
    steps_of: dict[str, list[dict[str, Any]]],
) -> None:
    (step,) = steps_of["young"]
    assert (step["title"], step["look"]) == ("Under 21", "underage")
    assert step["reason"].startswith("turns 21 on ")
    assert _passed(step["texts"]) == []


def test_an_expired_card_again_after_another_card_never_says_passed(
    steps_of: dict[str, list[dict[str, Any]]],
) -> None:
    first, other_card, again = steps_of["expired"]
    assert first["title"] == "Signature valid — licence EXPIRED" and first["look"] == "flagged"
    assert _passed(first["texts"]) == []
    assert other_card["title"] == "Passed"  # another card: its own verdict
    assert again["stage"] == "ready"  # the same card again: not checked again by itself
    quoted = [t for t in again["texts"] if "This card was checked at" in t]
    assert quoted and "Signature valid — licence EXPIRED" in quoted[0]
    assert _passed(again["texts"]) == []


def test_the_alberta_record_with_class_3_names_class_3(
    steps_of: dict[str, list[dict[str, Any]]],
) -> None:
    card = SAMPLES_BY_KEY["canada-flagged"]
    assert card.canada is not None and card.canada.licence_number == "183456-002"
    assert card.canada.licence_class == "3"
    (step,) = steps_of["alberta"]
    assert step["title"] == "Flagged"
    assert step["reason"] == "Class 3 on the card is not held — registry: 5"
    assert "Current licence classes" in step["texts"]
