"""Running ``kiosk_app.flow.customer.CustomerFlow`` without Qt: a hand-driven runner, a
ticker and the events recorded in order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from kiosk_app.flow.customer import CustomerFlow, FlowEvents


@dataclass
class _Job:
    fn: Callable[[], Any]
    on_result: Callable[[Any], None] | None
    on_error: Callable[[BaseException], None] | None
    name: str
    cancelled: bool = False


class ManualRunner:
    """Holds submitted jobs until :meth:`run_all` (the test says when work "finishes")."""

    def __init__(self) -> None:
        self._jobs: dict[int, _Job] = {}
        self._next = 0

    def submit(
        self,
        fn: Callable[[], Any],
        on_result: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        name: str = "work",
    ) -> int:
        self._next += 1
        self._jobs[self._next] = _Job(fn, on_result, on_error, str(name))
        return self._next

    def cancel(self, ticket: int | None) -> None:
        if ticket in self._jobs:
            self._jobs[ticket].cancelled = True

    def is_running(self, ticket: int | None) -> bool:
        job = self._jobs.get(ticket) if ticket is not None else None
        return job is not None and not job.cancelled

    @property
    def names(self) -> list[str]:
        """The jobs waiting, by name."""
        return [job.name for job in self._jobs.values()]

    def run_all(self) -> None:
        """Run every waiting job (and those they submit), delivering results in order."""
        while self._jobs:
            ticket = next(iter(self._jobs))
            job = self._jobs[ticket]
            try:
                result = job.fn()
            except Exception as exc:  # delivered like the pool's errored signal
                del self._jobs[ticket]
                if not job.cancelled and job.on_error is not None:
                    job.on_error(exc)
                continue
            del self._jobs[ticket]
            if not job.cancelled and job.on_result is not None:
                job.on_result(result)


class HandTicker:
    """The retry's one-second tick, fired by hand."""

    def __init__(self) -> None:
        self.active = False

    def start(self) -> None:
        self.active = True

    def stop(self) -> None:
        self.active = False

    def isActive(self) -> bool:
        return self.active


@dataclass
class EventLog:
    """Every event the flow emitted, as (name, value) in order."""

    seen: list[tuple[str, Any]] = field(default_factory=list)

    def events(self) -> FlowEvents:
        def recorder(name: str) -> Callable[..., None]:
            return lambda *value: self.seen.append((name, value[0] if value else None))

        return FlowEvents(**{f.name: recorder(f.name) for f in fields(FlowEvents)})

    def values(self, name: str) -> list[Any]:
        """The values of one event, in order."""
        return [value for seen, value in self.seen if seen == name]


def tick_until_idle(flow: CustomerFlow, ticker: HandTicker, limit: int = 10_000) -> int:
    """Fire the ticker while it runs; how many ticks it took."""
    ticks = 0
    while ticker.active and ticks < limit:
        flow.retry_tick()
        ticks += 1
    return ticks
