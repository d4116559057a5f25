"""The soak test's driver: one customer at a time through the real window, judged.

Used by ``python -m kiosk_app.bench soak`` (:mod:`kiosk_app.bench.soak`) and the short soak of
the test suite. Every wait runs the Qt event loop through the heartbeat of
:mod:`kiosk_app.bench.gui` (nothing sleeps on the GUI thread), and every input is the real one:
key events on the window's ``QWindow`` for the wedge, a file for Open, a drop event, the
"Try a sample" menu, mouse clicks on the buttons, the idle timer.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from kiosk_app.app.late_backend import LateBackend
from kiosk_app.bench.gui import TARGET_MS, Heartbeat, measure

if TYPE_CHECKING:
    from kiosk_app.app.backend import Backend
    from kiosk_app.ui.main_window import MainWindow

STEP_LIMIT_S = 30.0
BASE_LATENCY_S = 0.02  # the simulator answers this much later (the Working screen shows)
IDLE_WIPE_MS = 40  # the idle timeout while an idle wipe is wanted
KEYS_PER_TURN = 24  # wedge keys sent per event-loop turn (a scanner types a few ms apart)
KEY_GAP_S = 0.004  # wedge clock step per key
SHORT_READ_TIMEOUT_S = 0.25  # the client used for the timeout fault...
SLOW_REPLY_S = 0.6  # ...and the simulator's delay then
CANCEL_LATENCY_S = 0.4  # the simulator's delay while the clerk presses Cancel
SETTLE_S = 0.6  # event-loop time before each reading (abandoned replies finish meanwhile)

INPUT_PATHS = ("wedge", "picture", "drop", "sample")
FAULT_WEIGHTS = {
    "none": 64,
    "http-500": 6,
    "garbage": 6,
    "drop": 6,
    "timeout": 6,
    "cancel": 6,
    "idle-after-read": 6,
}
ENDING_WEIGHTS = {"home": 50, "idle": 25, "other": 25}
# After a result, sometimes the same card again (never pay twice): read again through
# an input (nothing sent; counted as a repeat not billed when its automatic check had answered),
# or "Another check" and its check pressed again (declined once: nothing sent; then confirmed:
# one billed check).
REPEAT_WEIGHTS = {"none": 60, "same-card": 20, "check-again": 20}
SAME_CARD_WORDS = "Same card — result already shown"
# What the Error screen says for each fault (the typed errors' own sentences).
FAULT_WORDS = {
    "http-500": "having trouble",
    "garbage": "cannot read",
    "drop": "connection",
    "timeout": "did not answer in time",
}
# The verdict each sample ends with when nothing goes wrong (the simulator's documented outcomes).
EXPECTED_VERDICT = {
    "signature-valid": "Passed", "signature-tampered": "Failed", "signature-revoked": "Failed",
    "signature-unreadable": "Could not verify", "canada-passed": "Passed",
    "canada-failed": "Failed", "canada-flagged": "Flagged", "canada-undefined": "Could not verify",
    "canada-error": "Could not verify",
    "dvs-parse": "Read by the service — not verified",
}  # fmt: skip


@dataclass(frozen=True)
class Timings:
    """The delays a shift runs with: the simulator's replies and the settle before a reading.

    The defaults are the soak command's; a shorter set proves the same endings in less time
    (the slow reply stays longer than ``SHORT_READ_TIMEOUT_S``, the cancel latency longer than
    a click takes to arrive)."""

    base_latency_s: float = BASE_LATENCY_S
    slow_reply_s: float = SLOW_REPLY_S
    cancel_latency_s: float = CANCEL_LATENCY_S
    settle_s: float = SETTLE_S


SOAK_TIMINGS = Timings()


@dataclass(frozen=True)
class Plan:
    """One scan's random choices."""

    sample: str
    path: str
    fault: str
    ending: str
    repeat: str = "none"


def plan_scan(rng: random.Random) -> Plan:
    """Draw one scan (the sample button path cannot be idled after a read: it checks at once)."""
    sample = rng.choice(sorted(EXPECTED_VERDICT))
    path = rng.choice(INPUT_PATHS)
    faults = [f for f in FAULT_WEIGHTS if not (f == "idle-after-read" and path == "sample")]
    fault = rng.choices(faults, [FAULT_WEIGHTS[f] for f in faults])[0]
    ending = rng.choices(list(ENDING_WEIGHTS), list(ENDING_WEIGHTS.values()))[0]
    repeat = rng.choices(list(REPEAT_WEIGHTS), list(REPEAT_WEIGHTS.values()))[0]
    return Plan(sample, path, fault, ending, repeat)


@dataclass
class Stalls:
    """Event-loop gaps seen while waiting: per block of scans and overall, with the GUI
    thread's CPU time in the longest gap (the rest of it was spent waiting)."""

    block_longest: float = 0.0
    block_step: str = ""
    longest: float = 0.0
    longest_cpu: float = 0.0
    longest_step: str = ""
    over_20: int = 0
    over_target: int = 0
    over_target_busy: int = 0  # of those, gaps the GUI thread spent mostly on the CPU
    ticks: int = 0

    def add(self, step: str, beat: Heartbeat) -> None:
        """Count one wait's gaps."""
        gaps = beat.gaps
        self.ticks += len(gaps)
        self.over_20 += sum(1 for g in gaps if g > 20.0)
        self.over_target += sum(1 for g in gaps if g > TARGET_MS)
        self.over_target_busy += sum(
            1 for g, c in zip(gaps, beat.cpu, strict=False) if g > TARGET_MS and c >= g / 2
        )
        if not gaps:
            return
        index = max(range(len(gaps)), key=gaps.__getitem__)
        worst = gaps[index]
        if worst > self.block_longest:
            self.block_longest, self.block_step = worst, step
        if worst > self.longest:
            self.longest, self.longest_step = worst, step
            self.longest_cpu = beat.cpu[index] if index < len(beat.cpu) else 0.0

    def new_block(self) -> tuple[float, str]:
        """The block's longest gap and where it was; starts the next block."""
        result = (self.block_longest, self.block_step)
        self.block_longest, self.block_step = 0.0, ""
        return result


@dataclass
class Tally:
    """What happened over the shift."""

    plans: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    scans: int = 0


# --- wedge key events --------------------------------------------------------------------------


def wedge_key(char: str) -> tuple[Any, str, Any]:
    """(key, text, modifiers) a scanner in "control characters as Ctrl+key" mode sends."""
    from PySide6.QtCore import Qt

    mod = Qt.KeyboardModifier
    controls = {
        "\n": (Qt.Key.Key_Return, "\r", mod.NoModifier),
        "\r": (Qt.Key.Key_M, "\r", mod.ControlModifier),
        "\x1e": (Qt.Key.Key_AsciiCircum, "\x1e", mod.ControlModifier),
        "\x1d": (Qt.Key.Key_BracketRight, "\x1d", mod.ControlModifier),
        "\t": (Qt.Key.Key_Tab, "\t", mod.NoModifier),
    }
    if char in controls:
        return controls[char]
    code = ord(char.upper()) if char.isalpha() else ord(char)
    return code, char, mod.ShiftModifier if char.isupper() else mod.NoModifier


class WedgeClock:
    """The wedge's clock: real time, moved on by the driver (key gaps and the duplicate window).

    ``now`` is the driver's part alone: the keys' own times (their gaps those of a scanner).
    The real time in the clock lets the wedge see an end-of-burst timer that fired late (a busy
    machine kept the event loop from the next keys), as it does on a kiosk."""

    def __init__(self) -> None:
        self.now = 1000.0
        self._started = time.monotonic()

    def __call__(self) -> float:
        return self.now + time.monotonic() - self._started

    def stamp_ms(self) -> int:
        """The time of a key event typed now (ms, the driver's part: as a keyboard stamps it)."""
        return round(self.now * 1000)


class WedgeTyper:
    """Types a payload into the window's ``QWindow``, ``KEYS_PER_TURN`` keys per loop turn."""

    def __init__(self, window: MainWindow, clock: WedgeClock) -> None:
        self._window = window
        self._clock = clock
        self._chars: list[str] = []

    def type(self, payload: bytes) -> None:
        """Start typing (the rest follows in later event-loop turns)."""
        from PySide6.QtCore import QTimer

        self._clock.now += 3.0  # outside the duplicate window of the previous scan
        self._chars = list(payload.decode("latin-1"))
        QTimer.singleShot(0, self._next_keys)

    def _next_keys(self) -> None:
        from PySide6.QtCore import QCoreApplication, QEvent, QTimer
        from PySide6.QtGui import QKeyEvent

        target = self._window.windowHandle()
        batch, self._chars = self._chars[:KEYS_PER_TURN], self._chars[KEYS_PER_TURN:]
        for char in batch:
            key, text, mods = wedge_key(char)
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                event = QKeyEvent(kind, key, mods, text)
                event.setTimestamp(self._clock.stamp_ms())
                QCoreApplication.sendEvent(target, event)
            self._clock.now += KEY_GAP_S
        if self._chars:
            QTimer.singleShot(0, self._next_keys)


class SimulatorLike(Protocol):
    """What the driver needs of a simulator: the embedded handle or :class:`SimulatorProcess`."""

    @property
    def request_count(self) -> int: ...

    def set_faults(self, faults: Any) -> None: ...

    def stop(self) -> None: ...


def short_timeout_backend(base_url: str) -> Backend:
    """A backend whose client gives up after ``SHORT_READ_TIMEOUT_S`` (the timeout fault)."""
    from kiosk_app.api.client import VerificationClient
    from kiosk_app.api.constants import TEST_AUTH_KEY, TEST_TOKEN
    from kiosk_app.app.backend import Backend
    from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva
    from kiosk_app.barcode.decode import Scanner

    client = VerificationClient(
        base_url=base_url,
        dvs_url=base_url,
        parse_url=base_url,
        token=TEST_TOKEN,
        auth_key=TEST_AUTH_KEY,
        connect_timeout=1.0,
        read_timeout=SHORT_READ_TIMEOUT_S,
        total_deadline=SHORT_READ_TIMEOUT_S * 2,
    )
    return Backend(client, Scanner(), parse_aamva, looks_like_aamva)


# --- the driver ---------------------------------------------------------------------------------


class SoakDriver:
    """Runs scans through one window; judges each and keeps the stall figures."""

    def __init__(
        self,
        window: MainWindow,
        handle: SimulatorLike,
        clock: WedgeClock,
        pictures: Path,
        short_backend: Backend,
        timings: Timings = SOAK_TIMINGS,
    ) -> None:
        self.window = window
        self.timings = timings
        self.handle = handle
        self.pictures = pictures
        self.short_backend = short_backend
        self.stalls = Stalls()
        self.tally = Tally()
        self._typer = WedgeTyper(window, clock)
        self._events: Counter[str] = Counter()
        session = window.session
        session.scan_loaded.connect(self._on_scan_loaded)
        session.result_ready.connect(self._on_result)
        session.error_raised.connect(self._on_error)
        session.notice.connect(self._on_notice)
        self._notices: list[str] = []
        self._requests_before = handle.request_count
        self._idle_ms = window.core.idle.timeout_ms
        handle.set_faults(self._faults("none"))

    @property
    def checks_sent(self) -> int:
        """Requests the simulator received during the shift: one per check (none is retried)."""
        return self.handle.request_count - self._requests_before

    # signal counters: waits end on a change, never on a state that was already there
    def _on_scan_loaded(self, loaded: bool) -> None:
        if loaded:
            self._events["read"] += 1

    def _on_result(self, _view: object) -> None:
        self._events["result"] += 1

    def _on_error(self, _report: object) -> None:
        self._events["error"] += 1

    def _on_notice(self, text: str) -> None:
        self._events["notice"] += 1
        self._notices.append(str(text))
        del self._notices[:-4]

    def quiet(self) -> bool:
        """Nothing running, nothing in flight, the result screen filled in."""
        return self.window.core.pool.is_idle() and not self.window.result.filling

    def wait(
        self,
        step: str,
        action: Callable[[], object],
        done: Callable[[], bool],
        limit_s: float = STEP_LIMIT_S,
    ) -> bool:
        """Run ``action`` in the event loop, then the loop until ``done()`` (gaps recorded).

        The loop stops at the first tick that finds ``done()``, but the timers due in that same
        pass still fire: one of the kiosk's own (the picture warm-up, on a worker) may start
        work, and ``done()`` is false again by the time the loop has stopped. Then the loop
        runs on until it holds again, within ``limit_s`` of the start."""
        from PySide6.QtCore import QTimer

        def begin() -> None:
            QTimer.singleShot(0, action)

        deadline = time.perf_counter() + limit_s
        start: Callable[[], object] = begin
        while True:
            beat = measure(start, done, max(deadline - time.perf_counter(), 0.0))
            self.stalls.add(step, beat)
            if done():
                return True
            if time.perf_counter() >= deadline:
                return False
            start = _nothing

    def spin(self, seconds: float, step: str = "settle") -> None:
        """Run the event loop for ``seconds`` (gaps recorded)."""
        until = time.perf_counter() + seconds
        self.wait(step, lambda: None, lambda: time.perf_counter() > until, seconds + 5)

    def run_scan(self, plan: Plan) -> None:
        """One customer: deliver, check, judge, end."""
        plan = self._new_customer_card(plan)
        self.tally.scans += 1
        self.tally.plans[f"path {plan.path}"] += 1
        self.tally.plans[f"fault {plan.fault}"] += 1
        self.tally.plans[f"sample {plan.sample}"] += 1
        problem = self._scan(plan)
        if problem is not None:
            self.tally.problems.append(f"scan {self.tally.scans} {plan}: {problem}")
            self._recover()

    def _new_customer_card(self, plan: Plan) -> Plan:
        """After "Another check" the last card is still held; the next customer brings another
        card (the held card read again is not checked again, by design: never pay twice)."""
        from kiosk_app.simulator.samples import SAMPLES_BY_KEY

        keys = sorted(EXPECTED_VERDICT)
        sample = plan.sample
        held = self.window.session.flow.scan
        while held is not None and held.payload == SAMPLES_BY_KEY[sample].payload:
            sample = keys[(keys.index(sample) + 1) % len(keys)]
        return replace(plan, sample=sample)

    def _scan(self, plan: Plan) -> str | None:
        session = self.window.session
        swap = plan.fault == "timeout"
        normal_backend = session.backend
        if swap:
            session.backend = self.short_backend
        self.handle.set_faults(self._faults(plan.fault))
        try:
            problem = self._deliver_and_check(plan)
        finally:
            self.handle.set_faults(self._faults("none"))
            session.backend = normal_backend
        if problem is None:
            problem = self._end(plan)
        return problem

    def _deliver_and_check(self, plan: Plan) -> str | None:
        from kiosk_app.simulator.samples import SAMPLES_BY_KEY

        check = SAMPLES_BY_KEY[plan.sample].check
        ends = self._events["result"] + self._events["error"]
        sent = self.handle.request_count
        if plan.path == "sample":
            if not self.wait(
                "sample menu", lambda: self._trigger_sample(plan.sample), self._started_or_form
            ):
                return "the sample did not start"
            then: Callable[[], object] = _nothing
        else:
            reads = self._events["read"]
            if not self.wait(
                f"read ({plan.path})",
                lambda: self._deliver(plan),
                lambda: self._events["read"] > reads and self.quiet(),
            ):
                return f"not read; on {self.window.current_stage()}"
            if plan.fault == "idle-after-read":
                return self._idle_wipe("idle wipe after read")
            then = partial(self._click, self.window.ready.check_buttons[_check_kind(check)])
        # A scanned Canadian licence whose barcode gives number, birth date and province is
        # checked with one press; the sample menu opens the form.
        if check == "canada" and plan.path == "sample":
            if not self.wait("canada form", then, self._on_form):
                return f"no Canadian form; on {self.window.current_stage()}"
            then = partial(self._click, self.window.canada_form.submit_button)
        if plan.fault == "cancel":
            return self._cancel(then, sent)
        if not self.wait(
            f"check ({plan.fault})",
            then,
            lambda: self._events["result"] + self._events["error"] > ends and self.quiet(),
        ):
            return f"no result or error; on {self.window.current_stage()}"
        problem = judge(plan, self.window)
        # Repeats of the card held: a Canadian sample is typed into the form, no card is held.
        held = self.window.session.has_scan
        if problem is None and plan.fault == "none" and plan.repeat != "none" and held:
            self.tally.plans[f"repeat {plan.repeat}"] += 1
            if plan.repeat == "same-card":
                return self._same_card_again(plan)
            return self._check_again(plan)
        return problem

    # --- repeats of the card held ------------------------------------------------

    def _repeats_counted(self) -> int:
        usage = self.window.session.flow.usage
        return usage.repeats_today() if usage is not None else 0

    def _same_card_again(self, plan: Plan) -> str | None:
        """The card on screen read again through its input (a sample's card: its picture),
        the automatic check on if it answered: nothing is sent, the result stays, a quiet
        notice, and one repeat not billed when that automatic check is the one avoided."""
        from kiosk_app.flow.stages import Stage

        session, window = self.window.session, self.window
        sent, notices = self.handle.request_count, self._events["notice"]
        route = session.flow.route
        automatic = route.check if route is not None and route.automatic else None
        # The automatic check is turned on for this read when it is the one that answered
        # (else it would rightly run now: it has not answered for this customer).
        avoided = automatic is not None and session.flow.prior_check(automatic) is not None
        repeats = self._repeats_counted()
        # A sample's card again: its picture (the wedge types its line ends as Return keys).
        again = replace(plan, path="picture" if plan.path == "sample" else plan.path)
        settings = session.settings
        session.settings = settings.model_copy(update={"auto_check_on_scan": avoided})
        try:
            if not self.wait(
                f"same card ({again.path})",
                lambda: self._deliver(again),
                lambda: self._events["notice"] > notices and self.quiet(),
            ):
                return f"same card read again: no notice; on {window.current_stage()}"
        finally:
            session.settings = settings
        if window.current_stage() is not Stage.RESULT:
            return f"same card read again left the result; on {window.current_stage()}"
        if SAME_CARD_WORDS not in self._notices:
            return f"same card read again: notices {self._notices!r}"
        if self.handle.request_count != sent:
            return "same card read again was sent to the service"
        counted = self._repeats_counted() - repeats
        if counted != int(avoided):
            return f"same card read again: {counted} repeats counted, expected {int(avoided)}"
        self.tally.plans["repeat not billed"] += counted
        return judge(plan, window)

    def _check_again(self, plan: Plan) -> str | None:
        """ "Another check", then the same check pressed again: asks first; "Keep the result"
        sends nothing and shows the stored result again; "Another check" once more, the check
        pressed again and confirmed: one billed check with the same verdict."""
        from kiosk_app.simulator.samples import SAMPLES_BY_KEY

        window = self.window
        if not self.wait(
            "another check (repeat)",
            partial(self._click, window.result.other_button),
            self._ready_and_quiet,
        ):
            return f"Another check did not return to Ready; on {window.current_stage()}"
        button = window.ready.check_buttons[_check_kind(SAMPLES_BY_KEY[plan.sample].check)]
        sent = self.handle.request_count
        for answer in ("no", "yes"):
            if not self.wait(
                f"check again ({answer})",
                partial(self._click, button),
                lambda: window.confirm_dialog is not None and window.confirm_dialog.isVisible(),
            ):
                return f"check again: no confirmation; on {window.current_stage()}"
            if self.handle.request_count != sent:
                return "check again ran before the confirmation"
            dialog = window.confirm_dialog
            assert dialog is not None
            if answer == "no":
                if not self.wait(
                    "keep the result",
                    partial(self._click, dialog.no_button),
                    lambda: window.confirm_dialog is None and self._result_and_quiet(),
                ):
                    return f"Keep the result did not show the result; on {window.current_stage()}"
                if self.handle.request_count != sent:
                    return "Keep the result sent a check"
                if not self.wait(
                    "another check (after keeping)",
                    partial(self._click, window.result.other_button),
                    self._ready_and_quiet,
                ):
                    return f"Another check did not return to Ready; on {window.current_stage()}"
                continue
            ends = self._events["result"] + self._events["error"]

            def ended(ends: int = ends) -> bool:
                return self._events["result"] + self._events["error"] > ends and self.quiet()

            if not self.wait(
                "check again (billed)",
                partial(self._click, dialog.yes_button),
                lambda: ended() or (self._on_form() and self.quiet()),
            ):
                return f"confirmed check again: no result; on {window.current_stage()}"
            if self._on_form() and not self.wait(  # a card whose barcode cannot fill it
                "canada form (again)", partial(self._click, window.canada_form.submit_button), ended
            ):
                return f"confirmed check again: no result; on {window.current_stage()}"
        if self.handle.request_count != sent + 1:
            return f"confirmed check again sent {self.handle.request_count - sent} checks"
        return judge(plan, window)

    def _cancel(self, then: Callable[[], object], sent: int) -> str | None:
        from kiosk_app.flow.stages import Stage

        window = self.window
        if not self.wait("reach the service", then, lambda: self.handle.request_count > sent):
            return "the check never reached the simulator"
        if not self.wait(
            "cancel",
            partial(self._click, window.working.cancel_button),
            lambda: window.current_stage() is Stage.READY and self.quiet(),
        ):
            return f"cancel did not return to Ready; on {window.current_stage()}"
        return None if window.result.view is None else "a cancelled result was shown"

    def _end(self, plan: Plan) -> str | None:
        from kiosk_app.flow.stages import Stage

        window = self.window
        stage = window.current_stage()
        ending = plan.ending if stage in (Stage.RESULT, Stage.ERROR) else "idle"
        if plan.fault == "idle-after-read":
            ending = "already wiped"
        self.tally.endings[ending] += 1
        if ending == "idle":
            return self._idle_wipe("idle wipe")
        if ending == "home":
            screen = window.result if stage is Stage.RESULT else window.error
            button = screen.home_button
            if not self.wait("new customer", partial(self._click, button), self._ready_and_quiet):
                return f"New customer did not return to Ready; on {window.current_stage()}"
            return (
                None if not window.session.flow.holds_customer_data() else "New customer kept data"
            )
        if (
            ending == "other"
            and stage is Stage.RESULT
            and not self.wait(
                "another check",
                partial(self._click, window.result.other_button),
                self._ready_and_quiet,
            )
        ):
            return f"Another check did not return to Ready; on {window.current_stage()}"
        return None  # "other" on the Error screen: the next scan starts from there

    def _ready_and_quiet(self) -> bool:
        from kiosk_app.flow.stages import Stage

        return self.window.current_stage() is Stage.READY and self.quiet()

    def _result_and_quiet(self) -> bool:
        from kiosk_app.flow.stages import Stage

        return self.window.current_stage() is Stage.RESULT and self.quiet()

    def _idle_wipe(self, step: str) -> str | None:
        idle = self.window.core.idle
        wipes = idle.wipes
        done = self.wait(
            step,
            lambda: idle.set_timeout_ms(IDLE_WIPE_MS),
            lambda: idle.wipes > wipes and self.quiet(),
        )
        idle.set_timeout_ms(self._idle_ms)
        if not done:
            return "the idle timer did not wipe"
        return "the idle wipe kept data" if self.window.session.flow.holds_customer_data() else None

    def _recover(self) -> None:
        self.handle.set_faults(self._faults("none"))
        self.window.session.wipe()
        self.wait("recover", lambda: None, self.quiet)

    # --- actions ---------------------------------------------------------------------------

    def _deliver(self, plan: Plan) -> None:
        from kiosk_app.simulator.samples import SAMPLES_BY_KEY

        sample = SAMPLES_BY_KEY[plan.sample]
        if plan.path == "wedge":
            self._typer.type(sample.payload)
        elif plan.path == "picture":
            self.window.core.files.submit_path(self.pictures / sample.image_name)
        else:
            self._drop(self.pictures / sample.image_name)

    def _drop(self, path: Path) -> None:
        from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
        from PySide6.QtGui import QDragEnterEvent, QDropEvent
        from PySide6.QtWidgets import QApplication

        mime = QMimeData()
        mime.setUrls([QUrl.fromLocalFile(str(path))])
        action, button = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton
        nothing = Qt.KeyboardModifier.NoModifier
        QApplication.sendEvent(
            self.window, QDragEnterEvent(QPoint(20, 20), action, mime, button, nothing)
        )
        QApplication.sendEvent(
            self.window, QDropEvent(QPointF(20, 20), action, mime, button, nothing)
        )

    def _trigger_sample(self, key: str) -> None:
        menu = self.window.ready.sample_menu
        next(a for a in menu.actions() if a.data() == key).trigger()

    def _click(self, button: Any) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    def _started_or_form(self) -> bool:
        from kiosk_app.flow.stages import Stage

        return self.window.session.busy or self.window.current_stage() is Stage.CANADA_FORM

    def _on_form(self) -> bool:
        from kiosk_app.flow.stages import Stage

        return self.window.current_stage() is Stage.CANADA_FORM

    def _faults(self, fault: str) -> Any:
        from kiosk_app.simulator.faults import Faults

        base = self.timings.base_latency_s
        chosen = {
            "http-500": Faults(latency_s=base, http_status=500),
            "garbage": Faults(latency_s=base, malformed_json=True),
            "drop": Faults(latency_s=base, drop_connection=True),
            "timeout": Faults(latency_s=self.timings.slow_reply_s),
            "cancel": Faults(latency_s=self.timings.cancel_latency_s),
        }
        return chosen.get(fault, Faults(latency_s=base))


def _nothing() -> None:
    """No action: the wait only watches."""


def close_client(backend: Backend | LateBackend) -> None:
    """Close the backend's HTTP client (its pooled connections), once it is built."""
    built = backend.built() if isinstance(backend, LateBackend) else backend
    if built is None:
        return
    close = getattr(built.client, "close", None)
    if close is not None:
        close()


def _check_kind(check: str) -> Any:
    from kiosk_app.kinds import CheckKind

    return CheckKind(check)


def judge(plan: Plan, window: MainWindow) -> str | None:
    """None when the scan ended as its sample and fault say; else what was wrong."""
    from kiosk_app.flow.stages import Stage

    stage = window.current_stage()
    if plan.fault in FAULT_WORDS:
        if stage is not Stage.ERROR:
            return f"expected the Error screen, got {stage}"
        words = FAULT_WORDS[plan.fault]
        message = window.error.message.text()
        return None if words in message else f"error message without {words!r}: {message!r}"
    if stage is not Stage.RESULT:
        return f"expected the Result screen, got {stage} ({window.error.message.text()!r})"
    shown = window.result.banner.title.text()
    wanted = EXPECTED_VERDICT[plan.sample]
    return None if shown == wanted else f"verdict {shown!r}, expected {wanted!r}"
