"""The camera benchmark runs end to end (a short run; its speed is not judged here)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from kiosk_app.bench.camera import Heartbeat, run, scenes


def test_short_benchmark_run_reports_consistent_figures(qtbot: QtBot) -> None:
    figures = run(seconds=1.0, fps=30, size=(640, 360), max_side=1280, preview=True)
    assert figures.frame_size == "640x360"
    assert figures.decode_attempts_per_s > 0
    assert figures.max_frames_waiting <= 1
    assert figures.preview_repaints_per_s > 0
    assert figures.longest_gap_ms >= figures.p99_gap_ms > 0
    assert figures.rss_peak_mb >= max(figures.rss_start_mb, figures.rss_end_mb) > 0


def test_scenes_are_a_blank_desk_then_the_card_in_three_poses() -> None:
    frames = scenes((320, 180))
    assert len(frames) == 4
    assert frames[0].std() == 0  # the empty desk
    assert all(frame.shape == (180, 320) and frame.std() > 10 for frame in frames[1:])


def test_heartbeat_percentiles() -> None:
    beat = Heartbeat()
    beat.gaps = [5.0] * 99 + [40.0]
    assert beat.longest() == 40.0
    assert beat.percentile(0.5) == 5.0
