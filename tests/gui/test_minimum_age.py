"""The desk's minimum age (``minimum_age``) and the expiry ahead, through the real window, the
real decoder-free flow and HTTP to the simulator.

The demo people were born between 1975 and 1996, so a minimum of 60 puts each of them under it
(until 2035), whatever today's date: the under-age banner for every check — Verify signature,
Parse only, the Canadian check from the card and from the typed form — and on Ready before any
check.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, timedelta
from typing import Any

import pytest
from pydantic import ValidationError

from kiosk_app import paths
from kiosk_app.config import Settings, load_settings, managed_keys
from kiosk_app.flow.age import birthday
from kiosk_app.flow.models import CanadaFormData
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY, signed_us_licence
from kiosk_app.ui.main_window import MainWindow
from tests.support.admin import KioskFactory, set_text
from tests.support.gui import WindowFactory
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, run_sample, wait_stage

MINIMUM = 60
BIRTHS = {
    "signature-valid": date(1991, 4, 17),
    "dvs-parse": date(1996, 2, 29),
    "canada-passed": date(1989, 12, 24),
}


def _banner(window: MainWindow) -> tuple[str, str, str]:
    banner = window.result.banner
    return banner.title.text(), banner.reason.text(), str(banner.property("verdict"))


@pytest.mark.parametrize("key", list(BIRTHS))
def test_under_the_minimum_every_check_shows_under_age_never_passed(
    qtbot: Any, make_window: WindowFactory, key: str
) -> None:
    window = make_window(minimum_age=MINIMUM)
    run_sample(qtbot, window, key)
    title, reason, look = _banner(window)
    turns = birthday(BIRTHS[key], MINIMUM).isoformat()
    assert (title, reason, look) == (f"Under {MINIMUM}", f"turns {MINIMUM} on {turns}", "underage")
    assert window.result.verdict_rule == "under-age"
    assert window.result.banner.icon.objectName() == "icon-underage"


def test_the_ready_screen_shows_under_age_before_any_check(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(minimum_age=MINIMUM)
    window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    qtbot.waitUntil(lambda: window.ready.panel.isVisible(), timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    banner = window.ready.age_banner
    assert banner.isVisible() and banner.property("verdict") == "underage"
    assert banner.title.text() == f"Under {MINIMUM}"
    assert banner.reason.text() == f"turns {MINIMUM} on {birthday(date(1991, 4, 17), MINIMUM)}"
    window.session.wipe()
    assert not banner.isVisible() and banner.title.text() == ""


def test_the_typed_canadian_form_is_judged_by_its_date_of_birth(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(minimum_age=MINIMUM)
    window.session.open_canada_form()
    problems = window.session.submit_canada(CanadaFormData("421450", "1989-12-24", "PE", "1"))
    assert problems == []
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.view is not None and window.result.view.licence is None
    assert _banner(window)[0] == f"Under {MINIMUM}"


def test_without_a_minimum_the_same_cards_pass(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    run_sample(qtbot, window, "signature-valid")
    assert _banner(window)[0] == "Passed" and window.result.verdict_rule == "passed"
    assert not window.ready.age_banner.isVisible()


def test_old_enough_is_not_under(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(minimum_age=21)
    run_sample(qtbot, window, "signature-valid")
    assert _banner(window)[0] == "Passed"


@pytest.mark.usefixtures("in_french")
def test_under_age_in_french(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(minimum_age=MINIMUM)
    run_sample(qtbot, window, "signature-valid")
    title, reason, _look = _banner(window)
    assert title == f"Moins de {MINIMUM} ans"
    assert reason == f"aura {MINIMUM} ans le {birthday(date(1991, 4, 17), MINIMUM)}"


def test_expiry_ahead_says_expires_in_n_days(qtbot: Any, make_window: WindowFactory) -> None:
    # The valid sample expires on 2028-04-17: a window reaching past it says how many days.
    days = (date(2028, 4, 17) - date.today()).days
    window = make_window(expiry_warning_days=min(days + 1, 366))
    run_sample(qtbot, window, "signature-valid")
    if days <= 366:
        assert window.result.verdict_rule == "passed-expiring"
        assert _banner(window)[:2] == ("Passed", f"expires in {days} days")
        assert window.result.panel.expiry.text().endswith(f"— in {days} day(s)")
    else:
        assert window.result.verdict_rule == "passed"
        assert window.result.panel.expiry.text() == "Expires: 2028-04-17"


def test_the_setting_from_the_environment_and_the_managed_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert Settings().minimum_age is None and Settings().expiry_warning_days == 30
    monkeypatch.setenv("KIOSK_MINIMUM_AGE", "21")
    assert load_settings().minimum_age == 21
    monkeypatch.setenv("KIOSK_MINIMUM_AGE", "")
    assert load_settings().minimum_age is None
    monkeypatch.setenv("KIOSK_MINIMUM_AGE", "twenty")
    with pytest.raises(ValidationError):
        load_settings()
    monkeypatch.delenv("KIOSK_MINIMUM_AGE")
    managed = paths.managed_file()
    managed.parent.mkdir(parents=True, exist_ok=True)
    managed.write_text(json.dumps({"minimum_age": 18, "expiry_warning_days": 60}))
    settings = load_settings()
    assert (settings.minimum_age, settings.expiry_warning_days) == (18, 60)
    assert managed_keys(settings) == {"minimum_age", "expiry_warning_days"}
    managed.write_text(json.dumps({"minimum_age": -1}))
    assert load_settings().minimum_age is None  # not a valid value: ignored


def test_the_kiosk_command_reads_kiosk_minimum_age() -> None:
    """``kiosk-app check`` in its own process with KIOSK_MINIMUM_AGE set."""
    code = "from kiosk_app.config import load_settings; print(load_settings().minimum_age)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "KIOSK_MINIMUM_AGE": "21"},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert out.stdout.strip() == "21"


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
def test_the_admin_sets_and_clears_the_minimum_age(qtbot: Any, make_kiosk: KioskFactory) -> None:
    window, kiosk = make_kiosk(enabled=False, pin="2468")
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    assert dialog.editors["minimum_age"].value() == ""  # none: an empty box, never "None"
    set_text(dialog, "minimum_age", "60")
    set_text(dialog, "expiry_warning_days", "45")
    dialog.save()
    qtbot.waitUntil(lambda: window.core.settings.minimum_age == MINIMUM, timeout=TIMEOUT_MS)
    assert window.session.backend.minimum_age == MINIMUM
    assert window.core.settings.expiry_warning_days == 45
    window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    qtbot.waitUntil(lambda: window.ready.age_banner.isVisible(), timeout=TIMEOUT_MS)
    window.session.wipe()
    set_text(dialog, "minimum_age", "")
    dialog.save()
    qtbot.waitUntil(lambda: window.core.settings.minimum_age is None, timeout=TIMEOUT_MS)
    assert window.session.backend.minimum_age is None
    assert CheckKind.SIGNATURE in window.core.settings.enabled_checks


def nineteen_today() -> date:
    """A birth date about 19 years and 3 months before today: 19 years old now."""
    return date.today() - timedelta(days=19 * 365 + 100)


def test_a_validly_signed_card_of_a_19_year_old_is_under_21(
    qtbot: Any, make_window: WindowFactory
) -> None:
    born = nineteen_today()
    payload = signed_us_licence(born, date.today() + timedelta(days=900))
    window = make_window(minimum_age=21, auto_check_on_scan=True)
    window.session.submit_payload(payload)
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.view is not None
    assert window.result.view.outcome.verdict.value == "Passed"  # the signature is genuine
    title, reason, look = _banner(window)
    assert (title, look) == ("Under 21", "underage")
    assert reason == f"turns 21 on {birthday(born, 21).isoformat()}"


def test_a_window_of_zero_never_says_expires_in(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(expiry_warning_days=0)
    run_sample(qtbot, window, "signature-valid")
    assert window.result.verdict_rule == "passed"
    assert window.result.banner.reason.isHidden()
    assert window.result.panel.expiry.text() == "Expires: 2028-04-17"
