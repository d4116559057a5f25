"""Feedback: three distinct sounds (scan, pass, failure) that follow the real flow, switch off with
Settings.sounds and stay silent without an audio device; verdict colours that stay apart under
simulated colour-vision deficiencies."""

from __future__ import annotations

import itertools
import wave
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QPalette
from PySide6.QtMultimedia import QSoundEffect

from kiosk_app.app import tones
from kiosk_app.app.feedback import Cue, SoundFeedback, audio_server_reachable, sound_path
from kiosk_app.config import Settings
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import Verdict
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui import theme
from tests.support.contrast import contrast_ratio
from tests.support.gui import WindowFactory
from tests.support.qt import TIMEOUT_MS, run_sample, wait_stage

# --- the sound files ---------------------------------------------------------------------------


def _samples(path: Path) -> tuple[wave._wave_params, np.ndarray]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        frames = wav.readframes(params.nframes)
    return params, np.frombuffer(frames, dtype="<i2").astype(np.int32)


def _dominant_hz(samples: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    return float(np.argmax(spectrum) * tones.RATE / len(samples))


def test_committed_sounds_are_the_generators_output(tmp_path: Path) -> None:
    written = tones.write_all(tmp_path)
    assert [p.name for p in written] == ["scan.wav", "pass.wav", "fail.wav"]
    for fresh in written:
        committed = sound_path(Cue(fresh.stem))
        assert committed.is_file(), "resources/sounds/*.wav are packaged"
        params, ours = _samples(committed)
        _fresh_params, theirs = _samples(fresh)
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44_100)
        assert len(ours) == len(theirs)
        # Allow one step of rounding difference between C maths libraries.
        assert int(np.max(np.abs(ours - theirs))) <= 1


def test_the_three_cues_differ_in_pitch_and_length() -> None:
    found = {}
    for cue in Cue:
        params, samples = _samples(sound_path(cue))
        seconds = params.nframes / params.framerate
        assert 0.05 <= seconds <= 0.5, "short cues"
        assert 3000 < int(np.max(np.abs(samples))) < 32767, "audible, not clipped"
        found[cue] = (_dominant_hz(samples), seconds)
    scan_hz, pass_hz, fail_hz = (found[c][0] for c in (Cue.SCAN, Cue.PASS, Cue.FAIL))
    assert fail_hz < 300 < pass_hz < 1400 < scan_hz
    lengths = sorted(found[c][1] for c in Cue)
    assert lengths[0] < lengths[1] < lengths[2]


# --- following the flow ------------------------------------------------------------------------


def _cues(feedback: SoundFeedback) -> list[str]:
    heard: list[str] = []
    feedback.cue_requested.connect(heard.append)
    return heard


def test_scan_pass_and_failure_cues_follow_the_flow(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(auto_check_on_scan=True)
    heard = _cues(window.core.feedback)
    window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    wait_stage(qtbot, window, Stage.RESULT)
    assert heard == ["scan", "pass"]

    heard.clear()
    window.session.wipe()
    window.session.submit_payload(SAMPLES_BY_KEY["signature-revoked"].payload)
    wait_stage(qtbot, window, Stage.RESULT)
    assert heard == ["scan", "fail"]

    heard.clear()
    run_sample(qtbot, window, "canada-flagged")
    assert heard == ["fail"]  # Flagged asks the clerk to look too

    heard.clear()
    window.core.files.image_captured.emit(b"not a picture")
    wait_stage(qtbot, window, Stage.ERROR)
    assert heard == ["fail"]


def test_sounds_setting_turns_the_cues_off_at_once(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(auto_check_on_scan=True)
    heard = _cues(window.core.feedback)
    quiet = window.core.settings.model_copy(update={"sounds": False})
    window.core.apply_settings(quiet)
    assert window.core.feedback.enabled is False
    window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    wait_stage(qtbot, window, Stage.RESULT)
    assert heard == []
    assert window.core.feedback.play(Cue.PASS) is False


def test_without_an_audio_device_nothing_is_played_and_qt_is_not_asked(qtbot: Any) -> None:
    asked: list[str] = []

    def outputs() -> int:
        asked.append("qt")
        return 0

    feedback = SoundFeedback(True, server_reachable=lambda: False, audio_outputs=outputs)
    heard = _cues(feedback)
    assert feedback.play(Cue.SCAN) is False
    assert heard == ["scan"] and feedback.played == 0 and asked == []
    assert feedback.findChildren(object) == []  # type: ignore[type-var]  # no QSoundEffect made

    no_outputs = SoundFeedback(True, server_reachable=lambda: True, audio_outputs=outputs)
    assert no_outputs.play(Cue.FAIL) is False and asked == ["qt"]
    feedback.deleteLater()
    no_outputs.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_audio_server_detection(tmp_path: Path) -> None:
    assert audio_server_reachable({}, "win32") is True
    assert audio_server_reachable({"PULSE_SERVER": "tcp:host"}, "linux") is True
    runtime = tmp_path / "run"
    (runtime / "pulse").mkdir(parents=True)
    env = {"XDG_RUNTIME_DIR": str(runtime)}
    if not Path("/run/pulse/native").exists():  # a system-wide server would answer anyway
        assert audio_server_reachable(env, "linux") is False
    (runtime / "pulse" / "native").touch()
    assert audio_server_reachable(env, "linux") is True


@pytest.mark.qt_log_ignore("PulseAudioService", "QSoundEffect", "pa_context")
def test_with_a_device_the_packaged_sound_is_played(qtbot: Any) -> None:
    feedback = SoundFeedback(True, server_reachable=lambda: True, audio_outputs=lambda: 1)
    assert feedback.play(Cue.PASS) is True and feedback.played == 1
    effect = feedback._effects[Cue.PASS]
    assert Path(effect.source().toLocalFile()) == sound_path(Cue.PASS)
    assert feedback.play(Cue.PASS) is True and len(feedback._effects) == 1  # made once
    # Let loading finish inside this test (a machine without audio reports it as an error).
    settled = (QSoundEffect.Status.Ready, QSoundEffect.Status.Error)
    qtbot.waitUntil(lambda: effect.status() in settled, timeout=TIMEOUT_MS)
    feedback.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


# --- colours -----------------------------------------------------------------------------------

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
CVD_MATRICES: dict[str, np.ndarray] = {
    "normal": np.eye(3),
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
    "tritanopia": np.array(
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]
    ),
}
MIN_DELTA_E = 30.0  # CIE76; about 2.3 is "just noticeable", 30+ reads as another colour
MIN_TEXT_CONTRAST = 4.5  # WCAG AA for the banner's words


def _linear(hex_colour: str) -> np.ndarray:
    rgb = np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]) / 255
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def _lab(linear_rgb: np.ndarray) -> np.ndarray:
    to_xyz = np.array(
        [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
    )
    xyz = to_xyz @ np.clip(linear_rgb, 0, 1) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def closest_pair(colours: dict[str, str]) -> tuple[float, str, str, str]:
    """The smallest CIE76 difference between any two colours under any simulated vision."""
    worst = (float("inf"), "", "", "")
    for vision, matrix in CVD_MATRICES.items():
        labs = {name: _lab(matrix @ _linear(c)) for name, c in colours.items()}
        for a, b in itertools.combinations(labs, 2):
            delta = float(np.linalg.norm(labs[a] - labs[b]))
            worst = min(worst, (delta, vision, a, b))
    return worst


def test_verdict_colours_stay_apart_for_colour_vision_deficiencies() -> None:
    colours = {v.value: look.background for v, look in theme.VERDICT_LOOKS.items()}
    delta, vision, a, b = closest_pair(colours)
    assert delta >= MIN_DELTA_E, f"{a} and {b} look alike under {vision} (ΔE {delta:.0f})"


def test_the_check_rejects_a_plain_red_green_palette() -> None:
    # The former palette: green and red that protanopes and deuteranopes barely tell apart.
    delta, vision, *_pair = closest_pair(
        {"passed": "#1a7f37", "failed": "#c62828", "flagged": "#f2a900", "undefined": "#4b5563"}
    )
    assert delta < MIN_DELTA_E and vision in ("protanopia", "deuteranopia")


def test_banner_words_are_readable_on_every_verdict_colour() -> None:
    for verdict, look in theme.VERDICT_LOOKS.items():
        assert contrast_ratio(look.foreground, look.background) >= MIN_TEXT_CONTRAST, verdict
        sheet = theme.stylesheet()
        assert f'[verdict="{look.key}"] {{ background: {look.background}; }}' in sheet


def test_banner_words_take_each_verdict_colour_in_turn(
    qtbot: Any, make_window: WindowFactory
) -> None:
    # The banner is reused: its words must be re-styled for every verdict, not keep the first.
    window = make_window()
    for key, verdict in (
        ("signature-valid", Verdict.PASSED),
        ("signature-unreadable", Verdict.UNDEFINED),
        ("canada-flagged", Verdict.FLAGGED),
        ("signature-revoked", Verdict.FAILED),
    ):
        window.session.wipe()
        if SAMPLES_BY_KEY[key].check == "canada":
            run_sample(qtbot, window, key)
        else:
            window.session.try_sample(key)
            wait_stage(qtbot, window, Stage.RESULT)
        banner = window.result.banner
        assert banner.verdict is verdict
        colour = banner.title.palette().color(QPalette.ColorRole.WindowText).name()
        assert colour == theme.VERDICT_LOOKS[verdict].foreground, key


def test_settings_default_to_sounds_on() -> None:
    assert Settings.model_fields["sounds"].default is True
