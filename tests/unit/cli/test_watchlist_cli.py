"""`kiosk-app watchlist` and the watchlist key in `kiosk-app provision`, as real child processes
with the test's folders (the key goes to the owner-only fallback file, as on a desk without a
keyring)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from kiosk_app import paths, secrets
from kiosk_app.cli.provision import ProvisionInputError, parse_input
from kiosk_app.flow.watchlist import Watchlist
from kiosk_app.storage.watchlist import CardIdentity, ListFile, Reason, read_list, write_list

KEY = "wl-key-provisioned-0123456789abcdef-XYZ"
PERSON = CardIdentity("QC", "L1234-567890-12", "Lavoie", "Chloé", date(1990, 2, 3))


def _kiosk(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk_app", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=180,
        check=False,
    )


def _desk(key: str = KEY) -> Watchlist:
    return Watchlist(
        key=lambda: key,
        shared=paths.shared_watchlist_file(),
        local=paths.desk_watchlist_file(),
        desk="front-1",
    )


def _add(watchlist: Watchlist, identity: CardIdentity = PERSON, **changes: object) -> str:
    found = watchlist.fingerprint(identity)
    assert found is not None
    values: dict[str, object] = {"reason": Reason.BANNED, "note": "", "until": None, **changes}
    return watchlist.add(found, **values).id  # type: ignore[arg-type]


def test_provision_stores_the_watchlist_key_once_and_never_prints_it() -> None:
    body = json.dumps({"watchlist_key": KEY})
    first, second = _kiosk("provision", stdin=body), _kiosk("provision", stdin=body)
    assert first.stdout == "provision: stored watchlist_key\n", first.stderr
    assert second.stdout == "provision: unchanged (watchlist_key)\n"
    assert secrets.get_watchlist_key() == KEY
    assert KEY not in first.stdout + first.stderr + second.stdout + second.stderr


def test_provision_refuses_a_weak_watchlist_key() -> None:
    with pytest.raises(ProvisionInputError, match="at least 32"):
        parse_input(__import__("io").BytesIO(b'{"watchlist_key": "short"}'))
    refused = _kiosk("provision", stdin=json.dumps({"watchlist_key": "short"}))
    assert refused.returncode == 2 and "short" not in refused.stderr
    assert secrets.get_watchlist_key() == ""


def test_list_and_remove_by_id() -> None:
    desk = _desk()
    mine = _add(desk, note="Threw a chair", until=date.today() + timedelta(days=10))
    other = _add(desk, CardIdentity("ON", "X1", "Other", "Person", date(1970, 1, 1)))
    secrets.set_watchlist_key(KEY)
    listed = _kiosk("watchlist", "list")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith(mine) and "Threw a chair" in lines[0]
    assert "banned" in lines[0] and "desk" in lines[0]
    assert "2 entries in force" in listed.stderr
    removed = _kiosk("watchlist", "remove", mine.upper())
    assert removed.returncode == 0 and removed.stdout == f"watchlist: removed {mine}\n"
    assert [e.id for e in read_list(paths.desk_watchlist_file()).entries] == [other]
    again = _kiosk("watchlist", "remove", mine)
    assert again.returncode == 2 and "no entry" in again.stderr


def test_removing_a_shared_entry_notes_it_for_the_fleet() -> None:
    shared = Watchlist(key=lambda: KEY, shared=None, local=paths.shared_watchlist_file())
    entry_id = _add(shared)
    result = _kiosk("watchlist", "remove", entry_id)
    assert result.returncode == 0, result.stderr
    assert read_list(paths.desk_watchlist_file()).removed == (entry_id,)
    assert _desk().screen(PERSON).hits == ()


def test_merge_writes_a_world_readable_list(tmp_path: Path) -> None:
    desk_a, desk_b = tmp_path / "a.json", tmp_path / "b.json"
    first = _add(Watchlist(key=lambda: KEY, shared=None, local=desk_a))
    second = _add(Watchlist(key=lambda: KEY, shared=None, local=desk_b), reason=Reason.VIP)
    write_list(desk_b, read_list(desk_b).model_copy(update={"removed": (first,)}))
    out = tmp_path / "shared.json"
    result = _kiosk("watchlist", "merge", "--out", str(out), str(desk_a), str(desk_b))
    assert result.returncode == 0, result.stderr
    merged = read_list(out)
    assert [e.id for e in merged.entries] == [second] and merged.removed == (first,)
    assert out.stat().st_mode & 0o777 == 0o644


def test_a_broken_file_is_refused_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    result = _kiosk("watchlist", "merge", "--out", str(tmp_path / "o.json"), str(bad))
    assert result.returncode == 2 and result.stderr.startswith("watchlist: refused:")
    assert not (tmp_path / "o.json").exists()
    assert ListFile() == read_list(tmp_path / "missing.json")
