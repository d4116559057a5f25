"""The stage table, one test per row, and every move outside it refused."""

from __future__ import annotations

import itertools

import pytest

from kiosk_app.flow.stages import TRANSITIONS, IllegalTransitionError, Stage, StageMachine

ILLEGAL = sorted(
    (a, b) for a, b in itertools.product(Stage, Stage) if a is not b and (a, b) not in TRANSITIONS
)


def _machine_on(stage: Stage, seen: list[Stage]) -> StageMachine:
    machine = StageMachine(seen.append)
    for step in (Stage.WORKING, stage):  # every stage is one or two moves from Ready
        if (machine.stage, step) in TRANSITIONS:
            machine.move(step)
    assert machine.stage is stage
    seen.clear()
    return machine


@pytest.mark.parametrize(("source", "target"), sorted(TRANSITIONS), ids=str)
def test_transition_row(source: Stage, target: Stage) -> None:
    seen: list[Stage] = []
    machine = _machine_on(source, seen)
    machine.move(target)
    assert machine.stage is target and seen == [target]
    assert TRANSITIONS[(source, target)]  # each row says why


@pytest.mark.parametrize(("source", "target"), ILLEGAL, ids=str)
def test_illegal_transition_is_refused(source: Stage, target: Stage) -> None:
    seen: list[Stage] = []
    machine = _machine_on(source, seen)
    with pytest.raises(IllegalTransitionError, match=f"from {source.value} to {target.value}"):
        machine.move(target)
    assert machine.stage is source and seen == []


def test_a_move_to_the_stage_it_is_on_is_no_move() -> None:
    seen: list[Stage] = []
    machine = StageMachine(seen.append)
    machine.move(Stage.READY)
    assert seen == []


def test_ready_is_reachable_from_everywhere_and_results_only_from_working() -> None:
    assert all((s, Stage.READY) in TRANSITIONS for s in Stage if s is not Stage.READY)
    assert {s for s, t in TRANSITIONS if t is Stage.ERROR} == {Stage.WORKING}
    # A result comes from a check, or is a stored one shown again ("Keep the result").
    assert {s for s, t in TRANSITIONS if t is Stage.RESULT} == {Stage.WORKING, Stage.READY}
    assert "stored result" in TRANSITIONS[(Stage.READY, Stage.RESULT)]
