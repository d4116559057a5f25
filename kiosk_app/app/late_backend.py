"""The backend of a kiosk that is starting: built on a worker once the first window is shown.

Building the real :class:`~kiosk_app.app.backend.Backend` loads the service client, the
picture decoder and the licence parser (most of a second of CPU), and asks the keyring for the
API token and auth key (a Secret Service over D-Bus may take longer still): the first window
does not wait for any of it. Until the build is done, the session holds a :class:`LateBackend`
whose blocking calls, made on workers like every backend call, wait for the real backend (at
most :data:`BUILD_WAIT_S`); the calls that never wait (stop a picture, warm up, close) act on
it when it is there and do nothing before.

:meth:`LateBackend.build` runs on the worker. The core then takes the stored secrets into its
settings and the real backend into the session (``KioskCore``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from kiosk_app.api.outcome import Outcome
    from kiosk_app.app.backend import Backend
    from kiosk_app.config import Settings
    from kiosk_app.flow.models import CanadaFormData, ScanData
    from kiosk_app.kinds import CheckKind

# A check waits this long for the backend being built (building takes about a second; the
# keyring's D-Bus calls give up well before this).
BUILD_WAIT_S: Final = 60.0


@dataclass(frozen=True)
class BuiltBackend:
    """What a build produced: the settings with the stored secrets, and the backend."""

    settings: Settings
    backend: Backend


class BuildStoppedError(RuntimeError):
    """The build ended on something that is not an error (``SystemExit`` from a library, say):
    what the waiting calls raise in its place (the Error screen's "Something went wrong")."""


def build_backend(settings: Settings) -> BuiltBackend:
    """The real build: the stored secrets filled in, the backend made with them."""
    from kiosk_app.app.backend import Backend
    from kiosk_app.secrets import fill_stored_secrets

    filled = fill_stored_secrets(settings.model_copy())
    return BuiltBackend(filled, Backend.from_settings(filled))


class LateBackend:
    """Stands for the backend until :meth:`build` (on a worker) has made the real one.

    ``builder`` makes it (:func:`build_backend`; tests pass one that fails)."""

    def __init__(
        self,
        wait_s: float = BUILD_WAIT_S,
        builder: Callable[[Settings], BuiltBackend] = build_backend,
    ) -> None:
        self._wait_s = wait_s
        self._builder = builder
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._backend: Backend | None = None
        self._error: BaseException | None = None
        self._closed = False

    def build(self, settings: Settings) -> BuiltBackend:
        """Fill in the stored secrets and build the backend (blocking: call it on a worker).

        A failure (an unusable CA bundle, say) is raised here and to every call waiting. Any
        other end of the build (``SystemExit``, ``KeyboardInterrupt``) is raised here too, and
        the waiting calls get a :class:`BuildStoppedError` at once instead of waiting out
        :data:`BUILD_WAIT_S`.
        """
        try:
            built = self._builder(settings)
        except BaseException as exc:
            stopped = BuildStoppedError(f"the backend's build ended: {type(exc).__name__}")
            self._error = exc if isinstance(exc, Exception) else stopped
            self._done.set()
            raise
        backend = built.backend
        with self._lock:
            self._backend = backend
            closed = self._closed
        self._done.set()
        if closed:  # the kiosk stopped while this was being built
            backend.close()
        return built

    def built(self) -> Backend | None:
        """The real backend if it is built (never waits)."""
        return self._backend

    def _wait(self) -> Backend:
        if not self._done.wait(self._wait_s):
            raise TimeoutError("the kiosk's backend was not ready in time")
        if self._error is not None:
            raise self._error
        assert self._backend is not None
        return self._backend

    # --- the calls of the flow, made on workers: they wait for the real backend ---------------

    def read_payload(
        self,
        payload: bytes,
        symbol: Any = None,
        back_image: bytes | None = None,
        *,
        byte_exact: bool = True,
    ) -> ScanData:
        """As :meth:`Backend.read_payload`, once built."""
        return self._wait().read_payload(payload, symbol, back_image, byte_exact=byte_exact)

    def read_image(self, source: object) -> ScanData:
        """As :meth:`Backend.read_image`, once built."""
        return self._wait().read_image(source)

    def check_scan(self, kind: CheckKind, scan: ScanData) -> Outcome:
        """As :meth:`Backend.check_scan`, once built."""
        return self._wait().check_scan(kind, scan)

    def check_canada(self, form: CanadaFormData) -> Outcome:
        """As :meth:`Backend.check_canada`, once built."""
        return self._wait().check_canada(form)

    def prepare_picture(self, source: object) -> bytes:
        """As :meth:`Backend.prepare_picture`, once built."""
        return self._wait().prepare_picture(source)

    def send_picture(self, kind: CheckKind, image: bytes) -> Outcome:
        """As :meth:`Backend.send_picture`, once built."""
        return self._wait().send_picture(kind, image)

    # --- the calls that never wait (the GUI thread's, and the warm-up's worker) -----------------

    def stop_reading(self) -> None:
        """Stop a picture being decoded (nothing is decoded before the build)."""
        backend = self._backend
        if backend is not None:
            backend.stop_reading()

    def warm_up(self) -> None:
        """Start the decoder's process if the backend is built (else the first picture does)."""
        backend = self._backend
        if backend is not None:
            backend.warm_up()

    def close(self) -> None:
        """Close the built backend, or the one a build still running will make."""
        with self._lock:
            self._closed = True
            backend = self._backend
        if backend is not None:
            backend.close()
