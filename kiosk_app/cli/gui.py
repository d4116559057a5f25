"""`kiosk-app` (no command): the kiosk window; `kiosk-app screenshots OUTDIR`.

Top-level flags: ``--demo`` starts the embedded simulator in-process and points the kiosk at it
with the public test token ("Try a sample" appears); ``--kiosk`` (or the ``kiosk_mode`` setting)
locks the window down (``kiosk_app.ui.kiosk_mode``: fullscreen, frameless, on top, close ignored;
the admin gesture and PIN lead out). Without a display the
command prints one line suggesting ``QT_QPA_PLATFORM=offscreen`` or a virtual display.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_INPUT_REJECTED = 2


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add ``--demo``/``--kiosk``, make the GUI the default action, add ``screenshots``."""
    parser.add_argument(
        "--demo",
        action="store_true",
        help="run against the embedded simulator with the test token (results are not real)",
    )
    parser.add_argument(
        "--kiosk", action="store_true", help="start in kiosk mode (fullscreen, locked down)"
    )
    parser.add_argument(
        "--camera-video",
        metavar="FILE",
        default=None,
        help="play FILE through the camera pipeline instead of a camera (demos, support)",
    )
    parser.set_defaults(func=run_gui)
    command = subparsers.add_parser(
        "screenshots",
        help="write one PNG per screen state by driving the demo offscreen",
        description="Drive the real application offscreen through the demo samples and write "
        "ready.png, working.png, canada-form.png, result-*.png and error-*.png to OUTDIR.",
    )
    command.add_argument("outdir", type=Path, metavar="OUTDIR")
    command.add_argument(
        "--size",
        type=window_size,
        default=SCREENSHOT_SIZE,
        metavar="WxH",
        help="window size in pixels (default 1280x800; from 1024x600 to 3840x2160)",
    )
    command.add_argument(
        "--language",
        choices=("en", "fr"),
        default=None,
        help="interface language of the screenshots (default: the settings' language, as the "
        "kiosk starts)",
    )
    command.set_defaults(func=run_screenshots)


@contextmanager
def _demo_simulator(enabled: bool) -> Iterator[Any]:
    if not enabled:
        yield None
        return
    from kiosk_app.simulator.server import start_simulator

    handle = start_simulator(port=0)
    try:
        yield handle
    finally:
        handle.stop()


class LateSimulator:
    """The demo's embedded simulator, started on a worker once the first window is painted.

    Its modules (the HTTP server, the service's models, its signing keys) cost about 0.2 s of
    CPU, which the first window does not wait for. The core is made only once the simulator is
    up (its address is the service's), so no check begins before it; until then the window is
    the Ready screen without its core, as in every start (keys typed are held).
    """

    def __init__(self) -> None:
        self.handle: Any = None
        self._pool: Any = None

    def start(self, window: Any, then: Callable[[Any], None]) -> None:
        """Start the simulator on a worker; ``then(handle)`` on the GUI thread once it is up.
        A simulator that cannot start ends the kiosk (status 1) with one sentence."""
        from kiosk_app.app.workers import WorkerPool

        self._pool = WorkerPool(parent=window)
        self._pool.submit(
            self._start,
            on_result=then,
            on_error=partial(_simulator_failed, window),
            name="demo simulator",
        )

    def _start(self) -> Any:
        """On the worker: the handle is kept at once, so that :meth:`stop` stops a simulator
        whose result was never delivered (the kiosk closed meanwhile)."""
        from kiosk_app.simulator.server import start_simulator

        self.handle = start_simulator(port=0)
        return self.handle

    def stop(self) -> None:
        """Wait for a simulator still starting, then stop it."""
        if self._pool is not None:
            self._pool.shutdown()
        if self.handle is not None:
            self.handle.stop()
            self.handle = None


def _simulator_failed(window: Any, exc: BaseException) -> None:
    from kiosk_app.ui.launch import application

    logging.getLogger(__name__).error("the demo's simulator could not start: %r", exc)
    print("kiosk-app: the demo's simulator could not start; see the log.", file=sys.stderr)
    window.hide()
    application().exit(EXIT_FAILED)


SCREENSHOT_SIZE = (1280, 800)
MIN_SCREENSHOT_SIZE = (1024, 600)
MAX_SCREENSHOT_SIZE = (3840, 2160)


def window_size(text: str) -> tuple[int, int]:
    """``WxH`` (e.g. ``1366x768``) within the sizes the screens are made for."""
    width_text, sep, height_text = text.lower().partition("x")
    if not sep or not width_text.isdigit() or not height_text.isdigit():
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1366x768, got {text!r}")
    size = (int(width_text), int(height_text))
    low, high = MIN_SCREENSHOT_SIZE, MAX_SCREENSHOT_SIZE
    if not (low[0] <= size[0] <= high[0] and low[1] <= size[1] <= high[1]):
        raise argparse.ArgumentTypeError(
            f"the size must be between {low[0]}x{low[1]} and {high[0]}x{high[1]}"
        )
    return size


def _settings(simulator: Any, kiosk: bool, language: str | None = None) -> Any:
    from kiosk_app.api.constants import TEST_AUTH_KEY, TEST_TOKEN
    from kiosk_app.config import load_settings
    from kiosk_app.logging_setup import set_desk_id

    overrides: dict[str, Any] = {"kiosk_mode": True} if kiosk else {}
    if language is not None:
        overrides["language"] = language
    if simulator is not None:
        overrides.update(
            base_url=simulator.base_url,
            dvs_url=simulator.base_url,
            parse_url=simulator.base_url,
            api_token=TEST_TOKEN,
            auth_key=TEST_AUTH_KEY,
            test_mode=True,
        )
    settings = load_settings(**overrides)
    set_desk_id(settings.desk_id)  # every log record from here on names this desk
    return settings


def _setting_problem(exc: ValueError) -> str:
    """One sentence naming the settings the environment gives wrong (a bad settings.json
    never gets here: its bad values are replaced by defaults)."""
    errors = getattr(exc, "errors", None)
    names = sorted({str(e["loc"][0]) for e in errors() if e.get("loc")}) if errors else []
    listed = ", ".join(f"KIOSK_{name.upper()}" for name in names) or "a KIOSK_* variable"
    return f"invalid setting in the environment: {listed}."


def _samples(simulator: Any) -> dict[str, Any] | None:
    if simulator is None:
        return None
    from kiosk_app.simulator.known_pictures import demo_samples

    return dict(demo_samples())


def run_gui(args: argparse.Namespace) -> int:
    """Launch the kiosk window (the default action).

    The start makes many objects that live as long as the kiosk (modules, classes, the
    window) and little garbage: the cyclic collector, which would walk them about 130 times
    before the first window, waits until the window is up (:func:`collect_from_now_on`).
    """
    gc.disable()
    try:
        return _run_gui(args)
    finally:
        gc.enable()  # a start that failed before the window: collect as ever
        _log_to_file(args)  # a start that ended before its first paint: write what it logged


def collect_from_now_on() -> None:
    """The window is up: what the start made leaves the collector's generations for good
    (``gc.freeze``: it is never garbage, and a later collection need not walk it again), and
    the collector runs again."""
    gc.freeze()
    gc.enable()


def _run_gui(args: argparse.Namespace) -> int:
    # Qt Multimedia lists each optional library it did not find (PipeWire, VA-API) at every
    # start: noise in a desk's journal, not a fault. Qt reads this before any Qt import;
    # an admin's own QT_LOGGING_RULES wins.
    os.environ.setdefault("QT_LOGGING_RULES", "qt.multimedia.symbolsresolver=false")
    from kiosk_app.ui.launch import display_problem

    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_FAILED
    from kiosk_app.display_settings import read_display_settings
    from kiosk_app.ui.launch import application, first_window, run_window

    # The window first, painted with the few settings it shows (read without validating the
    # others); then the settings are validated and the core made (start_core); a demo's
    # simulator is started before the core, on a worker (LateSimulator).
    display = read_display_settings(_given(args.kiosk, args.demo))
    app = application()
    from kiosk_app.ui.i18n import install_language

    install_language(display.language, app)  # before any widget exists
    # Packaging: KIOSK_STARTUP_PROBE=1 prints how long the first window took once it is
    # painted, and quits (cold-start figures); a no-op otherwise.
    from kiosk_app.cli.startup_probe import install_startup_probe

    window = first_window(display)
    probe = install_startup_probe(app, window.first_painted)
    simulator = LateSimulator() if args.demo else None
    if simulator is None:
        window.first_painted.connect(partial(start_core, window, args, None))
    else:
        window.first_painted.connect(
            partial(simulator.start, window, partial(start_core, window, args))
        )
    if probe is not None:
        probe.quit_after(window.core_attached)  # the settings are read, as at a desk
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, collect_from_now_on)  # the event loop's first turn: window shown
    try:
        return run_window(window, fullscreen=display.kiosk_mode)
    finally:
        if simulator is not None:
            simulator.stop()


def _given(kiosk: bool, demo: bool) -> dict[str, Any]:
    """The display settings the command line gives (as :func:`_settings` gives them)."""
    given: dict[str, Any] = {"kiosk_mode": True} if kiosk else {}
    if demo:
        given["test_mode"] = True
    return given


def _log_to_file(args: argparse.Namespace) -> None:
    """Set the log up if records are held for it (:func:`kiosk_app.cli.main.main` holds them
    until the first paint); they are written then."""
    from kiosk_app.held_log import holding

    if holding():
        from kiosk_app.cli.main import log_to_file

        log_to_file(bool(getattr(args, "verbose", False)))


def start_core(window: Any, args: argparse.Namespace, simulator: Any) -> None:
    """After the first paint: set the log up, validate the settings, make the core and hand it
    to ``window``.

    Settings the environment gives wrong end the kiosk (status 2) with one sentence naming
    them, as before any window. The service client, the decoder and the stored secrets (a
    LateBackend), then the camera, serial scanner and watched folder the settings enable, come
    after this, on workers. A client the settings make unusable (a missing CA bundle...) then
    fails each check with its own sentence.
    """
    from kiosk_app.ui.launch import application

    _log_to_file(args)
    try:
        settings = _settings(simulator, args.kiosk)
    except ValueError as exc:  # pydantic's ValidationError: a KIOSK_* variable
        print(f"kiosk-app: {_setting_problem(exc)}", file=sys.stderr)
        window.hide()
        application().exit(EXIT_INPUT_REJECTED)
        return
    if getattr(args, "camera_video", None):
        settings.camera_video = str(Path(args.camera_video).resolve())
    try:
        _attach_core(window, settings, simulator)
    except Exception:  # in a slot, it would leave a window without a core: end instead
        logging.getLogger(__name__).exception("the kiosk could not start")
        print("kiosk-app: the kiosk could not start; see the log.", file=sys.stderr)
        window.hide()
        application().exit(EXIT_FAILED)


def _attach_core(window: Any, settings: Any, simulator: Any) -> None:
    from kiosk_app.app.kiosk import KioskCore
    from kiosk_app.app.late_backend import LateBackend
    from kiosk_app.ui.launch import open_usage_store

    core = KioskCore(settings, LateBackend(), samples=_samples(simulator), usage=open_usage_store())
    core.session.counting_expected = True  # no store means it could not be opened
    core.add_hardware_after_start()
    window.attach_core(core)
    core.start()
    window.release_held_keys()


def run_screenshots(args: argparse.Namespace) -> int:
    """Write the screenshots (SHOTS) to OUTDIR (offscreen unless a platform was chosen), at
    ``--size`` in ``--language``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from kiosk_app.ui.launch import application, build_window, delete_now, display_problem
    from kiosk_app.ui.screenshots import ScreenshotError, take_screenshots

    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_FAILED
    from kiosk_app.ui.i18n import current_language, install_language

    size = getattr(args, "size", SCREENSHOT_SIZE)
    with _demo_simulator(True) as simulator:
        # As the kiosk starts: the settings' language (KIOSK_LANGUAGE, settings.json), unless
        # --language says otherwise.
        settings = _settings(simulator, False, getattr(args, "language", None))
        app = application()
        before = current_language()
        install_language(settings.language, app)  # before any widget exists
        window = build_window(settings, _samples(simulator))
        try:
            written = take_screenshots(window, simulator, args.outdir, size)
        except ScreenshotError as exc:
            print(f"kiosk-app screenshots: {exc}", file=sys.stderr)
            return EXIT_FAILED
        finally:
            window.close()
            delete_now(window)
            del window
            # Python objects of the run caught in reference cycles (with their Qt timers) are
            # collected here, on the GUI thread, not later by a worker thread's allocation.
            gc.collect()
            install_language(before, app)  # run in-process (tests): leave the language as found
    for path in written:
        print(path)
    return EXIT_OK
