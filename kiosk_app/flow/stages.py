"""The screen the flow is on, and which moves between screens are allowed: a table (data).

:data:`TRANSITIONS` lists every allowed move with why it happens; :class:`StageMachine` makes
only those (a move to the stage it is on is no move) and raises :class:`IllegalTransitionError` on
any other, so a rule that would, say, show a result without a check running fails loudly.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Final


class Stage(StrEnum):
    """The screen the flow is on."""

    READY = "ready"
    WORKING = "working"
    RESULT = "result"
    CANADA_FORM = "canada-form"
    ERROR = "error"
    LISTED = "listed"  # the card read is on the organisation's watchlist: no check yet


READY, WORKING, RESULT, FORM, ERROR, LISTED = (
    Stage.READY,
    Stage.WORKING,
    Stage.RESULT,
    Stage.CANADA_FORM,
    Stage.ERROR,
    Stage.LISTED,
)

#: (from, to) -> why. Ready is reachable from everywhere (Cancel, New customer, idle wipe).
TRANSITIONS: Final[dict[tuple[Stage, Stage], str]] = {
    (READY, WORKING): "a scan, a picture or a check starts",
    (READY, FORM): "the registry check needs the form (nothing or not all pre-filled)",
    (READY, RESULT): "Keep the result: the card's stored result shown again",
    (WORKING, READY): "Cancel, a read with no check to run, or the quota stopped the check",
    (WORKING, RESULT): "the check answered (or the card on screen was read again)",
    (WORKING, ERROR): "the read or the check failed",
    (WORKING, FORM): "the read card needs the form, or the service refused a form field",
    (RESULT, READY): "another check, New customer or the idle wipe",
    (RESULT, WORKING): "another scan, Retry now, or the scheduled Canadian retry",
    (RESULT, FORM): "the registry check chosen after a result",
    (FORM, READY): "Back, New customer or the idle wipe",
    (FORM, WORKING): "the form sent, or a scan while the form is open",
    (ERROR, READY): "Start again or the idle wipe",
    (ERROR, WORKING): "a scan after an error",
    (ERROR, FORM): "the registry check chosen after an error",
    (WORKING, LISTED): "the card read is on the watchlist (or that card was read again)",
    (LISTED, READY): "Continue chosen, New customer or the idle wipe",
    (LISTED, WORKING): "another card scanned",
    (READY, LISTED): "the card on screen read again after the admin put it on the watchlist",
    (RESULT, LISTED): "the card on screen read again after the admin put it on the watchlist",
    (ERROR, LISTED): "the card on screen read again after the admin put it on the watchlist",
    (FORM, LISTED): "the card on screen read again after the admin put it on the watchlist",
}


class IllegalTransitionError(RuntimeError):
    """A move the table does not allow (a bug in a flow rule, never the clerk's doing)."""

    def __init__(self, source: Stage, target: Stage) -> None:
        super().__init__(f"no transition from {source.value} to {target.value}")
        self.source = source
        self.target = target


class StageMachine:
    """The current stage; moves only along :data:`TRANSITIONS`, telling ``on_change``."""

    def __init__(self, on_change: Callable[[Stage], None] = lambda _stage: None) -> None:
        self._stage = READY
        self._on_change = on_change

    @property
    def stage(self) -> Stage:
        """The stage the flow is on."""
        return self._stage

    def move(self, target: Stage) -> None:
        """Go to ``target`` (nothing when already there); raises on a move not in the table."""
        if target is self._stage:
            return
        if (self._stage, target) not in TRANSITIONS:
            raise IllegalTransitionError(self._stage, target)
        self._stage = target
        self._on_change(target)
