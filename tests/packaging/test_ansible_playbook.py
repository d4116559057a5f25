"""packaging/ansible/: the example fleet playbook passes ``ansible-playbook --syntax-check``.

Real Ansible (Debian's ``ansible`` package, which ``packaging/dev.sh test`` installs); the test
skips only where it is absent. Running the playbook against a machine is not done here (the
slow bundle test still installs the .deb with a bare ``dpkg -i``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from kiosk_app.config import Settings

from .scripts import ROOT

ANSIBLE_DIR = ROOT / "packaging" / "ansible"
PLAYBOOK = ANSIBLE_DIR / "site.yml"
ANSIBLE_PLAYBOOK = shutil.which("ansible-playbook")
needs_ansible = pytest.mark.skipif(
    ANSIBLE_PLAYBOOK is None, reason="ansible-playbook missing (apt-get install ansible)"
)


def _ansible_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        ANSIBLE_CONFIG=str(ANSIBLE_DIR / "ansible.cfg"),
        ANSIBLE_LOCAL_TEMP=str(tmp_path / "ansible-tmp"),
        HOME=str(tmp_path),
        ANSIBLE_NOCOLOR="1",
    )
    return env


def _playbook(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    assert ANSIBLE_PLAYBOOK is not None
    return subprocess.run(
        [ANSIBLE_PLAYBOOK, *args],
        cwd=ANSIBLE_DIR,
        env=_ansible_env(tmp_path),
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
    text = PLAYBOOK.read_text(encoding="utf-8")
    provision = text[text.index("- name: Store the API token") :]
    assert 'stdin: "{{ vault_kiosk_api_token }}"' in provision
    assert "no_log: true" in provision and 'become_user: "{{ kiosk_user }}"' in provision
    assert "vault_kiosk_api_token" not in provision.split("stdin:")[0]  # not on the command line


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
