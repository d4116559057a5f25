"""The watchlist without Qt: the two files, adding and removing, expiry on an injected clock,
the banner's words, and the customer flow stopping on a match before any check."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import pytest

from kiosk_app import secrets
from kiosk_app.app.backend import Backend
from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.config import Settings
from kiosk_app.flow.billing import RecentChecks
from kiosk_app.flow.customer import CustomerFlow
from kiosk_app.flow.stages import Stage
from kiosk_app.flow.watchlist import (
    LISTED,
    LISTED_NO_END,
    LISTED_UNTIL,
    LISTED_WITH_NOTE,
    NEXT_STEPS,
    NOT_CONTINUED,
    NOTE_FROM_CARD,
    NOTE_NEEDED,
    NOTE_TOO_LONG,
    REASON_WORDS,
    ListSource,
    Watchlist,
    alert_for,
    identity_of,
    note_problem,
)
from kiosk_app.kinds import CheckKind
from kiosk_app.storage.watchlist import (
    CardIdentity,
    Entry,
    ListFile,
    Reason,
    WatchlistFileError,
    key_id,
    read_list,
    write_list,
)
from tests.aamva_factory import CardSpec, build_payload, canadian_spec
from tests.support.clock import FakeClock
from tests.support.flow import EventLog, HandTicker, ManualRunner
from tests.support.scripted_backend import ScriptedBackend

KEY = "an-organisation-key-of-forty-characters!"
OTHER_KEY = "another-organisation-key-forty-chars-xx"
PERSON = CardIdentity("ON", "T7654321098765", "Tremblay", "Marie", date(1989, 12, 24))
STRANGER = CardIdentity("ON", "S1111111111111", "Stranger", "Sam", date(1970, 1, 1))
START = date(2026, 11, 2)


class Today:
    """The watchlist's calendar, moved by hand."""

    def __init__(self, day: date = START) -> None:
        self.day = day

    def __call__(self) -> date:
        return self.day


@dataclass
class Lists:
    shared: Path
    local: Path
    today: Today

    def watchlist(self, key: str = KEY) -> Watchlist:
        return Watchlist(
            key=lambda: key, shared=self.shared, local=self.local, today=self.today, desk="front-1"
        )


@pytest.fixture
def lists(tmp_path: Path) -> Lists:
    return Lists(tmp_path / "etc" / "watchlist.json", tmp_path / "data" / "watchlist.json", Today())


def _add(watchlist: Watchlist, identity: CardIdentity = PERSON, **kwargs: object) -> Entry:
    found = watchlist.fingerprint(identity)
    assert found is not None
    values: dict[str, object] = {"reason": Reason.BANNED, "note": "", "until": None}
    values.update(kwargs)
    return watchlist.add(found, **values)  # type: ignore[arg-type]


def test_an_added_customer_is_found_and_a_stranger_is_not(lists: Lists) -> None:
    watchlist = lists.watchlist()
    entry = _add(watchlist, note="Threw a chair")
    hits = watchlist.screen(PERSON).hits
    assert [e.id for e in hits] == [entry.id] and hits[0].desk == "front-1"
    assert watchlist.screen(STRANGER).hits == ()
    assert read_list(lists.local).entries == (entry,)
    assert lists.local.stat().st_mode & 0o777 == 0o600


def test_a_list_made_with_one_key_matches_nothing_with_another(lists: Lists) -> None:
    _add(lists.watchlist())
    other = lists.watchlist(OTHER_KEY)
    screening = other.screen(PERSON)
    assert screening.fingerprint is not None and screening.hits == ()
    assert [e.entry.key for e in other.listed()] == [key_id(KEY.encode())]  # still listed


def test_without_a_key_nothing_is_looked_up_or_hashed(lists: Lists) -> None:
    _add(lists.watchlist())
    for key in ("", "too-short"):
        screening = lists.watchlist(key).screen(PERSON)
        assert screening.fingerprint is None and screening.hits == ()


def test_the_shared_file_is_read_again_when_it_changes(lists: Lists) -> None:
    """Written by the fleet's playbook while the kiosk runs: the next lookup sees it."""
    watchlist = lists.watchlist()
    assert watchlist.screen(PERSON).hits == ()
    other_desk = Watchlist(
        key=lambda: KEY, shared=None, local=lists.shared, today=lists.today, desk="front-2"
    )
    entry = _add(other_desk, reason=Reason.VIP)
    assert [e.id for e in watchlist.screen(PERSON).hits] == [entry.id]
    assert watchlist.listed()[0].source is ListSource.SHARED
    lists.shared.unlink()
    assert watchlist.screen(PERSON).hits == ()


def test_a_broken_shared_file_is_left_out_and_said(lists: Lists) -> None:
    lists.shared.parent.mkdir(parents=True)
    lists.shared.write_text("{not json", encoding="utf-8")
    watchlist = lists.watchlist()
    entry = _add(watchlist)
    assert [e.id for e in watchlist.screen(PERSON).hits] == [entry.id]
    assert "not JSON" in watchlist.problems["shared"]


def test_a_broken_desk_list_never_stops_a_lookup_and_is_never_overwritten(lists: Lists) -> None:
    shared = Watchlist(key=lambda: KEY, shared=None, local=lists.shared, today=lists.today)
    entry = _add(shared)
    lists.local.parent.mkdir(parents=True)
    lists.local.write_bytes(b"\x00 damaged")
    watchlist = lists.watchlist()
    assert [e.id for e in watchlist.screen(PERSON).hits] == [entry.id]
    assert "not JSON" in watchlist.problems["desk"]
    with pytest.raises(WatchlistFileError):
        _add(watchlist)
    assert lists.local.read_bytes() == b"\x00 damaged"


def test_removing_by_id_from_the_desk_list_and_from_the_shared_list(lists: Lists) -> None:
    watchlist = lists.watchlist()
    mine = _add(watchlist)
    write_list(lists.shared, ListFile(entries=(_add(lists.watchlist(), STRANGER),)))
    shared_id = read_list(lists.shared).entries[0].id
    assert watchlist.remove(mine.id.upper())  # as typed by the admin
    assert not watchlist.remove(mine.id)  # gone already
    assert watchlist.remove(shared_id)
    assert watchlist.screen(PERSON).hits == () and watchlist.screen(STRANGER).hits == ()
    desk = read_list(lists.local)
    assert shared_id in desk.removed and mine.id not in desk.removed
    assert not watchlist.remove("wl-000000000000")


def test_removing_the_customer_present_takes_every_entry_of_theirs(lists: Lists) -> None:
    watchlist = lists.watchlist()
    first, second = _add(watchlist), _add(watchlist, reason=Reason.VIP)
    _add(watchlist, STRANGER)
    found = watchlist.fingerprint(PERSON)
    assert found is not None
    assert sorted(watchlist.remove_matching(found)) == sorted([first.id, second.id])
    assert [e.entry.id for e in watchlist.listed()] != [] and watchlist.screen(PERSON).hits == ()


def test_an_entry_ends_on_its_end_date_and_leaves_the_file(lists: Lists) -> None:
    watchlist = lists.watchlist()
    entry = _add(watchlist, until=START + timedelta(days=2))
    lists.today.day = START + timedelta(days=1)
    assert watchlist.screen(PERSON).hits[0].id == entry.id
    lists.today.day = START + timedelta(days=2)
    assert watchlist.screen(PERSON).hits == ()
    assert read_list(lists.local).entries == ()


def test_an_end_date_must_be_after_today(lists: Lists) -> None:
    with pytest.raises(ValueError, match="after today"):
        _add(lists.watchlist(), until=START)


def test_a_reissued_sample_card_still_matches(lists: Lists) -> None:
    """Two real payloads from the project's barcode generator, parsed by the real parser: the
    same person with a new number and new dates still matches; someone else does not."""
    first = canadian_spec()
    reissued = canadian_spec(
        licence_number="T76543210999999",
        issue_date=date(2027, 3, 1),
        expiry_date=date(2032, 12, 24),
    )
    sibling = canadian_spec(
        first_name="LUC", date_of_birth=date(1991, 5, 5), licence_number="T76543210111111"
    )
    backend = Backend(client=None, decoder=None, parser=parse_aamva)  # type: ignore[arg-type]
    scans = [backend.read_payload(build_payload(s)) for s in (first, reissued, sibling)]
    identities = [scan.identity for scan in scans]
    assert all(i is not None for i in identities)
    assert identities[0] != identities[1]  # a new number
    watchlist = lists.watchlist()
    first_id, reissued_id, sibling_id = (i for i in identities if i is not None)
    entry = _add(watchlist, first_id)
    assert [e.id for e in watchlist.screen(reissued_id).hits] == [entry.id]
    assert watchlist.screen(sibling_id).hits == ()


def test_identity_of_a_us_card_uses_the_jurisdiction() -> None:
    record = parse_aamva(build_payload(CardSpec()))
    identity = identity_of(record, None)
    assert (identity.issuer, identity.number, identity.birth) == (
        "CA",
        "D1234567",
        date(1980, 1, 31),
    )
    assert "JOHN" not in repr(identity) and "PUBLIC" not in repr(identity)


# --- the banner's words: a test per row --------------------------------------------------


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_has_words_and_a_next_step(reason: Reason) -> None:
    entry = Entry(id="wl-0123456789ab", key="0" * 16, person="0" * 64, reason=reason, added=START)
    alert = alert_for((entry,))
    assert alert.title == f"On your list: {REASON_WORDS[reason]}, added 2026-11-02"
    assert alert.title.template == LISTED  # type: ignore[attr-defined]
    assert alert.next_step == NEXT_STEPS[reason] and alert.reason is reason
    assert alert.detail.template == LISTED_NO_END  # type: ignore[attr-defined]


def test_the_banner_quotes_the_note_and_the_end_and_counts_the_others() -> None:
    common = {"key": "0" * 16, "person": "0" * 64, "added": START}
    banned = Entry(id="wl-0123456789ab", reason=Reason.BANNED, note="Threw a chair",
                   until=date(2027, 5, 1), **common)  # fmt: skip
    vip = Entry(id="wl-ba9876543210", reason=Reason.VIP, **common)
    alert = alert_for((banned, vip))
    assert alert.title == "On your list: banned — Threw a chair, added 2026-11-02"
    assert alert.title.template == LISTED_WITH_NOTE  # type: ignore[attr-defined]
    assert alert.detail == "Entry wl-0123456789ab, until 2027-05-01"
    assert alert.detail.template == LISTED_UNTIL  # type: ignore[attr-defined]
    assert alert.more == 1


@pytest.mark.parametrize(
    ("note", "reason", "problem"),
    [
        ("Threw a chair", Reason.BANNED, None),
        ("", Reason.BANNED, None),
        ("", Reason.OTHER, NOTE_NEEDED),
        ("x" * 61, Reason.VIP, NOTE_TOO_LONG),
        ("Tremblay again", Reason.BANNED, NOTE_FROM_CARD),
        ("card T7654321098765", Reason.OTHER, NOTE_FROM_CARD),
        ("born 19891224", Reason.OTHER, NOTE_FROM_CARD),
    ],
)
def test_the_note_is_the_admins_own_words(note: str, reason: Reason, problem: str | None) -> None:
    card_values = ("TREMBLAY", "MARIE", "T7654321098765", "19891224", "ON", "F")
    assert note_problem(note, reason, card_values) == problem


# --- the customer flow stops on a match --------------------------------------------------


def stage_of(parts: Parts) -> Stage:
    """The flow's stage, read afresh (each action moves it)."""
    return parts.flow.stage


class Parts:
    def __init__(self, watchlist: Watchlist, auto: bool = True) -> None:
        self.backend = ScriptedBackend()
        self.backend.identity = PERSON
        self.runner = ManualRunner()
        self.log = EventLog()
        self.flow = CustomerFlow(
            Settings(auto_check_on_scan=auto),
            self.backend,
            self.runner,
            HandTicker(),
            self.log.events(),
            recent=RecentChecks(5, clock=FakeClock()),
            watchlist=watchlist,
        )


def test_a_listed_card_shows_the_banner_and_runs_nothing_until_the_clerk_goes_on(
    lists: Lists,
) -> None:
    watchlist = lists.watchlist()
    _add(watchlist, note="Threw a chair")
    parts = Parts(watchlist)
    parts.flow.submit_payload(b"@card")
    parts.runner.run_all()
    assert stage_of(parts) is Stage.LISTED
    assert parts.backend.calls == ["read"]  # the automatic check waits
    (alert,) = parts.log.values("listed")
    assert alert.title == "On your list: banned — Threw a chair, added 2026-11-02"
    assert not parts.flow.run_check(CheckKind.SIGNATURE)
    assert parts.log.values("notice")[-1] == NOT_CONTINUED
    assert not parts.flow.submit_payload(b"@card")  # the same card again: the banner again
    assert stage_of(parts) is Stage.LISTED and len(parts.log.values("listed")) == 2
    parts.runner.run_all()
    assert parts.backend.calls == ["read"]
    assert parts.flow.continue_listed()
    parts.runner.run_all()
    assert parts.backend.calls == ["read", "signature"]
    assert stage_of(parts) is Stage.RESULT and parts.flow.alert is None


def test_the_card_on_screen_put_on_the_list_shows_the_banner_when_read_again(
    lists: Lists,
) -> None:
    watchlist = lists.watchlist()
    parts = Parts(watchlist)
    parts.flow.submit_payload(b"@card")
    parts.runner.run_all()
    assert stage_of(parts) is Stage.RESULT and parts.backend.calls == ["read", "signature"]
    watch = parts.flow.watch
    assert watch is not None and watch.fingerprint is not None
    entry = watchlist.add(watch.fingerprint, Reason.BANNED, "", None)
    parts.flow.note_listed(entry)
    assert not parts.flow.submit_payload(b"@card")
    assert stage_of(parts) is Stage.LISTED and parts.backend.calls == ["read", "signature"]
    assert parts.flow.continue_listed()
    assert not parts.flow.submit_payload(b"@card")  # gone on past it: not shown again
    assert stage_of(parts) is Stage.READY


def test_an_entry_for_someone_else_changes_nothing_on_screen(lists: Lists) -> None:
    watchlist = lists.watchlist()
    parts = Parts(watchlist, auto=False)
    parts.flow.submit_payload(b"@card")
    parts.runner.run_all()
    other = watchlist.fingerprint(STRANGER)
    assert other is not None
    parts.flow.note_listed(watchlist.add(other, Reason.VIP, "", None))
    assert not parts.flow.submit_payload(b"@card")
    assert stage_of(parts) is Stage.READY


def test_new_customer_on_the_banner_runs_nothing(lists: Lists) -> None:
    watchlist = lists.watchlist()
    _add(watchlist)
    parts = Parts(watchlist)
    parts.flow.submit_payload(b"@card")
    parts.runner.run_all()
    parts.flow.wipe()
    parts.runner.run_all()
    assert stage_of(parts) is Stage.READY and parts.backend.calls == ["read"]
    assert parts.flow.alert is None and not parts.flow.continue_listed()


def test_a_card_not_on_the_list_goes_on_as_before(lists: Lists) -> None:
    watchlist = lists.watchlist()
    _add(watchlist, STRANGER)
    parts = Parts(watchlist)
    parts.flow.submit_payload(b"@card")
    parts.runner.run_all()
    assert parts.backend.calls == ["read", "signature"] and parts.log.values("listed") == []
    assert parts.flow.watch is not None and parts.flow.watch.fingerprint is not None


def test_without_automatic_check_continue_leaves_the_clerk_on_ready(lists: Lists) -> None:
    watchlist = lists.watchlist()
    _add(watchlist, reason=Reason.VIP)
    parts = Parts(watchlist, auto=False)
    parts.flow.submit_payload(b"@card")
    parts.runner.run_all()
    assert stage_of(parts) is Stage.LISTED
    assert parts.flow.continue_listed()
    assert stage_of(parts) is Stage.READY and parts.backend.calls == ["read"]
    assert parts.flow.run_check(CheckKind.SIGNATURE)


def test_the_desk_watchlist_uses_the_secrets_store_and_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    del monkeypatch  # the folders are the per-test ones of tests/conftest.py
    secrets.set_watchlist_key(KEY)
    watchlist = Watchlist.from_settings("front-9")
    _add(watchlist)
    data = Path(os.environ["KIOSK_DATA_DIR"]) / "watchlist.json"
    assert json.loads(data.read_text())["entries"][0]["desk"] == "front-9"
    assert KEY not in data.read_text() and tmp_path.exists()
