"""A clock the tests move by hand."""

from __future__ import annotations


class FakeClock:
    """A monotonic clock the test moves by hand (seconds); with ``step_per_read`` set, each
    reading also moves it on that much (the code under test finds every moment later than
    the last, as in a process that keeps stalling)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.step_per_read = 0.0

    def __call__(self) -> float:
        now = self.now
        self.now += self.step_per_read
        return now

    def advance(self, seconds: float) -> None:
        self.now += seconds
