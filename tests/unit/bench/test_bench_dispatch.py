"""``python -m kiosk_app.bench NAME``: a Linux-only benchmark elsewhere says so and stops."""

from __future__ import annotations

import importlib
import io
import pkgutil
import subprocess
import sys

import pytest

from kiosk_app.bench.dispatch import (
    BENCHMARKS,
    EXIT_NOT_ON_THIS_SYSTEM,
    EXIT_USAGE,
    LINUX_ONLY,
    main,
    not_here,
)


@pytest.mark.parametrize("name", sorted(LINUX_ONLY))
def test_a_linux_only_benchmark_says_so_on_windows(name: str) -> None:
    err = io.StringIO()
    assert main([name, "--seconds", "1"], platform="win32", err=err) == EXIT_NOT_ON_THIS_SYSTEM
    message = err.getvalue()
    assert message.startswith(f"kiosk_app.bench: the {name} benchmark runs on Linux only: ")
    assert "/proc" in message
    assert message.count("\n") == 1


@pytest.mark.parametrize("name", sorted(LINUX_ONLY))
def test_a_linux_only_benchmark_runs_on_linux(name: str) -> None:
    assert not_here(name, "linux") is None
    assert not_here(name, "darwin") is not None


@pytest.mark.parametrize("name", sorted(set(BENCHMARKS) - set(LINUX_ONLY)))
def test_the_other_benchmarks_run_anywhere(name: str) -> None:
    assert not_here(name, "win32") is None


def test_the_benchmarks_are_the_modules_with_a_main() -> None:
    import kiosk_app.bench

    with_main = {
        info.name
        for info in pkgutil.iter_modules(kiosk_app.bench.__path__)
        if info.name not in ("__main__", "dispatch")
        and callable(getattr(importlib.import_module(f"kiosk_app.bench.{info.name}"), "main", None))
    }
    assert with_main == set(BENCHMARKS)
    assert set(LINUX_ONLY) <= set(BENCHMARKS)


@pytest.mark.parametrize("argv", [[], ["--help"], ["synthetic"], ["nope"]])
def test_no_or_an_unknown_benchmark_prints_the_usage(argv: list[str]) -> None:
    err = io.StringIO()
    assert main(argv, platform="win32", err=err) == EXIT_USAGE
    assert err.getvalue() == (
        "usage: python -m kiosk_app.bench "
        "{decode|gui|camera|soak|isolation|hostile_result|best_frame} [options]\n"
    )


def test_the_command_runs_the_dispatcher() -> None:
    command = [sys.executable, "-m", "kiosk_app.bench", "nope"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == EXIT_USAGE
    assert done.stderr.startswith("usage: python -m kiosk_app.bench {decode|")
    assert done.stdout == ""
