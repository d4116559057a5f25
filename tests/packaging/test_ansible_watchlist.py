"""packaging/ansible/tasks/watchlist.yml, run by real Ansible on loopback: three desks' own lists
and the fleet's shared list merged into the shared file, which the kiosk's own reader accepts
and which equals the kiosk's own merge (kiosk_app.storage.watchlist.merge)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from datetime import date, timedelta
from pathlib import Path

import pytest

from kiosk_app.flow.watchlist import Watchlist
from kiosk_app.storage.watchlist import (
    CardIdentity,
    ListFile,
    Reason,
    check_key,
    key_id,
    merge,
    read_list,
    write_list,
)

from .scripts import ANSIBLE_DIR, ansible_env

TASKS = ANSIBLE_DIR / "tasks" / "watchlist.yml"
KEY = "the-fleet-watchlist-key-for-this-test-0123"
OLD_KEY = "an-old-fleet-watchlist-key-no-longer-used"
DESKS = ("desk-a", "desk-b", "desk-c")
ANSIBLE_PLAYBOOK = shutil.which("ansible-playbook")
needs_ansible = pytest.mark.skipif(
    ANSIBLE_PLAYBOOK is None, reason="ansible-playbook missing (apt-get install ansible)"
)


def _person(number: int) -> CardIdentity:
    return CardIdentity("ON", f"P{number:07d}", f"Family{number}", "Given", date(1980, 1, number))


def _add(path: Path, number: int, key: str = KEY, **changes: object) -> str:
    desk = Watchlist(key=lambda: key, shared=None, local=path, desk=path.stem)
    found = desk.fingerprint(_person(number))
    assert found is not None
    values: dict[str, object] = {"reason": Reason.BANNED, "note": "", "until": None, **changes}
    return desk.add(found, **values).id  # type: ignore[arg-type]


def _run(tmp_path: Path, shared: Path, desk_files: dict[str, Path], key: str | None) -> str:
    assert ANSIBLE_PLAYBOOK is not None
    inventory = tmp_path / "inventory.ini"
    inventory.write_text(
        "[kiosks]\n"
        + "".join(
            f"{name} ansible_connection=local kiosk_watchlist_desk_file={path}\n"
            for name, path in desk_files.items()
        ),
        encoding="utf-8",
    )
    play = tmp_path / "watchlist.yml"
    key_line = f"    vault_kiosk_watchlist_key: '{key}'\n" if key else ""
    play.write_text(
        "- hosts: kiosks\n  gather_facts: false\n  vars:\n"
        f"    kiosk_watchlist_shared_file: {shared}\n{key_line}"
        f"  tasks:\n    - ansible.builtin.import_tasks: {TASKS}\n",
        encoding="utf-8",
    )
    # The test user owns the files: no become (the playbook's desks run it as root).
    env = ansible_env(tmp_path, dict(os.environ))
    result = subprocess.run(
        [ANSIBLE_PLAYBOOK, "-i", str(inventory), "-f", "1", str(play)],
        cwd=ANSIBLE_DIR,
        env={**env, "ANSIBLE_BECOME": "false"},
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@needs_ansible
def test_the_playbook_merges_every_desks_list_into_the_shared_one(tmp_path: Path) -> None:
    shared = tmp_path / "etc" / "watchlist.json"
    shared.parent.mkdir()
    desk_files = {name: tmp_path / name / "watchlist.json" for name in DESKS}
    earlier = _add(shared, 1)  # already shared by an earlier run
    removed_by_b = _add(shared, 2)
    a_first, a_vip = _add(desk_files["desk-a"], 3), _add(desk_files["desk-a"], 4, reason=Reason.VIP)
    ends_soon = _add(desk_files["desk-b"], 5, until=date.today() + timedelta(days=3))
    old_key = _add(desk_files["desk-b"], 6, key=OLD_KEY)
    # desk-b took a shared entry off (noted in its list), and holds a copy of a's entry.
    b_list = read_list(desk_files["desk-b"])
    copied = read_list(desk_files["desk-a"]).entries[0]
    write_list(
        desk_files["desk-b"],
        b_list.model_copy(
            update={"entries": (*b_list.entries, copied), "removed": (removed_by_b,)}
        ),
    )
    # desk-c has never added anything: no list at all.
    inputs = [read_list(shared), *(read_list(p) for p in desk_files.values())]
    expected = merge(inputs, date.today(), keys=[key_id(check_key(KEY))])

    output = _run(tmp_path, shared, desk_files, KEY)
    merged = read_list(shared)  # the kiosk's own validation accepts it
    assert merged == expected
    assert {e.id for e in merged.entries} == {earlier, a_first, a_vip, ends_soon}
    assert old_key not in {e.id for e in merged.entries} and merged.removed == (removed_by_b,)
    assert shared.stat().st_mode & 0o777 == 0o644
    assert "changed=1" in output

    # The kiosk on any desk sees the fleet's entries, not the removed one.
    desk_c = Watchlist(key=lambda: KEY, shared=shared, local=desk_files["desk-c"])
    assert desk_c.screen(_person(3)).hits[0].id == a_first
    assert desk_c.screen(_person(2)).hits == ()

    again = _run(tmp_path, shared, desk_files, KEY)  # nothing new: nothing changed
    assert "changed=0" in again and read_list(shared) == expected


@needs_ansible
def test_without_a_key_in_the_vault_every_key_is_kept(tmp_path: Path) -> None:
    """A fleet changing its key keeps both until the old entries are given up."""
    shared = tmp_path / "shared.json"
    desk = tmp_path / "desk-a" / "watchlist.json"
    new, old = _add(desk, 1), _add(desk, 2, key=OLD_KEY)
    _run(tmp_path, shared, {"desk-a": desk}, None)
    assert {e.id for e in read_list(shared).entries} == {new, old}
    assert json.loads(shared.read_text())["format"] == ListFile().format
