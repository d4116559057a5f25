"""packaging/ansible/: the example fleet playbook passes ``ansible-playbook --syntax-check``.

Real Ansible (Debian's ``ansible`` package, which ``packaging/dev.sh test`` installs); the tests
skip only where it is absent. The playbook's own provisioning tasks run for real on loopback
against the real ``kiosk-app provision`` (twice: stored, then unchanged). The whole playbook
runs against this machine in the slow bundle test (tests/packaging/test_bundle.py), which
installs the built .deb with it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk_app import secrets
from kiosk_app.config import Settings

from .scripts import ANSIBLE_DIR, ansible_env

PLAYBOOK = ANSIBLE_DIR / "site.yml"
PROVISION_TASKS = ANSIBLE_DIR / "tasks" / "provision.yml"
RESTART_HANDLER = ANSIBLE_DIR / "handlers" / "restart.yml"
TOKEN = "tok-from-the-vault-5e6f7a8b9c0d"  # a made-up test value
PIN = "739164"
ANSIBLE_PLAYBOOK = shutil.which("ansible-playbook")
needs_ansible = pytest.mark.skipif(
    ANSIBLE_PLAYBOOK is None, reason="ansible-playbook missing (apt-get install ansible)"
)


def _playbook(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    assert ANSIBLE_PLAYBOOK is not None
    return subprocess.run(
        [ANSIBLE_PLAYBOOK, *args],
        cwd=ANSIBLE_DIR,
        env=ansible_env(tmp_path, dict(os.environ)),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@needs_ansible
def test_the_playbook_passes_the_syntax_check(tmp_path: Path) -> None:
    result = _playbook("--syntax-check", str(PLAYBOOK), tmp_path=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


@needs_ansible
def test_the_syntax_check_fails_on_a_broken_playbook(tmp_path: Path) -> None:
    """The check above can fail: the same playbook with a task that is not a module is refused."""
    broken = tmp_path / "site.yml"
    broken.write_text(
        PLAYBOOK.read_text(encoding="utf-8") + "\n    - name: Broken\n      not.a.module: {}\n",
        encoding="utf-8",
    )
    result = _playbook("--syntax-check", str(broken), tmp_path=tmp_path)
    assert result.returncode != 0


@needs_ansible
def test_the_playbook_lists_its_steps_in_order(tmp_path: Path) -> None:
    """Install, managed file, kiosk session, then the token (the kiosk user must exist first);
    the token task never logs and reads the vault variable on standard input."""
    result = _playbook("--list-tasks", str(PLAYBOOK), tmp_path=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    tasks = [line.strip().split("\t")[0] for line in result.stdout.splitlines() if "TAGS" in line]
    steps = [
        "Install the package and its dependencies",
        "Write the managed settings (same keys as settings.json; never the token)",
        "Make the desk a kiosk (kiosk user, cage session on tty1, lock-down)",
        "Store the API token for the kiosk user (read on standard input)",
    ]
    assert [t for t in tasks if t in steps] == steps
    provision = PROVISION_TASKS.read_text(encoding="utf-8")
    stdin = next(line for line in provision.splitlines() if line.strip().startswith("stdin:"))
    assert "vault_kiosk_api_token" in stdin
    assert "no_log: true" in provision and 'become_user: "{{ kiosk_user }}"' in provision
    command = next(line for line in provision.splitlines() if line.strip().startswith("cmd:"))
    assert "vault" not in command  # never on the command line


@needs_ansible
def test_the_managed_file_template_renders_valid_settings(tmp_path: Path) -> None:
    """The managed.json content expression, rendered by Ansible itself on loopback, is a JSON
    object with the group's settings and the desk id."""
    text = PLAYBOOK.read_text(encoding="utf-8")
    line = next(
        li for li in text.splitlines() if "content:" in li and "kiosk_managed_settings" in li
    )
    expression = line.split("content:", 1)[1].strip()
    play = tmp_path / "render.yml"
    out = tmp_path / "managed.json"
    play.write_text(
        "- hosts: localhost\n  gather_facts: false\n  vars_files: ["
        f"{ANSIBLE_DIR / 'group_vars' / 'kiosks' / 'vars.yml'}]\n"
        "  vars: {kiosk_desk_id: 'Lyon front desk 1'}\n  tasks:\n"
        f"    - ansible.builtin.copy:\n        dest: {out}\n        content: {expression}\n",
        encoding="utf-8",
    )
    result = _playbook("-i", "localhost,", "-c", "local", str(play), tmp_path=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    managed = json.loads(out.read_text(encoding="utf-8"))
    assert managed["desk_id"] == "Lyon front desk 1"
    assert managed["language"] == "fr" and managed["idle_timeout_s"] == 120
    assert "api_token" not in managed
    Settings.model_validate(managed)  # the kiosk's own validation accepts every key


@needs_ansible
def test_the_provision_tasks_store_the_vault_token_once_and_never_show_it(tmp_path: Path) -> None:
    """tasks/provision.yml as the playbook imports it, run by Ansible on loopback (no become:
    the test user is the kiosk user) with the real command: the token and PIN from vault-style
    variables are stored where the admin screen stores them; the second run changes nothing."""
    vault = tmp_path / "vault.json"
    vault.write_text(
        json.dumps({"vault_kiosk_api_token": TOKEN, "vault_kiosk_admin_pin": int(PIN)}),
        encoding="utf-8",
    )
    play = tmp_path / "provision.yml"
    play.write_text(
        "- hosts: localhost\n  gather_facts: false\n  vars:\n"
        "    kiosk_user: kiosk\n"
        f"    kiosk_app_command: {sys.executable} -m kiosk_app\n"
        f"  tasks:\n    - ansible.builtin.import_tasks: {PROVISION_TASKS}\n"
        f"  handlers:\n    - ansible.builtin.import_tasks: {RESTART_HANDLER}\n",
        encoding="utf-8",
    )
    runs = [
        _playbook(
            "-i", "localhost,", "-c", "local", "-e", f"@{vault}", str(play), tmp_path=tmp_path
        )
        for _ in range(2)
    ]
    for result in runs:
        assert result.returncode == 0, result.stdout + result.stderr
        assert TOKEN not in result.stdout + result.stderr and PIN not in result.stdout
    assert "changed=1" in runs[0].stdout, runs[0].stdout
    assert "changed=0" in runs[1].stdout, runs[1].stdout
    assert secrets.get_api_token() == TOKEN
