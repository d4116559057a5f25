"""The decoding child's limits on both platforms, computed and applied through fakes.

POSIX: :class:`RlimitsInChild` against a fake ``resource`` module. Windows: the Job Object
limits as plain data, and :class:`JobObjectLimiter` against a fake :class:`JobApi` that records
every call (the real pywin32 calls run only on Windows or under Wine).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from kiosk_app.barcode import child_limits
from kiosk_app.barcode.child_limits import (
    CHILD_PROCESS_ACCESS,
    JOB_LIMIT_FLAGS,
    TICKS_PER_SECOND,
    ChildLimitsError,
    JobObjectLimiter,
    PictureLimits,
    RlimitLimiter,
    RlimitsInChild,
    job_limits,
    platform_limiter,
    with_job_limits,
)
from kiosk_app.barcode.isolation import PICTURE_CPU_LIMIT_S, PICTURE_MEMORY_LIMIT_BYTES
from tests.support.job_api import FakeJobApi, queried_info

KIOSK_LIMITS = PictureLimits(PICTURE_MEMORY_LIMIT_BYTES, PICTURE_CPU_LIMIT_S)
INFINITY = -1


# --- POSIX --------------------------------------------------------------------------------


@dataclass
class FakeResource:
    """The parts of the ``resource`` module the child uses, with limits held in a dict."""

    limits: dict[str, tuple[int, int]]
    used_s: float = 0.0
    RLIMIT_AS: str = "as"
    RLIMIT_CORE: str = "core"
    RLIMIT_CPU: str = "cpu"
    RLIM_INFINITY: int = INFINITY
    RUSAGE_SELF: int = 0
    calls: list[tuple[str, tuple[int, int]]] = field(default_factory=list)

    def getrlimit(self, kind: str) -> tuple[int, int]:
        return self.limits[kind]

    def setrlimit(self, kind: str, value: tuple[int, int]) -> None:
        soft, hard = value
        old_hard = self.limits[kind][1]
        if old_hard != INFINITY and (hard == INFINITY or hard > old_hard):
            raise ValueError("not allowed to raise maximum limit")
        self.limits[kind] = (soft, hard)
        self.calls.append((kind, value))

    def getrusage(self, who: int) -> SimpleNamespace:
        assert who == self.RUSAGE_SELF
        return SimpleNamespace(ru_utime=self.used_s * 0.75, ru_stime=self.used_s * 0.25)


def _unlimited() -> FakeResource:
    return FakeResource({kind: (INFINITY, INFINITY) for kind in ("as", "core", "cpu")})


def test_the_child_turns_core_dumps_off_and_limits_its_address_space() -> None:
    fake = _unlimited()
    RlimitsInChild(KIOSK_LIMITS, fake).at_start()
    assert fake.calls == [
        ("core", (0, 0)),
        ("as", (PICTURE_MEMORY_LIMIT_BYTES, PICTURE_MEMORY_LIMIT_BYTES)),
    ]


def test_a_stricter_hard_limit_the_kiosk_started_with_is_kept() -> None:
    fake = _unlimited()
    fake.limits["as"] = (2**29, 2**30)  # ulimit -v of 1 GiB, below the kiosk's 1.25 GiB
    RlimitsInChild(KIOSK_LIMITS, fake).at_start()
    assert fake.limits["as"] == (2**30, 2**30)


def test_each_picture_gets_its_cpu_seconds_on_top_of_what_was_used() -> None:
    fake = _unlimited()
    limits = RlimitsInChild(KIOSK_LIMITS, fake)
    fake.used_s = 2.6
    limits.before_picture()
    assert fake.limits["cpu"] == (2 + 1 + PICTURE_CPU_LIMIT_S, INFINITY)
    fake.used_s = 40.2  # the next picture, after a costly one
    limits.before_picture()
    assert fake.limits["cpu"] == (40 + 1 + PICTURE_CPU_LIMIT_S, INFINITY)


def test_the_cpu_allowance_stays_under_a_hard_cpu_limit() -> None:
    fake = _unlimited()
    fake.limits["cpu"] = (INFINITY, 10)
    fake.used_s = 3.0
    RlimitsInChild(KIOSK_LIMITS, fake).before_picture()
    assert fake.limits["cpu"] == (10, 10)


def test_on_posix_the_parent_leaves_the_limits_to_the_child() -> None:
    limiter = platform_limiter(KIOSK_LIMITS, "linux")
    assert isinstance(limiter, RlimitLimiter)
    assert limiter.limits_for_child() == KIOSK_LIMITS


# --- Windows: the limits as data ----------------------------------------------------------

# The values of winnt.h (a typo here would set another limit on every Windows desk).
WINNT_VALUES = [
    ("JOB_OBJECT_LIMIT_PROCESS_TIME", 0x2),
    ("JOB_OBJECT_LIMIT_PROCESS_MEMORY", 0x100),
    ("JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION", 0x400),
    ("JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE", 0x2000),
    ("PROCESS_TERMINATE", 0x1),
    ("PROCESS_SET_QUOTA", 0x100),
    ("PROCESS_QUERY_LIMITED_INFORMATION", 0x1000),
]


@pytest.mark.parametrize(("name", "value"), WINNT_VALUES, ids=[n for n, _ in WINNT_VALUES])
def test_win32_constants_have_the_sdk_values(name: str, value: int) -> None:
    assert getattr(child_limits, name) == value


def test_the_job_sets_exactly_memory_time_kill_on_close_and_die_on_a_crash() -> None:
    assert JOB_LIMIT_FLAGS == 0x2 | 0x100 | 0x400 | 0x2000
    # What the child may open on the kiosk's behalf: terminate, set quota, query times.
    assert CHILD_PROCESS_ACCESS == 0x1 | 0x100 | 0x1000


def test_a_first_picture_gets_the_kiosk_limits() -> None:
    limits = job_limits(KIOSK_LIMITS, used_user_ticks=0)
    assert limits.flags == JOB_LIMIT_FLAGS
    assert limits.process_memory_bytes == PICTURE_MEMORY_LIMIT_BYTES == 1280 * 1024 * 1024
    assert limits.per_process_user_time_ticks == PICTURE_CPU_LIMIT_S * 10_000_000


def test_a_later_picture_gets_its_seconds_on_top_of_the_time_used() -> None:
    used = 42 * TICKS_PER_SECOND + 1234
    limits = job_limits(KIOSK_LIMITS, used_user_ticks=used)
    assert limits.per_process_user_time_ticks == used + PICTURE_CPU_LIMIT_S * TICKS_PER_SECOND
    assert limits.process_memory_bytes == PICTURE_MEMORY_LIMIT_BYTES


def test_the_limits_go_into_the_queried_structure_keeping_the_rest() -> None:
    breakaway_ok = 0x800
    queried = queried_info(flags=breakaway_ok)
    limits = job_limits(KIOSK_LIMITS, used_user_ticks=5)
    info = with_job_limits(queried, limits)
    basic = info["BasicLimitInformation"]
    assert basic["LimitFlags"] == breakaway_ok | JOB_LIMIT_FLAGS
    assert basic["PerProcessUserTimeLimit"] == 5 + PICTURE_CPU_LIMIT_S * TICKS_PER_SECOND
    assert info["ProcessMemoryLimit"] == PICTURE_MEMORY_LIMIT_BYTES
    assert basic["SchedulingClass"] == 5
    assert info["IoInfo"] == queried["IoInfo"]
    assert info["JobMemoryLimit"] == 0
    assert queried["BasicLimitInformation"]["LimitFlags"] == breakaway_ok  # not changed


# --- Windows: the limiter against a fake job API ------------------------------------------


def test_the_parent_sets_the_limits_then_assigns_the_child() -> None:
    api = FakeJobApi(user_ticks=3 * TICKS_PER_SECOND)  # interpreter start-up
    limiter = JobObjectLimiter(KIOSK_LIMITS, api)
    assert limiter.limits_for_child() is None  # the child sets nothing on itself
    limiter.started(4242)
    assert api.calls[0] == ("open_process", 4242)
    assert api.names() == [
        "open_process",
        "create_job",
        "query_limits",
        "user_time_ticks",
        "set_limits",
        "assign",
    ]
    assert api.calls[-1] == ("assign", "job", "process-4242")
    basic = api.info["BasicLimitInformation"]
    assert basic["LimitFlags"] == JOB_LIMIT_FLAGS
    assert basic["PerProcessUserTimeLimit"] == (3 + PICTURE_CPU_LIMIT_S) * TICKS_PER_SECOND
    assert api.info["ProcessMemoryLimit"] == PICTURE_MEMORY_LIMIT_BYTES


def test_each_picture_raises_the_time_limit_by_what_the_child_used() -> None:
    api = FakeJobApi()
    limiter = JobObjectLimiter(KIOSK_LIMITS, api)
    limiter.started(7)
    api.user_ticks = 9 * TICKS_PER_SECOND
    limiter.before_picture()
    basic = api.info["BasicLimitInformation"]
    assert basic["PerProcessUserTimeLimit"] == (9 + PICTURE_CPU_LIMIT_S) * TICKS_PER_SECOND
    assert basic["LimitFlags"] == JOB_LIMIT_FLAGS
    assert "assign" not in api.names()[6:]  # assigned once


def test_close_closes_the_job_and_the_process_handle_once() -> None:
    api = FakeJobApi()
    limiter = JobObjectLimiter(KIOSK_LIMITS, api)
    limiter.started(7)
    limiter.close()
    limiter.close()
    assert api.closed == ["job", "process-7"]
    before = len(api.calls)
    limiter.before_picture()  # Cancel closed it meanwhile: nothing to raise
    assert len(api.calls) == before


# The call that fails, and the handles then closed again (those opened before it).
FAILURES = [
    ("open_process", []),
    ("create_job", ["process-7"]),
    ("query_limits", ["job", "process-7"]),
    ("set_limits", ["job", "process-7"]),
    ("assign", ["job", "process-7"]),
]


@pytest.mark.parametrize(("failing", "closed"), FAILURES, ids=[f for f, _ in FAILURES])
def test_a_child_that_cannot_be_limited_is_refused(failing: str, closed: list[str]) -> None:
    api = FakeJobApi(fail=failing)
    limiter = JobObjectLimiter(KIOSK_LIMITS, api)
    with pytest.raises(ChildLimitsError, match="Access is denied"):
        limiter.started(7)
    assert api.closed == closed
    assert api.names()[-1 - len(closed)] == failing  # nothing else was tried after it


@pytest.mark.skipif(importlib.util.find_spec("win32job") is not None, reason="pywin32 here")
def test_without_pywin32_windows_gets_no_unlimited_child() -> None:
    """On Windows pywin32 is a runtime dependency; a broken install refuses pictures."""
    with pytest.raises(ChildLimitsError, match="pywin32 is missing"):
        platform_limiter(KIOSK_LIMITS, "win32")
