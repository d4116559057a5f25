"""The watchlist through the real window: the admin flags the customer on screen behind the PIN,
the same card (or the same person's re-issued card) read again shows the banner before any
check with no request to the simulator (counted over real HTTP), in English and French; and no
file the kiosk wrote holds a name, number or date of birth after a session over real corpus
cards."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from kiosk_app import paths, secrets
from kiosk_app.app.watchlist_admin import CARD_LISTED, NO_CARD, WatchlistAdmin
from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.watchlist import Reason, read_list
from kiosk_app.ui.admin.watchlist_dialog import WatchlistDialog
from tests.aamva_factory import CardSpec, build_payload
from tests.support.admin import PIN, open_pad, type_pin
from tests.support.gui import date_spellings
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

KEY = "the-organisation-watchlist-key-0123456789"
CARD = SAMPLES_BY_KEY["signature-valid"].payload  # a US licence: the signature check
TODAY = date.today().isoformat()


@pytest.fixture(autouse=True)
def organisation_key() -> None:
    """The key provisioned on this desk (the test keyring: the owner-only fallback file)."""
    secrets.set_watchlist_key(KEY)


def _stage(qtbot: Any, window: Any, stage: Stage) -> None:
    qtbot.waitUntil(lambda: window.current_stage() is stage, timeout=TIMEOUT_MS)


def _read(qtbot: Any, window: Any, payload: bytes, stage: Stage) -> None:
    assert window.session.submit_payload(payload)
    _stage(qtbot, window, stage)
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


def _requests(window: Any, simulator: Any) -> int:
    window.core.pool.wait_for_done()
    return int(simulator.request_count)


def _open_watchlist(qtbot: Any, window: Any, kiosk: Any) -> WatchlistDialog:
    """The admin gesture, the PIN, then Watchlist in the admin settings."""
    type_pin(open_pad(qtbot, window, kiosk), PIN)
    navigator = kiosk.admin
    qtbot.waitUntil(lambda: navigator.settings_dialog is not None, timeout=TIMEOUT_MS)
    qtbot.mouseClick(navigator.settings_dialog.watchlist_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: navigator.watchlist is not None, timeout=TIMEOUT_MS)
    dialog = navigator.watchlist
    assert isinstance(dialog, WatchlistDialog)
    qtbot.waitUntil(kiosk.services.pool.is_idle, timeout=TIMEOUT_MS)
    return dialog


def _never(error: BaseException) -> None:
    raise AssertionError(f"the watchlist refused: {error!r}")


def _flag(qtbot: Any, window: Any, reason: Reason, note: str = "") -> str:
    """The admin service adds the customer on screen (what the dialog's button does)."""
    admin = WatchlistAdmin(window.core.watchlist, window.session, window.core.pool)
    added: list[Any] = []
    assert admin.add(reason, note, None, added.append, _never) is not None
    qtbot.waitUntil(lambda: bool(added), timeout=TIMEOUT_MS)
    return str(added[0].id)


def test_the_admin_flags_the_customer_and_the_card_again_shows_the_banner_not_billed(
    qtbot: Any, make_kiosk: Any, simulator: Any
) -> None:
    window, kiosk = make_kiosk(
        enabled=False, pin=PIN, samples=False, auto_check_on_scan=True, repeat_window_min=0
    )
    before = _requests(window, simulator)
    _read(qtbot, window, CARD, Stage.RESULT)
    assert _requests(window, simulator) == before + 1  # checked once, as usual

    dialog = _open_watchlist(qtbot, window, kiosk)
    assert dialog.add_button.isEnabled()
    dialog.reason.setCurrentIndex(list(Reason).index(Reason.BANNED))
    dialog.note.setText("Threw a chair")
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Added: entry wl-"), timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1, timeout=TIMEOUT_MS)
    entry_id = dialog.table.item(0, 0).text()
    assert dialog.table.item(0, 2).text() == "Threw a chair"
    assert [e.id for e in read_list(paths.desk_watchlist_file()).entries] == [entry_id]

    kiosk.admin.close_admin_screens()
    checked = _requests(window, simulator)
    # The card on screen read again: the banner at once, nothing sent.
    assert not window.session.submit_payload(CARD)
    _stage(qtbot, window, Stage.LISTED)
    assert _requests(window, simulator) == checked

    qtbot.mouseClick(window.listed.home_button, Qt.MouseButton.LeftButton)
    _stage(qtbot, window, Stage.READY)
    _read(qtbot, window, CARD, Stage.LISTED)
    listed = window.listed
    assert listed.title.text() == f"On your list: banned — Threw a chair, added {TODAY}"
    assert listed.next_step.text().startswith("Do not serve this customer.")
    assert listed.detail.text() == f"Entry {entry_id}, no end date"
    assert listed.banner.objectName() == "ListedBanner" and listed.banner.isVisible()
    assert listed.banner.width() >= window.width() - 2 * 24 - 2  # full width
    assert _requests(window, simulator) == checked  # a match costs no service call

    # The same card again: the banner again, still nothing sent.
    assert not window.session.submit_payload(CARD)
    _stage(qtbot, window, Stage.LISTED)
    assert _requests(window, simulator) == checked

    qtbot.mouseClick(listed.continue_button, Qt.MouseButton.LeftButton)
    _stage(qtbot, window, Stage.RESULT)  # the automatic check runs once the clerk goes on
    assert _requests(window, simulator) == checked + 1


def test_new_customer_on_the_banner_sends_nothing_and_removal_by_id_ends_it(
    qtbot: Any, make_kiosk: Any, simulator: Any
) -> None:
    window, kiosk = make_kiosk(enabled=False, pin=PIN, samples=False, auto_check_on_scan=False)
    _read(qtbot, window, CARD, Stage.READY)
    entry_id = _flag(qtbot, window, Reason.SUSPECTED_FRAUD)
    window.session.wipe()
    before = _requests(window, simulator)
    _read(qtbot, window, CARD, Stage.LISTED)
    assert window.listed.title.text() == f"On your list: suspected fraud, added {TODAY}"
    dialog = _open_watchlist(qtbot, window, kiosk)
    assert dialog.present.text() == CARD_LISTED
    dialog.table.selectRow(0)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: dialog.status.text() == f"Removed: entry {entry_id}.", timeout=TIMEOUT_MS
    )
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 0, timeout=TIMEOUT_MS)
    qtbot.mouseClick(window.listed.home_button, Qt.MouseButton.LeftButton)
    _stage(qtbot, window, Stage.READY)
    _read(qtbot, window, CARD, Stage.READY)  # off the list: no banner
    assert _requests(window, simulator) == before


def test_the_admin_screen_without_a_card_adds_nothing(qtbot: Any, make_kiosk: Any) -> None:
    window, kiosk = make_kiosk(enabled=False, pin=PIN, samples=False)
    dialog = _open_watchlist(qtbot, window, kiosk)
    assert dialog.present.text() == NO_CARD
    assert not dialog.add_button.isEnabled() and not dialog.remove_present_button.isEnabled()


def test_a_note_with_the_cards_values_is_refused(qtbot: Any, make_kiosk: Any) -> None:
    window, kiosk = make_kiosk(enabled=False, pin=PIN, samples=False)
    _read(qtbot, window, CARD, Stage.READY)
    family = parse_aamva(CARD).last_name
    assert family is not None
    dialog = _open_watchlist(qtbot, window, kiosk)
    dialog.note.setText(f"{family} again")
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text().startswith("Write your own words")
    qtbot.waitUntil(kiosk.services.pool.is_idle, timeout=TIMEOUT_MS)
    assert read_list(paths.desk_watchlist_file()).entries == ()


def test_a_reissued_card_of_the_same_person_still_shows_the_banner(
    qtbot: Any, make_kiosk: Any, simulator: Any
) -> None:
    """Two cards from the project's barcode generator: a new number and new dates."""
    first = CardSpec(family_name="LISTED", first_name="ROBIN", licence_number="L1000001")
    reissued = CardSpec(
        family_name="LISTED",
        first_name="ROBIN",
        licence_number="L2000002",
        issue_date=date(2025, 6, 1),
        expiry_date=date(2033, 1, 31),
    )
    window, _kiosk = make_kiosk(enabled=False, pin=PIN, samples=False, auto_check_on_scan=True)
    window.core.settings.auto_check_on_scan = False
    _read(qtbot, window, build_payload(first), Stage.READY)
    _flag(qtbot, window, Reason.VIP)
    window.session.wipe()
    window.core.settings.auto_check_on_scan = True
    before = _requests(window, simulator)
    _read(qtbot, window, build_payload(reissued), Stage.LISTED)
    assert window.listed.title.text() == f"On your list: VIP, added {TODAY}"
    assert _requests(window, simulator) == before


def test_the_banner_in_french(qtbot: Any, make_kiosk: Any, french: None) -> None:
    window, kiosk = make_kiosk(enabled=False, pin=PIN, samples=False, language="fr")
    _read(qtbot, window, CARD, Stage.READY)
    _flag(qtbot, window, Reason.BANNED, note="A lancé une chaise")
    window.session.wipe()
    _read(qtbot, window, CARD, Stage.LISTED)
    listed = window.listed
    assert listed.title.text() == (
        f"Sur votre liste\u202f: interdit — A lancé une chaise, ajouté le {TODAY}"
    )
    assert listed.next_step.text().startswith("Ne servez pas ce client.")
    assert listed.continue_button.text() == "Continuer la vérification"
    assert listed.home_button.text() == "Nouveau client"
    assert "Nothing" not in listed.hint.text()
    dialog = _open_watchlist(qtbot, window, kiosk)
    assert dialog.windowTitle() == "Liste de surveillance"
    assert dialog.reason.itemText(0) == "interdit"


def _corpus_cards(corpus_dir: Path) -> list[bytes]:
    cards = []
    for path in sorted((corpus_dir / "aamva").rglob("*.txt")):
        payload = path.read_bytes()
        try:
            record = parse_aamva(payload)
        except BarcodeError:
            continue
        if record.last_name and record.date_of_birth and record.licence_number:
            cards.append(payload)
    return cards


def _readable_values(payload: bytes) -> list[str]:
    record = parse_aamva(payload)
    values = [record.first_name, record.last_name, record.licence_number]
    found = [v.casefold() for v in values if v and len(v) >= 4]
    if record.date_of_birth is not None:
        found += date_spellings(record.date_of_birth)
    return found


def test_no_file_the_kiosk_wrote_holds_a_name_number_or_birth_date(
    qtbot: Any, make_kiosk: Any, corpus_dir: Path
) -> None:
    """Every corpus licence read, flagged, read again (the banner), some continued, some taken
    off by the customer present and by id; then every file under the kiosk's folders and the
    fleet list beside the managed file is searched for every card's values."""
    window, _kiosk = make_kiosk(enabled=False, pin=PIN, samples=False, auto_check_on_scan=False)
    cards = _corpus_cards(corpus_dir)
    assert len(cards) >= 20
    admin = WatchlistAdmin(window.core.watchlist, window.session, window.core.pool)
    reasons = list(Reason)
    for index, payload in enumerate(cards):
        assert window.session.submit_payload(payload)
        qtbot.waitUntil(lambda: window.current_stage() in (Stage.READY, Stage.LISTED))
        qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
        if window.current_stage() is Stage.READY:  # (a corpus file repeats an earlier person)
            _flag(qtbot, window, reasons[index % len(reasons)], note=f"note {index}")
            window.session.wipe()
            _read(qtbot, window, payload, Stage.LISTED)
        if index % 3 == 0:
            removed: list[list[str]] = []
            admin.remove_present(removed.append, _never)
            qtbot.waitUntil(removed.__len__, timeout=TIMEOUT_MS)
        elif index % 3 == 1:
            assert window.session.continue_listed()
        window.session.wipe()
    assert read_list(paths.desk_watchlist_file()).entries
    folders = [Path(os.environ[v]) for v in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR")]
    folders.append(paths.shared_watchlist_file().parent)
    written = [p for folder in folders if folder.exists() for p in folder.rglob("*") if p.is_file()]
    assert paths.desk_watchlist_file() in written
    text = "\n".join(p.read_bytes().decode("latin-1").casefold() for p in written)
    for payload in cards:
        for value in _readable_values(payload):
            assert value not in text, (value, [p.name for p in written])
