"""``python -m kiosk_app.bench decode``: the decoder pipeline against a bare zxing-cpp call.

In one run on the same pictures it measures, per picture, whether a bare
``zxingcpp.read_barcodes`` call and the project's :class:`Scanner` return the expected payload,
and how long each took (opening the picture included for both). Pictures:

* every image under ``--images DIR`` (default: the repository's ``tests/data/corpus/images``)
  that has its expected payload beside it (``NAME.bin``, ``NAME.txt`` or
  ``NAME.expected-pdf417.txt``);
* the same corpus pictures turned by a few tilts (``--no-tilted-corpus`` to skip);
* the synthetic degraded cards of :mod:`kiosk_app.bench.synthetic`, including one 12 MP photo
  (``--no-synthetic``, ``--no-large`` to skip);
* the camera-grade sets of :mod:`kiosk_app.bench.camera_grade` (defocus, motion blur,
  perspective, small symbols, each at several strengths, on ``--licences N`` corpus licences;
  ``--no-camera-sets`` to skip, ``--camera-only`` to run only them), reported per set, and
  the bad-day sets (glare band, defocus of a whole module, strong perspective turned 20
  degrees, and the other conditions of a desk camera's bad day: ``--no-bad-day`` to skip,
  ``--bad-day-only`` to run only them), each with read/total, median, 95th percentile and
  worst time for the pipeline and the bare call;
  then the time to "not a licence" and "no barcode", and the time to give up on unreadable
  1080p pictures with its median and worst (``--no-refusals`` skips both), the simulated
  live stream's time to auto-capture (``--no-live``), and the time to auto-capture through
  real demo videos of degraded cards played into the camera path
  (:mod:`kiosk_app.bench.live_video`, ``--no-live-video``; one video per degradation and
  licence, ``--video-licences N``, 3 by default); ``--live-only`` runs just these two.

``--give-up-only`` prints just the give-up times at 1080p, ``--defocus-sweep`` just the
defocus sweep (sigma against module size, ``--licences`` per cell), and ``--cpu-time`` times
every decode, and runs the scanner's budgets, on the decoding thread's CPU time: on a shared
machine the wall clock also counts the waits for a core, which cut steps a kiosk runs.

AAMVA pictures are judged with the default AAMVA checks (the structural one on a clean-up step's
read too), generic PDF417 samples with "accept anything". A payload other than the expected one
is a wrong read, counted apart from the misses with the attempt that made it. A last row shows
what the angle correction gains on the tilted pictures (the pipeline with and without it).
Payloads are never printed.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import zxingcpp
from PIL import Image

from kiosk_app.barcode.decode import FILE_BUDGET_S, GIVE_UP_S, Scanner
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.barcode.picture_limits import MAX_FILE_BYTES, OPENED_FORMATS
from kiosk_app.bench import camera_grade, synthetic
from kiosk_app.files import read_regular_file

if TYPE_CHECKING:
    from kiosk_app.bench.live_video import VideoFigure

Clock = Callable[[], float]
DEFAULT_IMAGES = Path(__file__).resolve().parents[2] / "tests" / "data" / "corpus" / "images"
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".bmp", ".tif", ".tiff", ".gif"}
CORPUS_TILTS = (-22.0, 12.0)
# Corpus pictures smaller than this (long side) are tiny renders; tilting them is not a test.
MIN_TILT_SIDE = 400


@dataclass
class Sample:
    """One benchmark picture: encoded bytes, the expected payload and how to judge it."""

    name: str
    group: str
    data: bytes
    expected: bytes
    aamva: bool
    tilted: bool = False
    camera_set: str | None = None


@dataclass
class Outcome:
    """Per picture: read or not and seconds, for each method; the pipeline's wrong reads
    (a payload other than the expected one) and the attempt that made each."""

    sample: Sample
    read: dict[str, bool] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    wrong: dict[str, str] = field(default_factory=dict)


def main(argv: list[str]) -> int:
    """Run the benchmark and print its table; returns 0."""
    args = _parser().parse_args(argv)
    clock = time.thread_time if args.cpu_time else time.perf_counter
    if args.defocus_sweep:
        _print_sweep(camera_grade.defocus_sweep(args.licences, args.budget, clock))
        return 0
    if args.give_up_only:
        report: dict[str, object] = {"give_up_1080p": _give_up_rows(args.budget, clock)}
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            _print_extras(report)
        return 0
    samples = [] if args.live_only else list(_samples(args))
    outcomes = [_measure(sample, args.budget, clock) for sample in samples]
    tilted = [outcome for outcome in outcomes if outcome.sample.tilted]
    for outcome in tilted:
        _measure_without_deskew(outcome, args.budget, clock)
    report = _report(outcomes)
    if not args.no_refusals and not args.live_only:
        report["refusals"] = [
            {"picture": r.name, "outcome": r.outcome, "ms": round(r.seconds * 1000.0, 1)}
            for r in camera_grade.refusal_figures(args.budget, clock)
        ]
        report["give_up_1080p"] = _give_up_rows(args.budget, clock)
    if not args.no_live:
        payload = camera_grade.licence_payloads(1)[0]
        report["live"] = [
            {
                "stream": f.name,
                "capture_s": None if f.capture_s is None else round(f.capture_s, 2),
                "decodes": f.decodes,
                "median_decode_ms": f.median_decode_ms,
            }
            for f in camera_grade.live_figures(payload)
        ]
    if not args.no_live_video:
        from kiosk_app.bench import live_video  # Qt multimedia: only when asked for

        payloads = camera_grade.licence_payloads(args.video_licences)
        figures = live_video.video_figures(payloads)
        report["live_video"] = [_video_row(name, figures) for name in live_video.LIVE_VIDEO_CASES]
    if args.json:
        print(json.dumps(report, indent=2))
    elif args.live_only:
        _print_extras(report)
    else:
        _print_report(report)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m kiosk_app.bench decode")
    parser.add_argument("--images", type=Path, default=DEFAULT_IMAGES, help="corpus folder")
    parser.add_argument("--no-synthetic", action="store_true", help="skip the synthetic cards")
    parser.add_argument("--no-large", action="store_true", help="skip the 12 MP photo")
    parser.add_argument("--no-tilted-corpus", action="store_true", help="skip tilted corpus")
    parser.add_argument("--no-camera-sets", action="store_true", help="skip camera-grade sets")
    parser.add_argument("--camera-only", action="store_true", help="only the camera-grade sets")
    parser.add_argument(
        "--bad-day-only", action="store_true", help="only the bad-day camera-grade sets"
    )
    parser.add_argument("--no-bad-day", action="store_true", help="skip the bad-day sets")
    parser.add_argument(
        "--licences", type=int, default=camera_grade.DEFAULT_LICENCES, help="licences per set"
    )
    parser.add_argument("--no-refusals", action="store_true", help="skip not-licence/no-barcode")
    parser.add_argument("--no-live", action="store_true", help="skip the simulated live stream")
    parser.add_argument(
        "--no-live-video", action="store_true", help="skip the demo videos through the camera"
    )
    parser.add_argument(
        "--live-only", action="store_true", help="only the live stream and the demo videos"
    )
    parser.add_argument(
        "--video-licences", type=int, default=3, help="licences per demo video degradation"
    )
    parser.add_argument(
        "--give-up-only", action="store_true", help="only the give-up times at 1080p"
    )
    parser.add_argument(
        "--defocus-sweep",
        action="store_true",
        help="only the defocus sweep: sigma against module size (--licences per cell)",
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time decodes and their budgets by the thread's CPU time (a shared machine's "
        "waiting for a core left out)",
    )
    parser.add_argument("--budget", type=float, default=FILE_BUDGET_S, help="scanner budget (s)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def _samples(args: argparse.Namespace) -> Iterator[Sample]:
    """Every benchmark picture, corpus first."""
    if not args.camera_only and not args.bad_day_only:
        corpus = list(_corpus_samples(args.images)) if args.images.is_dir() else []
        yield from corpus
        if not args.no_tilted_corpus:
            yield from _tilted(corpus)
        if not args.no_synthetic:
            yield from _synthetic_samples(large=not args.no_large)
    if args.camera_only or args.bad_day_only or not args.no_camera_sets:
        samples = camera_grade.set_samples(
            args.licences, earlier=not args.bad_day_only, bad_day=not args.no_bad_day
        )
        for sample in samples:
            yield Sample(
                name=f"camera {sample.name}",
                group=f"camera-{sample.kind}",
                data=sample.data,
                expected=sample.expected,
                aamva=True,
                tilted="tilt" in sample.name,
                camera_set=sample.name,
            )


def _corpus_samples(folder: Path) -> Iterator[Sample]:
    """Corpus pictures with an expected payload beside them."""
    for path in sorted(folder.rglob("*")):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        expected = _expected_payload(path)
        if expected is None:
            continue
        yield Sample(
            name=str(path.relative_to(folder)),
            group="corpus",
            data=read_regular_file(path, MAX_FILE_BYTES),
            expected=expected,
            aamva=_looks_like_aamva(expected),
        )


def _expected_payload(image: Path) -> bytes | None:
    """The payload stored beside ``image``, if any."""
    for suffix in (".bin", ".txt", ".expected-pdf417.txt"):
        candidate = image.with_name(image.stem + suffix)
        if candidate.is_file():
            return read_regular_file(candidate, MAX_FILE_BYTES)
    return None


def _tilted(corpus: list[Sample]) -> Iterator[Sample]:
    """Large enough corpus pictures turned by each of :data:`CORPUS_TILTS` (saved as PNG)."""
    for sample in corpus:
        with Image.open(io.BytesIO(sample.data), formats=OPENED_FORMATS) as opened:
            image = opened.convert("RGB")
        if max(image.size) < MIN_TILT_SIDE:
            continue
        for degrees in CORPUS_TILTS:
            turned = image.rotate(
                degrees, resample=Image.Resampling.BILINEAR, expand=True, fillcolor="white"
            )
            yield Sample(
                name=f"{sample.name} tilt{degrees:+g}",
                group="corpus-tilted",
                data=_png(turned),
                expected=sample.expected,
                aamva=sample.aamva,
                tilted=True,
            )


def _synthetic_samples(large: bool) -> Iterator[Sample]:
    """The degraded synthetic cards (PNG, or JPEG where the case is about JPEG)."""
    cases = list(synthetic.synthetic_cases(synthetic.SAMPLE_PAYLOAD))
    if large:
        cases.append(synthetic.twelve_mp_case(synthetic.SAMPLE_PAYLOAD))
    for case in cases:
        image = Image.fromarray(case.pixels)
        data = _jpeg(image) if case.kind in ("jpeg", "large-photo") else _png(image)
        yield Sample(
            name=f"synthetic {case.name}",
            group=f"synthetic-{case.kind}",
            data=data,
            expected=synthetic.SAMPLE_PAYLOAD,
            aamva=True,
            tilted=case.kind == "tilt" or "tilt" in case.name,
        )


def _measure(sample: Sample, budget: float, clock: Clock) -> Outcome:
    """Time the bare call and the pipeline on one picture."""
    outcome = Outcome(sample)
    outcome.read["bare"], outcome.seconds["bare"] = _timed(lambda: _bare_read(sample), clock)
    scanner = Scanner(
        accept=_accept_for(sample), budget_s=budget, confirm=_confirm_for(sample), clock=clock
    )
    outcome.read["pipeline"], outcome.seconds["pipeline"] = _timed(
        lambda: _pipeline_read(scanner, sample, outcome.wrong, "pipeline"), clock
    )
    return outcome


def _measure_without_deskew(outcome: Outcome, budget: float, clock: Clock) -> None:
    """The pipeline with the angle correction turned off (for the deskew-gain row)."""
    sample = outcome.sample
    scanner = Scanner(
        accept=_accept_for(sample),
        budget_s=budget,
        deskew=False,
        confirm=_confirm_for(sample),
        clock=clock,
    )
    read, seconds = _timed(
        lambda: _pipeline_read(scanner, sample, outcome.wrong, "no-deskew"), clock
    )
    outcome.read["no-deskew"], outcome.seconds["no-deskew"] = read, seconds


def _timed(read: Callable[[], bool], clock: Clock) -> tuple[bool, float]:
    started = clock()
    result = read()
    return result, clock() - started


def _bare_read(sample: Sample) -> bool:
    """What an application without the pipeline does: open, read all formats, defaults."""
    with Image.open(io.BytesIO(sample.data), formats=OPENED_FORMATS) as image:
        results = zxingcpp.read_barcodes(image)
    return any(result.bytes == sample.expected for result in results)


def _pipeline_read(scanner: Scanner, sample: Sample, wrong: dict[str, str], method: str) -> bool:
    """Whether the scanner reads the expected payload; a payload other than that one (a
    misread the AAMVA check let through) is noted in ``wrong`` with the attempt that made it."""
    try:
        payload = scanner.decode_bytes(sample.data).payload
    except BarcodeError:
        return False
    if payload != sample.expected:
        wrong[method] = scanner.last_attempt or "?"
    return payload == sample.expected


def _accept_for(sample: Sample) -> Callable[[bytes], bool]:
    if sample.aamva:
        return _looks_like_aamva
    return lambda payload: True


def _confirm_for(sample: Sample) -> Callable[[bytes], bool]:
    """The scanner's own check of a clean-up step's read for licences, none for the others."""
    if sample.aamva:
        from kiosk_app.barcode.aamva import well_formed_aamva

        return well_formed_aamva
    return lambda payload: True


def _looks_like_aamva(payload: bytes) -> bool:
    from kiosk_app.barcode.aamva import looks_like_aamva

    return looks_like_aamva(payload)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def _jpeg(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=85)
    return buffer.getvalue()


def _stats(outcomes: list[Outcome], method: str) -> dict[str, object]:
    """Read count, rate and median/p95 milliseconds of one method over some pictures."""
    timed = [o for o in outcomes if method in o.seconds]
    millis = [o.seconds[method] * 1000.0 for o in timed]
    read = sum(o.read[method] for o in timed)
    return {
        "images": len(timed),
        "read": read,
        "wrong": sum(method in o.wrong for o in timed),
        "rate": round(read / len(timed), 3) if timed else None,
        "median_ms": round(statistics.median(millis), 1) if millis else None,
        "p95_ms": round(float(np.percentile(millis, 95)), 1) if millis else None,
        "max_ms": round(max(millis), 1) if millis else None,
    }


def _report(outcomes: list[Outcome]) -> dict[str, object]:
    """The figures: per group and overall, plus the targets."""
    groups: dict[str, list[Outcome]] = {"all": outcomes}
    for outcome in outcomes:
        groups.setdefault(outcome.sample.group, []).append(outcome)
    tilted = [o for o in outcomes if o.sample.tilted]
    bare_read = [o for o in outcomes if o.read["bare"]]
    bare_missed = [o for o in outcomes if not o.read["bare"]]
    median_bare = _stats(bare_read, "bare")["median_ms"]
    median_pipe = _stats(bare_read, "pipeline")["median_ms"]
    ratio = None
    if isinstance(median_bare, float) and isinstance(median_pipe, float) and median_bare > 0:
        ratio = round(median_pipe / median_bare, 2)
    sets: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        if outcome.sample.camera_set is not None:
            sets.setdefault(outcome.sample.camera_set, []).append(outcome)
    return {
        "camera_sets": {
            name: {method: _stats(items, method) for method in ("bare", "pipeline")}
            for name, items in sets.items()
        },
        "groups": {
            name: {method: _stats(items, method) for method in ("bare", "pipeline")}
            for name, items in groups.items()
        },
        "deskew_gain_on_tilted": {
            method: _stats(tilted, method) for method in ("bare", "no-deskew", "pipeline")
        },
        "targets": {
            "bare_reads": len(bare_read),
            "pipeline_reads_of_those": sum(o.read["pipeline"] for o in bare_read),
            "bare_misses": len(bare_missed),
            "pipeline_rescues_of_those": sum(o.read["pipeline"] for o in bare_missed),
            "median_ms_where_bare_reads": {"bare": median_bare, "pipeline": median_pipe},
            "median_ratio": ratio,
        },
        "missed_by_pipeline": [
            o.sample.name for o in outcomes if not o.read["pipeline"] and "pipeline" not in o.wrong
        ],
        "wrong_by_pipeline": [
            f"{o.sample.name} ({o.wrong['pipeline']})" for o in outcomes if "pipeline" in o.wrong
        ],
        "regressions": [o.sample.name for o in bare_read if not o.read["pipeline"]],
    }


def _print_report(report: dict[str, object]) -> None:
    """The report as a plain-text table."""
    header = (
        f"{'pictures':<26}{'method':<11}{'read':>10}{'rate':>8}{'wrong':>7}"
        f"{'median ms':>11}{'p95 ms':>9}"
    )
    print(header)
    print("-" * len(header))
    groups = report["groups"]
    assert isinstance(groups, dict)
    for name, methods in groups.items():
        for method, stats in methods.items():
            print(_row(name, method, stats))
    _print_camera_sets(report)
    gain = report["deskew_gain_on_tilted"]
    assert isinstance(gain, dict)
    print("-" * len(header))
    for method, stats in gain.items():
        print(_row("tilted (deskew gain)", method, stats))
    print("-" * len(header))
    targets = report["targets"]
    assert isinstance(targets, dict)
    medians = targets["median_ms_where_bare_reads"]
    print(
        f"bare call reads {targets['bare_reads']}; pipeline reads "
        f"{targets['pipeline_reads_of_those']} of them (target: all)"
    )
    print(
        f"bare call misses {targets['bare_misses']}; pipeline reads "
        f"{targets['pipeline_rescues_of_those']} of them (target: most)"
    )
    print(
        f"median on pictures the bare call reads: bare {medians['bare']} ms, pipeline "
        f"{medians['pipeline']} ms, ratio {targets['median_ratio']} (target: <= 1.5)"
    )
    for label in ("regressions", "missed_by_pipeline", "wrong_by_pipeline"):
        names = report[label]
        assert isinstance(names, list)
        print(f"{label.replace('_', ' ')}: {', '.join(names) if names else 'none'}")
    _print_extras(report)


def _give_up_rows(budget: float, clock: Clock) -> list[dict[str, object]]:
    """The give-up times on unreadable 1080p pictures, one row each."""
    return [
        {
            "picture": r.name,
            "outcome": r.outcome,
            "ms": round(r.seconds * 1000.0, 1),
            "cpu_ms": round(r.cpu_seconds * 1000.0, 1),
        }
        for r in camera_grade.give_up_figures(budget, clock)
    ]


def _print_sweep(cells: list[camera_grade.SweepCell]) -> None:
    """The defocus sweep: one line per module size, read/total per sigma, and the largest
    sigma read on every licence and on any."""
    sigmas = camera_grade.SWEEP_SIGMA_MODULES
    print(f"{'sigma (modules)':<18}" + "".join(f"{s:>7}" for s in sigmas) + "  largest read")
    for module_px in camera_grade.SWEEP_MODULE_PX:
        row = {c.sigma_modules: c for c in cells if c.module_px == module_px}
        marks = []
        for sigma in sigmas:
            cell = row.get(sigma)
            mark = "-" if cell is None else f"{cell.read}/{cell.total}"
            marks.append(mark + ("!" if cell is not None and cell.wrong else ""))
        every = [c.sigma_modules for c in row.values() if c.read == c.total]
        some = [c.sigma_modules for c in row.values() if c.read]
        print(
            f"{f'{module_px} px/module':<18}"
            + "".join(f"{m:>7}" for m in marks)
            + f"  all {max(every, default=0.0)}, any {max(some, default=0.0)}"
        )
    wrong = sum(c.wrong for c in cells)
    print(f"wrong reads: {wrong} ('!' marks a cell with one)")


def _print_camera_sets(report: dict[str, object]) -> None:
    """The camera-grade sets, one line each: bare and pipeline side by side."""
    sets = report["camera_sets"]
    assert isinstance(sets, dict)
    if not sets:
        return
    print()
    width = max(len("camera-grade set"), *(len(name) for name in sets)) + 2
    print(
        f"{'camera-grade set':<{width}}{'bare':>7}{'pipeline':>10}{'wrong':>7}"
        f"{'median ms':>11}{'p95 ms':>9}{'worst ms':>10}{'bare median':>13}{'bare p95':>10}"
        f"{'bare worst':>12}"
    )
    for name, methods in sets.items():
        bare, pipe = methods["bare"], methods["pipeline"]
        print(
            f"{name:<{width}}{bare['read']:>3}/{bare['images']:<3}{pipe['read']:>6}/{pipe['images']:<3}"
            f"{pipe['wrong']:>7}{pipe['median_ms']:>11}{pipe['p95_ms']:>9}{pipe['max_ms']:>10}"
            f"{bare['median_ms']:>13}{bare['p95_ms']:>10}{bare['max_ms']:>12}"
        )
    print()


def _print_extras(report: dict[str, object]) -> None:
    """Time to "not a licence" / "no barcode", and the live stream's time to capture."""
    refusals = report.get("refusals")
    if isinstance(refusals, list):
        print()
        print(f"{'wrong or no barcode':<30}{'answer':<16}{'ms':>8}")
        for item in refusals:
            print(f"{item['picture']:<30}{item['outcome']:<16}{item['ms']:>8}")
    give_up = report.get("give_up_1080p")
    if isinstance(give_up, list) and give_up:
        print()
        print(f"{'unreadable 1080p picture':<36}{'answer':<16}{'ms':>8}{'CPU ms':>8}")
        for item in give_up:
            print(f"{item['picture']:<36}{item['outcome']:<16}{item['ms']:>8}{item['cpu_ms']:>8}")
        times = [float(item["ms"]) for item in give_up]
        cpu = [float(item["cpu_ms"]) for item in give_up]
        print(
            f"given up at 1080p: median {statistics.median(times):.0f} ms, "
            f"worst {max(times):.0f} ms (CPU: median {statistics.median(cpu):.0f} ms, "
            f"worst {max(cpu):.0f} ms; target {GIVE_UP_S * 1000:.0f} ms)"
        )
    live = report.get("live")
    if isinstance(live, list):
        print()
        print(f"{'live stream (30 fps)':<30}{'capture s':>10}{'decodes':>9}{'median ms':>11}")
        for item in live:
            capture = "none" if item["capture_s"] is None else item["capture_s"]
            print(
                f"{item['stream']:<30}{capture:>10}{item['decodes']:>9}"
                f"{item['median_decode_ms']:>11}"
            )
    videos = report.get("live_video")
    if isinstance(videos, list):
        print()
        print(
            f"{'demo video (camera path)':<30}{'captured':>10}{'median s':>10}{'max s':>8}"
            f"{'wrong':>7}"
        )
        for item in videos:
            median = "-" if item["median_s"] is None else item["median_s"]
            longest = "-" if item["max_s"] is None else item["max_s"]
            print(
                f"{item['video']:<30}{item['captured']:>10}{median:>10}{longest:>8}"
                f"{item['wrong_payload']:>7}"
            )


def _video_row(name: str, figures: list[VideoFigure]) -> dict[str, object]:
    """One degradation's demo videos (one per licence): captures with the right payload and
    the times from the first card frame to them."""
    mine = [f for f in figures if f.name == name]
    times = sorted(f.capture_s for f in mine if f.capture_s is not None and f.right_payload)
    return {
        "video": name,
        "captured": f"{len(times)}/{len(mine)}",
        "median_s": round(statistics.median(times), 2) if times else None,
        "max_s": round(times[-1], 2) if times else None,
        "wrong_payload": sum(1 for f in mine if f.capture_s is not None and not f.right_payload),
    }


def _row(name: str, method: str, stats: dict[str, object]) -> str:
    read = f"{stats['read']}/{stats['images']}"
    rate = f"{stats['rate']:.0%}" if isinstance(stats["rate"], float) else "-"
    return (
        f"{name:<26}{method:<11}{read:>10}{rate:>8}{stats['wrong']:>7}"
        f"{stats['median_ms'] or '-':>11}{stats['p95_ms'] or '-':>9}"
    )
