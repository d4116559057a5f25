"""How the picture-decoding child is held to its limits, one class per platform.

:class:`IsolatedScanner <kiosk_app.barcode.isolation.IsolatedScanner>` sees one seam, a
:class:`ChildLimiter` per child process, made by :func:`platform_limiter`:

* POSIX, :class:`RlimitLimiter`: ``setrlimit`` acts on the calling process, so the child limits
  itself once its libraries are imported (:class:`RlimitsInChild`): address space
  (``RLIMIT_AS``, soft and hard, so it cannot be raised again), no core dumps (``RLIMIT_CORE``
  0: a dump would hold the picture), and before each picture ``cpu_s`` more seconds of CPU
  (``RLIMIT_CPU``; the kernel ends the child when they are spent).
* Windows, :class:`JobObjectLimiter`: the parent puts the child in a Job Object of its own
  (pywin32's ``win32job``): committed memory per process, user-mode CPU time per process
  (raised by the parent before each picture by what the child used so far), kill on job close,
  and a crash ends the child at once (``DIE_ON_UNHANDLED_EXCEPTION``: no error dialog holds
  it).

The Windows limits are computed as plain data (:func:`job_limits`, :func:`with_job_limits`)
from the same constants as the POSIX ones, and the Win32 calls go through a :class:`JobApi`
given to the limiter, so both can be tested on any machine.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from dataclasses import dataclass
from typing import Any, Final, Protocol

# Win32 values (winnt.h), named here so the limits can be computed and tested without pywin32;
# Win32JobApi checks them against win32job's own.
JOB_OBJECT_LIMIT_PROCESS_TIME: Final = 0x0000_0002
JOB_OBJECT_LIMIT_PROCESS_MEMORY: Final = 0x0000_0100
JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION: Final = 0x0000_0400
JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE: Final = 0x0000_2000
JOB_LIMIT_FLAGS: Final = (
    JOB_OBJECT_LIMIT_PROCESS_TIME
    | JOB_OBJECT_LIMIT_PROCESS_MEMORY
    | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION
    | JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
)
# Job Object times are in 100-nanosecond ticks.
TICKS_PER_SECOND: Final = 10_000_000
# Access the parent needs to the child: assign it to a job (set quota and terminate) and read
# its CPU times.
PROCESS_TERMINATE: Final = 0x0001
PROCESS_SET_QUOTA: Final = 0x0100
PROCESS_QUERY_LIMITED_INFORMATION: Final = 0x1000
CHILD_PROCESS_ACCESS: Final = (
    PROCESS_TERMINATE | PROCESS_SET_QUOTA | PROCESS_QUERY_LIMITED_INFORMATION
)


@dataclass(frozen=True)
class PictureLimits:
    """What one picture may cost in the child: memory in bytes, CPU seconds."""

    memory_bytes: int
    cpu_s: int


class ChildLimitsError(Exception):
    """The limits could not be put on a new child (it is killed; no picture goes to it)."""


class ChildLimiter(Protocol):
    """Holds one decoding child to its :class:`PictureLimits`; called by the parent."""

    def limits_for_child(self) -> PictureLimits | None:
        """What the child sets on itself after its imports (None: nothing, the parent does)."""

    def started(self, pid: int) -> None:
        """The child ``pid`` was just started and has not been sent a picture yet."""

    def before_picture(self) -> None:
        """A picture is about to be sent to the child."""

    def close(self) -> None:
        """The child is gone or being killed; release what the limiter holds (any thread)."""


# --- POSIX --------------------------------------------------------------------------------


class RlimitLimiter:
    """POSIX: the child limits itself (:class:`RlimitsInChild`); the parent does nothing."""

    def __init__(self, limits: PictureLimits) -> None:
        self._limits = limits

    def limits_for_child(self) -> PictureLimits:
        """The child sets these as ``RLIMIT_*`` on itself."""
        return self._limits

    def started(self, pid: int) -> None:
        """Nothing to do in the parent."""

    def before_picture(self) -> None:
        """Nothing to do in the parent (the child raises its own CPU allowance)."""

    def close(self) -> None:
        """Nothing held."""


class RlimitsInChild:
    """The child's side of :class:`RlimitLimiter`; ``resource`` is the module (or a fake)."""

    def __init__(self, limits: PictureLimits, resource: Any) -> None:
        self._limits = limits
        self._resource = resource

    def at_start(self) -> None:
        """No core dumps (SIGXCPU would dump core otherwise), then the address-space limit."""
        self._lower_limit(self._resource.RLIMIT_CORE, 0)
        self._lower_limit(self._resource.RLIMIT_AS, self._limits.memory_bytes)

    def before_picture(self) -> None:
        """Allow ``cpu_s`` more seconds of CPU from now (the soft limit; SIGXCPU ends it)."""
        resource = self._resource
        usage = resource.getrusage(resource.RUSAGE_SELF)
        used = usage.ru_utime + usage.ru_stime
        _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        soft = int(used) + 1 + self._limits.cpu_s
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))

    def _lower_limit(self, kind: int, value: int) -> None:
        """Set limit ``kind`` to ``value``, or keep a stricter one the kiosk was started with
        (a process may lower its hard limit but never raise it)."""
        _soft, hard = self._resource.getrlimit(kind)
        if hard != self._resource.RLIM_INFINITY:
            value = min(value, hard)
        self._resource.setrlimit(kind, (value, value))


# --- Windows ------------------------------------------------------------------------------


@dataclass(frozen=True)
class JobLimits:
    """The Job Object limits for one picture, as the Win32 structure wants them."""

    flags: int
    process_memory_bytes: int
    per_process_user_time_ticks: int


def job_limits(limits: PictureLimits, used_user_ticks: int) -> JobLimits:
    """The limits while the child decodes its next picture, having used ``used_user_ticks``
    of user-mode CPU so far (the per-process limit counts the process's whole life)."""
    return JobLimits(
        flags=JOB_LIMIT_FLAGS,
        process_memory_bytes=limits.memory_bytes,
        per_process_user_time_ticks=used_user_ticks + limits.cpu_s * TICKS_PER_SECOND,
    )


def with_job_limits(info: dict[str, Any], limits: JobLimits) -> dict[str, Any]:
    """``info`` (what ``QueryInformationJobObject(job, JobObjectExtendedLimitInformation)``
    returned) with ``limits`` set; the other fields are kept as they were."""
    basic = dict(info["BasicLimitInformation"])
    basic["LimitFlags"] = int(basic.get("LimitFlags", 0)) | limits.flags
    basic["PerProcessUserTimeLimit"] = limits.per_process_user_time_ticks
    return {
        **info,
        "BasicLimitInformation": basic,
        "ProcessMemoryLimit": limits.process_memory_bytes,
    }


class JobApi(Protocol):
    """The Win32 calls a :class:`JobObjectLimiter` makes (handles are opaque to it)."""

    def open_process(self, pid: int) -> Any:
        """A handle to process ``pid`` with ``CHILD_PROCESS_ACCESS``."""

    def create_job(self) -> Any:
        """A new unnamed Job Object (its handle is not inherited by children)."""

    def query_limits(self, job: Any) -> dict[str, Any]:
        """The job's extended limit information."""

    def set_limits(self, job: Any, info: dict[str, Any]) -> None:
        """Set the job's extended limit information."""

    def assign(self, job: Any, process: Any) -> None:
        """Put the process in the job."""

    def user_time_ticks(self, process: Any) -> int:
        """User-mode CPU time the process has used, in 100 ns ticks."""

    def close(self, handle: Any) -> None:
        """Close a handle (closing the job kills what is in it)."""


class JobObjectLimiter:
    """Windows: the parent creates a Job Object, sets the limits and assigns the child to it.

    The parent does it, not the child, because the child then never holds a handle to its job:
    code running on hostile bytes cannot lift its own limits, and KILL_ON_JOB_CLOSE ends the
    child with the kiosk's handle even when the kiosk itself is killed. The child runs only
    interpreter start-up before the assignment; its first picture is sent after
    :meth:`started` returns.
    """

    def __init__(self, limits: PictureLimits, api: JobApi) -> None:
        self._limits = limits
        self._api = api
        self._lock = threading.Lock()  # close() may come from Cancel on another thread
        self._job: Any = None
        self._process: Any = None

    def limits_for_child(self) -> None:
        """The child sets nothing on itself."""
        return None

    def started(self, pid: int) -> None:
        """Create the job with the limits for a first picture and put the child in it."""
        api = self._api
        with self._lock:
            try:
                self._process = api.open_process(pid)
                self._job = api.create_job()
                info = api.query_limits(self._job)
                used = api.user_time_ticks(self._process)
                api.set_limits(self._job, with_job_limits(info, job_limits(self._limits, used)))
                api.assign(self._job, self._process)
            except Exception as exc:
                self._release()
                raise ChildLimitsError(f"the Job Object could not be set up: {exc}") from exc

    def before_picture(self) -> None:
        """Give the child ``cpu_s`` more seconds of user-mode CPU from what it used so far."""
        api = self._api
        with self._lock:
            if self._job is None:
                return  # closed by Cancel meanwhile: the child is gone
            used = api.user_time_ticks(self._process)
            info = api.query_limits(self._job)
            api.set_limits(self._job, with_job_limits(info, job_limits(self._limits, used)))

    def close(self) -> None:
        """Close the job (which kills the child if it still runs) and the process handle."""
        with self._lock:
            self._release()

    def _release(self) -> None:
        job, self._job = self._job, None
        process, self._process = self._process, None
        for handle in (job, process):
            if handle is not None:
                with contextlib.suppress(Exception):  # an invalid handle is closed anyway
                    self._api.close(handle)


class Win32JobApi:
    """:class:`JobApi` through pywin32 (a runtime dependency on Windows)."""

    def __init__(self) -> None:
        try:
            import win32api  # type: ignore[import-untyped,import-not-found,unused-ignore]
            import win32job  # type: ignore[import-untyped,import-not-found,unused-ignore]
            import win32process  # type: ignore[import-untyped,import-not-found,unused-ignore]
        except ImportError as exc:
            raise ChildLimitsError(f"pywin32 is missing ({exc})") from exc

        self._win32api: Any = win32api
        self._win32job: Any = win32job
        self._win32process: Any = win32process
        ours = {
            "JOB_OBJECT_LIMIT_PROCESS_TIME": JOB_OBJECT_LIMIT_PROCESS_TIME,
            "JOB_OBJECT_LIMIT_PROCESS_MEMORY": JOB_OBJECT_LIMIT_PROCESS_MEMORY,
            "JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION": (
                JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION
            ),
            "JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE": JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
        }
        for name, value in ours.items():
            if getattr(win32job, name, value) != value:
                raise ChildLimitsError(f"win32job.{name} is not {value:#x}")

    def open_process(self, pid: int) -> Any:
        """``OpenProcess`` with ``CHILD_PROCESS_ACCESS``."""
        return self._win32api.OpenProcess(CHILD_PROCESS_ACCESS, False, pid)

    def create_job(self) -> Any:
        """``CreateJobObject`` without a name or inheritable handle."""
        return self._win32job.CreateJobObject(None, "")

    def query_limits(self, job: Any) -> dict[str, Any]:
        """``QueryInformationJobObject(JobObjectExtendedLimitInformation)``."""
        info = self._win32job.QueryInformationJobObject(
            job, self._win32job.JobObjectExtendedLimitInformation
        )
        return dict(info)

    def set_limits(self, job: Any, info: dict[str, Any]) -> None:
        """``SetInformationJobObject(JobObjectExtendedLimitInformation)``."""
        self._win32job.SetInformationJobObject(
            job, self._win32job.JobObjectExtendedLimitInformation, info
        )

    def assign(self, job: Any, process: Any) -> None:
        """``AssignProcessToJobObject``."""
        self._win32job.AssignProcessToJobObject(job, process)

    def user_time_ticks(self, process: Any) -> int:
        """``GetProcessTimes``' user time (100 ns ticks)."""
        return int(self._win32process.GetProcessTimes(process)["UserTime"])

    def close(self, handle: Any) -> None:
        """``CloseHandle``."""
        self._win32api.CloseHandle(handle)


def platform_limiter(limits: PictureLimits, platform: str | None = None) -> ChildLimiter:
    """The limiter for this system (``platform`` as ``sys.platform``; tests give another).

    Raises :class:`ChildLimitsError` when the system's limits cannot be had (no pywin32)."""
    if (platform or sys.platform) == "win32":
        return JobObjectLimiter(limits, Win32JobApi())
    return RlimitLimiter(limits)
