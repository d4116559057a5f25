"""The watchlist file: keyed hashes only, validated, merged; a property test over random people."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk_app.storage.watchlist import (
    FORMAT,
    MAX_NOTE_CHARS,
    CardIdentity,
    Entry,
    ListFile,
    Reason,
    WatchlistFileError,
    WatchlistKeyError,
    check_key,
    fingerprint,
    fold,
    key_id,
    merge,
    most_serious,
    new_entry_id,
    new_key,
    parse_list,
    read_list,
    write_list,
)

KEY = check_key("k" * 40)
OTHER_KEY = check_key("o" * 40)
PERSON = CardIdentity("ON", "T7654-32109-87654", "Tremblay", "Marie Anne", date(1989, 12, 24))
TODAY = date(2026, 11, 2)


def entry_for(identity: CardIdentity, *, key: bytes = KEY, **changes: Any) -> Entry:
    found = fingerprint(key, identity)
    values: dict[str, object] = {
        "id": new_entry_id(),
        "key": found.key,
        "document": found.document,
        "person": found.person,
        "reason": Reason.BANNED,
        "added": TODAY,
    }
    values.update(changes)
    return Entry.model_validate(values)


def test_a_reissued_card_keeps_the_person_hash_and_changes_the_document_hash() -> None:
    first = fingerprint(KEY, PERSON)
    reissued = fingerprint(KEY, CardIdentity("ON", "T7654-32109-99999", *PERSON_PARTS))
    assert first.person == reissued.person and first.document != reissued.document
    assert entry_for(PERSON).matches(reissued)


PERSON_PARTS = ("Tremblay", "Marie Anne", date(1989, 12, 24))


@pytest.mark.parametrize(
    ("family", "given_name"),
    [("TREMBLAY", "MARIE"), ("tremblay", "marie anne"), ("Trémblay", "Marie,Anne")],
)
def test_the_name_is_normalised(family: str, given_name: str) -> None:
    """Case, accents, later given names and punctuation do not change the person hash."""
    found = fingerprint(KEY, CardIdentity("", "", family, given_name, date(1989, 12, 24)))
    assert found.person == fingerprint(KEY, PERSON).person


def test_another_birth_date_or_family_name_is_another_person() -> None:
    base = fingerprint(KEY, PERSON).person
    assert (
        fingerprint(KEY, CardIdentity("ON", "", "Tremblay", "Marie", date(1989, 12, 25))).person
        != base
    )
    assert (
        fingerprint(KEY, CardIdentity("ON", "", "Tremble", "Marie", date(1989, 12, 24))).person
        != base
    )


def test_a_list_made_with_one_key_matches_nothing_with_another() -> None:
    entry = entry_for(PERSON)
    other = fingerprint(OTHER_KEY, PERSON)
    assert other.key != entry.key
    assert other.person != entry.person and other.document != entry.document
    assert not entry.matches(other)
    # Even an entry relabelled with the other key's id: the hashes themselves differ.
    relabelled = entry.model_copy(update={"key": other.key})
    assert not relabelled.matches(other)


def test_missing_parts_give_no_hash() -> None:
    found = fingerprint(KEY, CardIdentity("ON", "", "Tremblay", "Marie", None))
    assert found.document is None and found.person is None and not found.usable


@pytest.mark.parametrize("key", ["", "short", "x" * 31, "tab\tinside" + "x" * 40])
def test_a_weak_or_odd_key_is_refused(key: str) -> None:
    with pytest.raises(WatchlistKeyError):
        check_key(key)


def test_a_new_key_is_long_enough_and_its_id_reveals_nothing_of_it() -> None:
    key = new_key()
    check_key(key)
    assert key_id(key.encode()) != key_id(new_key().encode())
    assert key[:8] not in key_id(key.encode())


@pytest.mark.parametrize(
    ("change", "member"),
    [
        ({"note": "x" * (MAX_NOTE_CHARS + 1)}, "note"),
        ({"note": "two\nlines"}, "note"),
        ({"person": "not-a-hash"}, "person"),
        ({"id": "anything"}, "id"),
        ({"reason": "disliked"}, "reason"),
        ({"extra": "member"}, "extra"),
    ],
)
def test_an_entry_that_is_not_one_is_refused(change: dict[str, str], member: str) -> None:
    document = json.loads(ListFile(entries=(entry_for(PERSON),)).to_json())
    document["entries"][0].update(change)
    with pytest.raises(WatchlistFileError, match=member):
        parse_list(json.dumps(document).encode())


@pytest.mark.parametrize(
    "raw", [b"", b"not json", b"[]", b'{"format": "other"}', b"[" * 100_000, b"\xff\xfe"]
)
def test_a_file_that_is_not_a_list_is_refused(raw: bytes) -> None:
    with pytest.raises(WatchlistFileError):
        parse_list(raw)


def test_a_list_file_round_trips_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "watchlist.json"
    assert read_list(path) == ListFile()  # no file: an empty list
    content = ListFile(
        entries=(entry_for(PERSON, note="Threw a chair", until=TODAY + timedelta(days=30)),)
    )
    write_list(path, content)
    assert read_list(path) == content
    assert json.loads(path.read_text())["format"] == FORMAT
    assert path.stat().st_mode & 0o777 == 0o600


def test_an_entry_ends_on_its_end_date() -> None:
    entry = entry_for(PERSON, until=TODAY + timedelta(days=1))
    assert entry.active(TODAY) and not entry.active(TODAY + timedelta(days=1))
    assert entry_for(PERSON).active(date(2099, 1, 1))


def test_merge_keeps_each_entry_once_without_removed_ended_or_foreign_ones() -> None:
    shared_entry, desk_entry = entry_for(PERSON), entry_for(PERSON, reason=Reason.VIP)
    removed_entry, ended = entry_for(PERSON), entry_for(PERSON, until=TODAY)
    foreign = entry_for(PERSON, key=OTHER_KEY)
    shared = ListFile(entries=(shared_entry, removed_entry, ended, foreign))
    desk_a = ListFile(entries=(desk_entry, shared_entry), removed=(removed_entry.id,))
    desk_b = ListFile(entries=(desk_entry,))
    merged = merge([shared, desk_a, desk_b], TODAY, keys=[key_id(KEY)])
    assert {e.id for e in merged.entries} == {shared_entry.id, desk_entry.id}
    assert merged.removed == (removed_entry.id,)
    # The removal stays: the same old desk list merged again does not bring the entry back.
    again = merge([merged, ListFile(entries=(removed_entry,))], TODAY)
    assert removed_entry.id not in {e.id for e in again.entries}
    # Without a key filter, entries under another key are kept (a rotation in progress).
    assert foreign.id in {e.id for e in merge([shared], TODAY).entries}


def test_the_most_serious_entry_comes_first() -> None:
    vip, other = (
        entry_for(PERSON, reason=Reason.VIP),
        entry_for(PERSON, reason=Reason.OTHER, note="x"),
    )
    fraud, banned = entry_for(PERSON, reason=Reason.SUSPECTED_FRAUD), entry_for(PERSON)
    ordered = most_serious([vip, other, fraud, banned])
    assert [e.reason for e in ordered] == [
        Reason.BANNED, Reason.SUSPECTED_FRAUD, Reason.OTHER, Reason.VIP
    ]  # fmt: skip


def test_fold_keeps_ascii_letters_and_digits_only() -> None:
    assert fold("O'Brien-Smith Jr.") == "obriensmithjr"
    assert fold("ÉLODIE") == "elodie"


# --- no readable name, number or date of birth in a list file, whoever the customer --------

_NAME = st.text(
    alphabet=st.characters(whitelist_categories=("Lu", "Ll"), max_codepoint=0x17F),
    min_size=3,
    max_size=20,
)
_NUMBER = st.text(alphabet="ABCDEFGHJKLMNPRSTUVWXYZ0123456789", min_size=6, max_size=15)


def _readable_forms(identity: CardIdentity) -> list[str]:
    """The customer's values as a file could hold them: raw, folded, dates in AAMVA forms."""
    birth = identity.birth
    assert birth is not None
    forms = [identity.family_name, identity.given_name, identity.number]
    forms += [fold(identity.family_name), fold(identity.given_name), fold(identity.number)]
    forms += [birth.isoformat(), birth.strftime("%m%d%Y"), birth.strftime("%Y%m%d")]
    return [f.casefold() for f in forms if len(f) >= 3]


HEX_FORM_MIN = 8
NEUTRAL = CardIdentity("ON", "N0000000", "Neutral", "Person", date(1970, 1, 1))


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    family=_NAME,
    given_name=_NAME,
    number=_NUMBER,
    birth=st.dates(min_value=date(1900, 1, 1), max_value=date(2025, 12, 31)),
    reason=st.sampled_from(list(Reason)),
    until=st.none() | st.dates(min_value=date(2026, 11, 3), max_value=date(2030, 1, 1)),
)
def test_a_list_file_never_holds_a_readable_value(
    family: str, given_name: str, number: str, birth: date, reason: Reason, until: date | None
) -> None:
    """Only the two hash members depend on the customer (the rest of the file is the same for
    anyone), and they are 64 hex digits in which no readable form of a value appears."""
    identity = CardIdentity("ON", number, family, given_name, birth)
    fixed: dict[str, Any] = {
        "id": new_entry_id(),
        "reason": reason,
        "note": "Asked to leave",
        "until": until,
    }
    text = ListFile(entries=(entry_for(identity, **fixed),)).to_json()
    neutral = ListFile(entries=(entry_for(NEUTRAL, **fixed),)).to_json()
    members = json.loads(text)["entries"][0]
    hashes = [members.pop("document"), members.pop("person")]
    others = json.loads(neutral)["entries"][0]
    del others["document"], others["person"]
    assert members == others  # nothing else in the file depends on who the customer is
    assert all(len(h) == 64 and set(h) <= set("0123456789abcdef") for h in hashes)
    for form in _readable_forms(identity):
        # A short run of hex digits turns up in 128 random ones by chance: only 8 or more.
        if set(form) <= set("0123456789abcdef") and len(form) < HEX_FORM_MIN:
            continue
        assert not any(form in h for h in hashes), form
    assert parse_list(text.encode()).entries[0].person == hashes[1]
