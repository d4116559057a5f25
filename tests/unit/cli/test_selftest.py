"""`kiosk-app self-test`: passes on a good installation, and names the check that broke.

Failures are real, not simulated: a tampered barcode sent to the real simulator, a payload
that differs from what the image holds, an unwritable directory, a corrupt translation. The
checks are handed to ``run_selftest`` as a list, so nothing is patched.
"""

from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.barcode.child_limits import platform_limiter
from kiosk_app.cli import selftest_checks as selftest
from kiosk_app.cli.selftest_checks import DEFAULT_CHECKS, Check, run_selftest
from kiosk_app.simulator.samples import SAMPLES_BY_KEY, SELFTEST_SAMPLE
from tests.support.job_api import RefusingLimiter


def run(checks: list[Check]) -> tuple[int, list[str]]:
    """Run ``checks``; the exit status and the printed lines."""
    out = io.StringIO()
    status = run_selftest(checks, out=out)
    return status, out.getvalue().splitlines()


def with_replaced(name: str, replacement: Check) -> list[Check]:
    """The default checks with the one called ``name`` swapped for ``replacement``."""
    assert name in {check.name for check in DEFAULT_CHECKS}
    return [replacement if check.name == name else check for check in DEFAULT_CHECKS]


def test_default_self_test_passes_in_process() -> None:
    status, lines = run(list(DEFAULT_CHECKS))
    assert status == selftest.EXIT_PASSED, "\n".join(lines)
    assert lines[-1] == "self-test passed"
    assert len(lines) == len(DEFAULT_CHECKS) + 1
    for check, line in zip(DEFAULT_CHECKS, lines, strict=False):
        assert line.startswith(f"PASS  {check.name}: ")


def test_cli_self_test_passes_in_a_subprocess() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "kiosk_app", "self-test"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = result.stdout.splitlines()
    assert result.returncode == 0, result.stdout + result.stderr
    assert lines[-1] == "self-test passed"
    assert [line.split(":")[0] for line in lines[:-1]] == [
        f"PASS  {check.name}" for check in DEFAULT_CHECKS
    ]


def test_cli_exits_non_zero_naming_an_unwritable_log_directory(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", encoding="utf-8")
    env = dict(os.environ, KIOSK_LOG_DIR=str(blocker / "log"))
    result = subprocess.run(
        [sys.executable, "-m", "kiosk_app", "self-test"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    lines = result.stdout.splitlines()
    assert result.returncode == selftest.EXIT_FAILED
    assert lines[-1] == "self-test FAILED: directories"
    assert any(line.startswith("FAIL  directories: log directory") for line in lines)


def test_tampered_barcode_fails_the_signature_check_end_to_end() -> None:
    tampered = SAMPLES_BY_KEY["signature-tampered"].payload
    name = "signature check (simulator)"
    status, lines = run(
        with_replaced(name, Check(name, partial(selftest.check_signature_end_to_end, tampered)))
    )
    assert status == selftest.EXIT_FAILED
    assert lines[-1] == f"self-test FAILED: {name}"
    failed = [line for line in lines if line.startswith("FAIL")]
    assert len(failed) == 1
    assert "expected Passed" in failed[0]


def test_decode_that_differs_from_the_expected_payload_fails_without_printing_it() -> None:
    expected = SELFTEST_SAMPLE.payload.replace(b"DAQ", b"DAX", 1)
    wrong = (SELFTEST_SAMPLE.image_name, expected)
    check = Check("sample decode", partial(selftest.check_sample_decode, wrong))
    status, lines = run([check])
    assert status == selftest.EXIT_FAILED
    assert lines[0].startswith("FAIL  sample decode: ")
    assert "differ" in lines[0]
    assert SELFTEST_SAMPLE.payload.decode("latin-1")[:40] not in "\n".join(lines)


def test_missing_sample_image_fails() -> None:
    check = Check("sample decode", partial(selftest.check_sample_decode, ("absent.png", b"@\n")))
    status, lines = run([check])
    assert status == selftest.EXIT_FAILED
    assert "samples/absent.png is missing" in lines[0]


# A limiter factory that cannot limit the picture child, and the failure the check reports.
UNLIMITED_PICTURE_PROCESSES = [
    (RefusingLimiter, "the limited picture process refused the sample (the log says why)"),
    (
        partial(platform_limiter, platform="win32"),  # Windows without pywin32
        "pictures cannot be decoded in a limited process: pywin32 is missing",
    ),
]


@pytest.mark.skipif(importlib.util.find_spec("win32job") is not None, reason="pywin32 here")
@pytest.mark.parametrize(
    ("limiter", "reason"), UNLIMITED_PICTURE_PROCESSES, ids=["refused", "no-pywin32"]
)
def test_a_picture_process_that_cannot_be_limited_fails(limiter: Any, reason: str) -> None:
    check = Check(
        "picture decoding process", partial(selftest.check_picture_process, None, limiter)
    )
    status, lines = run([check])
    assert status == selftest.EXIT_FAILED
    assert lines[0].startswith(f"FAIL  picture decoding process: {reason}")


def test_a_module_that_is_not_shipped_fails_the_modules_check() -> None:
    essential = (*selftest.ESSENTIAL_MODULES, "kiosk_app.not_shipped")
    status, lines = run([Check("modules", partial(selftest.check_modules, essential))])
    assert status == selftest.EXIT_FAILED
    assert lines[0].startswith("FAIL  modules: modules not found: kiosk_app.not_shipped")


def test_uncompiled_and_corrupt_translations_fail(tmp_path: Path) -> None:
    uncompiled = tmp_path / "uncompiled"
    uncompiled.mkdir()
    (uncompiled / "kiosk_fr.ts").write_text("<TS/>", encoding="utf-8")
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / "kiosk_fr.qm").write_bytes(b"not a qm file")
    status, lines = run(
        [
            Check("uncompiled", partial(selftest.check_translations, uncompiled, True)),
            Check("corrupt", partial(selftest.check_translations, corrupt)),
        ]
    )
    assert status == selftest.EXIT_FAILED
    assert "not compiled to .qm: kiosk_fr.ts" in lines[0]
    assert "kiosk_fr.qm does not load" in lines[1]
    assert lines[-1] == "self-test FAILED: uncompiled, corrupt"


def test_a_checkout_may_hold_uncompiled_sources(tmp_path: Path) -> None:
    (tmp_path / "kiosk_fr.ts").write_text("<TS/>", encoding="utf-8")
    status, lines = run([Check("translations", partial(selftest.check_translations, tmp_path))])
    assert status == selftest.EXIT_PASSED
    assert "not compiled in this checkout: kiosk_fr.ts" in lines[0]


def test_every_check_runs_even_after_one_raises_system_exit() -> None:
    def exits() -> str:
        raise SystemExit(4)

    status, lines = run([Check("exits", exits), Check("fine", lambda: "ok")])
    assert status == selftest.EXIT_FAILED
    assert lines[0].startswith("FAIL  exits: SystemExit: 4")
    assert lines[1].startswith("PASS  fine: ok")
    assert lines[-1] == "self-test FAILED: exits"


def test_no_checks_is_a_failure() -> None:
    status, lines = run([])
    assert status == selftest.EXIT_FAILED
    assert lines == ["self-test FAILED: no checks ran"]


@pytest.mark.parametrize("label", ["config", "log"])
def test_unwritable_directory_is_named(tmp_path: Path, label: str) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    dirs = [(label, blocker / "sub")]
    status, lines = run([Check("directories", partial(selftest.check_directories, dirs))])
    assert status == selftest.EXIT_FAILED
    assert f"{label} directory {blocker / 'sub'} is not writable" in lines[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PySide6 ships ICU on Linux")
def test_icu_check_passes_for_french_and_fails_where_accents_sort_forward() -> None:
    assert "fr_CA collation" in selftest.check_icu()
    # English sorts accents from the start (coté before côte): the French rule must be missing.
    with pytest.raises(selftest.CheckFailedError, match="en_US"):
        selftest.check_icu("en_US")
