"""No core dump holds a customer: the kiosk sets its core limit to 0 and makes itself
non-dumpable first thing (Linux), whatever limit it was started with; the systemd unit says
``LimitCORE=0`` too.

Real processes: the kiosk window started under ``ulimit -c unlimited`` is read through
``/proc/<pid>/limits``, and a process that aborts leaves a core file only without the
hardening (the control shows a core would have been written here).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kiosk_app.hardening import dumpable

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux hardening")

UNIT = Path(__file__).resolve().parents[2] / "packaging" / "deb" / "kiosk-app-kiosk.service"
# Safety net for a child that never gets there; not a speed requirement.
CHILD_DEADLINE_S = 60.0

ABORTING_CHILD = textwrap.dedent(
    """
    import os, sys
    from kiosk_app.hardening import forbid_core_dumps
    if sys.argv[1] == "hardened":
        assert forbid_core_dumps()
    os.abort()
    """
)


def _core_limit(pid: int) -> str:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max core file size"):
            return " ".join(line.split()[4:6])
    raise AssertionError("no core limit line")


def _unlimited_shell(command: str) -> list[str]:
    """``command`` run by a shell that first lifts the core limit (skip where it cannot)."""
    probe = subprocess.run(
        ["bash", "-c", "ulimit -c unlimited && ulimit -c"], capture_output=True, text=True
    )
    if probe.stdout.strip() != "unlimited":
        pytest.skip("the core limit cannot be raised to unlimited here (hard limit)")
    return ["bash", "-c", f"ulimit -c unlimited && exec {command}"]


def test_a_kiosk_started_with_unlimited_core_dumps_runs_with_a_limit_of_zero(
    tmp_path: Path,
) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "KIOSK_CONFIG_DIR": str(tmp_path / "config"),
        "KIOSK_DATA_DIR": str(tmp_path / "data"),
        "KIOSK_LOG_DIR": str(tmp_path / "log"),
    }
    kiosk = subprocess.Popen(
        _unlimited_shell(f"{sys.executable} -m kiosk_app --kiosk"),
        env=env,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + CHILD_DEADLINE_S
        seen = []
        while time.monotonic() < deadline and kiosk.poll() is None:
            seen.append(_core_limit(kiosk.pid))
            if seen[-1] == "0 0":
                break
            time.sleep(0.01)
        assert kiosk.poll() is None, "the kiosk exited"
        assert seen[-1] == "0 0"
    finally:
        kiosk.send_signal(signal.SIGTERM)
        kiosk.wait(CHILD_DEADLINE_S)


@pytest.mark.parametrize(("mode", "core_expected"), [("control", True), ("hardened", False)])
def test_an_abort_leaves_a_core_only_without_the_hardening(
    tmp_path: Path, mode: str, core_expected: bool
) -> None:
    if Path("/proc/sys/kernel/core_pattern").read_text().strip() != "core":
        pytest.skip("core_pattern is not a plain file in the working folder")
    done = subprocess.run(
        _unlimited_shell(f"{sys.executable} -c '{ABORTING_CHILD}' {mode}"),
        cwd=tmp_path,
        capture_output=True,
        check=False,
        timeout=CHILD_DEADLINE_S,
    )
    assert done.returncode in (-signal.SIGABRT, 128 + signal.SIGABRT), done.stderr
    cores = [p.name for p in tmp_path.iterdir() if p.name.startswith("core")]
    assert bool(cores) is core_expected, cores


def test_the_process_is_not_dumpable_after_the_hardening() -> None:
    child = textwrap.dedent(
        """
        import resource
        from kiosk_app.hardening import dumpable, forbid_core_dumps
        before = dumpable()
        print(before, forbid_core_dumps(), dumpable(), resource.getrlimit(resource.RLIMIT_CORE))
        """
    )
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True)
    assert done.stdout.split(maxsplit=3) == ["True", "True", "False", "(0, 0)\n"]
    assert dumpable() is True  # this test process is untouched


def test_the_systemd_unit_forbids_core_dumps() -> None:
    service = UNIT.read_text().split("[Service]", 1)[1].split("[Install]", 1)[0]
    assert "LimitCORE=0" in service.splitlines()
