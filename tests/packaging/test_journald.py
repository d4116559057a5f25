"""The kiosk's log in a real journald.

Debian's ``systemd-journald`` runs in a private mount namespace (``unshare --mount``, tmpfs over
``/run/systemd``, ``/run/log`` and ``/var/log/journal``: the machine's own journal, if any, is
never touched); ``systemd-cat`` connects a Python process's stdout and stderr to it the way a
unit's ``StandardError=journal`` does, and the process sets ``JOURNAL_STREAM`` from its own
stderr as systemd would. ``journalctl -o json`` then shows what a log shipper would collect:
each record's priority, the desk id, redacted values. Skips where it cannot run (not root, no
``unshare`` or no systemd package).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk_app.barcode.aamva import element_values

from .scripts import ROOT

JOURNALD = Path("/lib/systemd/systemd-journald")
TOKEN = "tok_journal_7b3c9d1e5f2a4c6e"  # a made-up test value
LICENCE = "aamva/c0shea-IdParser/AK.txt"

_SCRIPT = r"""
set -eu
for dir in /run/systemd /run/log /var/log/journal; do
  mkdir -p "$dir" && mount -t tmpfs tmpfs "$dir"
done
"$JOURNALD" &
journald=$!
trap 'kill $journald' EXIT
for _ in $(seq 100); do [ -S /run/systemd/journal/stdout ] && break; sleep 0.1; done
systemd-cat -t kiosk-app --level-prefix=true "$PYTHON" -c "$CHILD"
sleep 0.5
journalctl -t kiosk-app -o json --no-pager
"""

_CHILD = r"""
import json, logging, os, sys
status = os.fstat(2)  # what systemd puts in JOURNAL_STREAM for StandardError=journal
os.environ["JOURNAL_STREAM"] = f"{status.st_dev}:{status.st_ino}"
from kiosk_app.logging_setup import configure_logging, set_desk_id
from kiosk_app.redaction import register_sensitive
configure_logging()
values = json.loads(os.environ["LICENCE_VALUES"])
register_sensitive(os.environ["TOKEN"], persistent=True)
register_sensitive(*values)
set_desk_id("Lyon front desk 1")
log = logging.getLogger("kiosk_app.tests.journald")
log.info("check sent with %s", os.environ["TOKEN"])
log.warning("customer %s", " ".join(values))
log.error("scan text\n<0>forged emergency")
log.critical("Bearer %s", os.environ["TOKEN"])
"""


def _can_run() -> str | None:
    if os.geteuid() != 0:
        return "needs root (mount namespaces)"
    for tool in ("unshare", "systemd-cat", "journalctl"):
        if shutil.which(tool) is None:
            return f"{tool} missing (apt-get install systemd util-linux)"
    if not JOURNALD.exists():
        return "systemd-journald missing (apt-get install systemd)"
    return None


@pytest.mark.skipif(_can_run() is not None, reason=str(_can_run()))
def test_journald_stores_each_record_with_its_priority_desk_id_and_redaction(
    tmp_path: Path, corpus_dir: Path
) -> None:
    values = [v for v in element_values((corpus_dir / LICENCE).read_bytes()) if len(v) >= 4]
    assert len(values) >= 5
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    env.update(
        JOURNALD=str(JOURNALD),
        PYTHON=sys.executable,
        CHILD=_CHILD,
        TOKEN=TOKEN,
        LICENCE_VALUES=json.dumps(values),
        PYTHONPATH=str(ROOT),
    )
    result = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", _SCRIPT],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if result.returncode != 0 and "Operation not permitted" in result.stderr:
        pytest.skip(f"no mount namespace here: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    entries = [json.loads(line) for line in result.stdout.splitlines()]
    got = [(int(e["PRIORITY"]), e["MESSAGE"]) for e in entries]
    assert [p for p, _ in got] == [6, 4, 3, 3, 2], got
    assert got[0][1].startswith("INFO desk=Lyon front desk 1 kiosk_app.tests.journald ")
    assert got[3][1] == "<0>forged emergency"  # text at the error's priority, not an emergency
    everything = result.stdout
    assert TOKEN not in everything
    assert all(value not in everything for value in values)
    assert got[1][1].count("[redacted]") >= len(values) // 2
