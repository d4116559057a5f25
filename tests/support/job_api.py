"""A fake of the Win32 job calls (:class:`kiosk_app.barcode.child_limits.JobApi`), so the
Windows limiter runs on any machine: it records every call and answers like pywin32; and a
limiter whose children can never be limited."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kiosk_app.barcode.child_limits import ChildLimitsError, PictureLimits

FAKE_JOB = "job"


def queried_info(flags: int = 0) -> dict[str, Any]:
    """What pywin32's QueryInformationJobObject returns for a new job (shape and keys)."""
    return {
        "BasicLimitInformation": {
            "PerProcessUserTimeLimit": 0,
            "PerJobUserTimeLimit": 0,
            "LimitFlags": flags,
            "MinimumWorkingSetSize": 0,
            "MaximumWorkingSetSize": 0,
            "ActiveProcessLimit": 0,
            "Affinity": 0,
            "PriorityClass": 0,
            "SchedulingClass": 5,
        },
        "IoInfo": {"ReadOperationCount": 0, "WriteOperationCount": 0},
        "ProcessMemoryLimit": 0,
        "JobMemoryLimit": 0,
        "PeakProcessMemoryUsed": 0,
        "PeakJobMemoryUsed": 0,
    }


@dataclass
class FakeJobApi:
    """Records the calls; handles are strings; ``user_ticks`` is what the child has used."""

    user_ticks: int = 0
    fail: str = ""
    calls: list[tuple[Any, ...]] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=queried_info)
    closed: list[str] = field(default_factory=list)

    def _call(self, *call: Any) -> None:
        self.calls.append(call)
        if call[0] == self.fail:
            raise OSError(5, "Access is denied")

    def open_process(self, pid: int) -> str:
        self._call("open_process", pid)
        return f"process-{pid}"

    def create_job(self) -> str:
        self._call("create_job")
        return FAKE_JOB

    def query_limits(self, job: str) -> dict[str, Any]:
        self._call("query_limits", job)
        return self.info

    def set_limits(self, job: str, info: dict[str, Any]) -> None:
        self._call("set_limits", job)
        self.info = info

    def assign(self, job: str, process: str) -> None:
        self._call("assign", job, process)

    def user_time_ticks(self, process: str) -> int:
        self._call("user_time_ticks", process)
        return self.user_ticks

    def close(self, handle: str) -> None:
        self._call("close", handle)
        self.closed.append(handle)

    def names(self) -> list[str]:
        """The calls made so far, by name."""
        return [call[0] for call in self.calls]


class RefusingLimiter:
    """A :class:`~kiosk_app.barcode.child_limits.ChildLimiter` whose child cannot be limited
    (as when Windows denies the assignment to the job); it records the children's pids."""

    def __init__(self, limits: PictureLimits) -> None:
        self.limits = limits
        self.started_pids: list[int] = []

    def limits_for_child(self) -> None:
        return None

    def started(self, pid: int) -> None:
        self.started_pids.append(pid)
        raise ChildLimitsError("the Job Object could not be set up: access denied")

    def before_picture(self) -> None:
        raise AssertionError("no picture may reach a child without limits")

    def close(self) -> None:
        pass
