"""The Qt adapter stays thin: the flow's rules live in ``kiosk_app.flow``, not in ``Session``."""

from __future__ import annotations

from pathlib import Path

import kiosk_app.app.session as session_module

# The bound for the adapter (signals, tickets, cancel, wipe): past it, rules are
# creeping back into the Qt class.
ADAPTER_MAX_LINES = 300


def test_session_adapter_has_at_most_300_lines() -> None:
    source = Path(session_module.__file__).read_text(encoding="utf-8")
    assert len(source.splitlines()) <= ADAPTER_MAX_LINES


def test_session_holds_no_flow_state_of_its_own() -> None:
    # Every attribute the adapter sets is Qt plumbing or the flow itself.
    source = Path(session_module.__file__).read_text(encoding="utf-8")
    assigned = {
        line.split("=")[0].strip().split(".")[1].split(":")[0]
        for line in source.splitlines()
        if line.strip().startswith("self.") and "=" in line and "==" not in line
    }
    assert assigned <= {"pool", "flow", "counting_expected", "metrics", "_retry_timer", "_backend"}
