"""Short sounds for the clerk: a scan was read, a check passed, a check needs attention.

Three cues, distinct in pitch and rhythm (``resources/sounds/*.wav``, made by
:mod:`kiosk_app.app.tones`), played with Qt Multimedia's ``QSoundEffect``:

* **scan** — one short high blip when a barcode or picture was read;
* **pass** — a rising two-note chime when the verdict is Passed;
* **fail** — a low double buzz for every other ending (Failed, Flagged, Could not verify,
  the Error screen): "look at the screen".

``Settings.sounds`` turns them on or off (the admin settings apply at once). Without an audio
device the kiosk stays silent: on Linux, Qt plays audio only through PipeWire or PulseAudio, so
when neither server is reachable Qt is not asked at all (asking prints warnings); elsewhere the
list of audio outputs is checked before each cue.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, QUrl, Signal, Slot

from kiosk_app.kinds import Verdict

if TYPE_CHECKING:
    from PySide6.QtMultimedia import QSoundEffect

    from kiosk_app.app.session import Session
    from kiosk_app.config import Settings
    from kiosk_app.flow.models import ResultView

RESOURCE_PACKAGE: Final = "kiosk_app.resources"
VOLUME: Final = 0.8


class Cue(StrEnum):
    """The three sounds."""

    SCAN = "scan"
    PASS = "pass"  # noqa: S105 - a sound, not a password
    FAIL = "fail"


def sound_path(cue: Cue) -> Path:
    """The WAV file of ``cue`` inside the package (``resources/sounds/<cue>.wav``)."""
    return Path(str(resources.files(RESOURCE_PACKAGE).joinpath("sounds", f"{cue.value}.wav")))


def cue_for_verdict(verdict: Verdict) -> Cue:
    """Passed sounds the pass cue; everything else asks the clerk to look (fail cue)."""
    return Cue.PASS if verdict is Verdict.PASSED else Cue.FAIL


def audio_server_reachable(
    environ: Mapping[str, str] | None = None, platform: str | None = None
) -> bool:
    """False on Linux when no PipeWire or PulseAudio server is there to play through."""
    env = os.environ if environ is None else environ
    if not (platform or sys.platform).startswith("linux"):
        return True
    if env.get("PULSE_SERVER") or env.get("PIPEWIRE_REMOTE"):
        return True
    runtime = env.get("XDG_RUNTIME_DIR", "")
    sockets = [Path("/run/pulse/native")]  # a system-wide PulseAudio
    if runtime:
        sockets += [Path(runtime) / "pulse" / "native", Path(runtime) / "pipewire-0"]
    return any(p.exists() for p in sockets)


def qt_audio_outputs() -> int:
    """How many audio outputs Qt sees (asks Qt Multimedia)."""
    from PySide6.QtMultimedia import QMediaDevices

    return len(QMediaDevices.audioOutputs())


class SoundFeedback(QObject):
    """Plays the cue for each scan and result while ``enabled``; silent without audio.

    ``cue_requested(str)`` is emitted for every cue the kiosk wants heard (sounds on), whether
    or not a device plays it; ``played`` counts the cues handed to an audio device.
    """

    cue_requested = Signal(str)

    def __init__(
        self,
        enabled: bool = True,
        server_reachable: Callable[[], bool] = audio_server_reachable,
        audio_outputs: Callable[[], int] = qt_audio_outputs,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.enabled = enabled
        self.played = 0
        self._server_reachable = server_reachable
        self._audio_outputs = audio_outputs
        self._effects: dict[Cue, QSoundEffect] = {}

    def follow(self, session: Session) -> None:
        """Sound the session's scans and endings."""
        session.scan_loaded.connect(self._on_scan_loaded)
        session.result_ready.connect(self._on_result)
        session.error_raised.connect(self._on_error)

    @Slot(object)
    def apply_settings(self, settings: Settings) -> None:
        """Follow the admin's sounds on/off setting."""
        self.enabled = settings.sounds

    def can_play(self) -> bool:
        """True when an audio device is there to play on."""
        return self._server_reachable() and self._audio_outputs() > 0

    def play(self, cue: Cue) -> bool:
        """Sound ``cue`` if sounds are on; True when it was handed to an audio device."""
        if not self.enabled:
            return False
        self.cue_requested.emit(cue.value)
        if not self.can_play():
            return False
        self._effect(cue).play()
        self.played += 1
        return True

    def _effect(self, cue: Cue) -> QSoundEffect:
        effect = self._effects.get(cue)
        if effect is None:
            from PySide6.QtMultimedia import QSoundEffect

            effect = QSoundEffect(self)
            effect.setSource(QUrl.fromLocalFile(str(sound_path(cue))))
            effect.setVolume(VOLUME)
            self._effects[cue] = effect
        return effect

    @Slot(bool)
    def _on_scan_loaded(self, loaded: bool) -> None:
        if loaded:
            self.play(Cue.SCAN)

    @Slot(object)
    def _on_result(self, view: ResultView) -> None:
        self.play(cue_for_verdict(view.outcome.verdict))

    @Slot(object)
    def _on_error(self, _report: object) -> None:
        self.play(Cue.FAIL)
