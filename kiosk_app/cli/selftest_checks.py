"""The installation self-test that support asks a desk to run: ``kiosk-app self-test``.

Each check is a :class:`Check`: a name and a function that returns a short detail when the
check passes and raises when it fails. :func:`run_selftest` runs a list of them, prints one
line per check and ``self-test passed`` last, or ``self-test FAILED: <names>`` and a non-zero
status. Tests (and support builds) hand in their own list instead of patching modules.

Everything runs offscreen and touches no network beyond loopback: the end-to-end checks talk
to an embedded simulator on 127.0.0.1 with the public test token. Details never carry personal
data; the sample licences are fictional, and even so no payload or field value is printed.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import sys
import tempfile
import time
import wave
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final, TextIO

EXIT_PASSED: Final = 0
EXIT_FAILED: Final = 1

RESOURCES_PACKAGE: Final = "kiosk_app.resources"
STYLESHEET: Final = "style.qss"
APP_ICON: Final = "icons/app-icon.svg"
# Modules that must be among those found, so an empty or partial walk (a broken bundle) fails.
ESSENTIAL_MODULES: Final = (
    "kiosk_app.api.client",
    "kiosk_app.barcode.aamva",
    "kiosk_app.barcode.decode",
    "kiosk_app.cli.main",
    "kiosk_app.config",
    "kiosk_app.simulator.server",
    "kiosk_app.simulator.samples",
)
# The Qt modules the application uses; a bundle that left one out fails here.
QT_MODULES: Final = (
    "PySide6.QtCore",
    "PySide6.QtGui",
    "PySide6.QtWidgets",
    "PySide6.QtMultimedia",
    "PySide6.QtSerialPort",
    "PySide6.QtSvg",
)
# Image formats Qt must read: photos of the back of a licence, and the SVG icons.
QT_IMAGE_FORMATS: Final = ("jpeg", "png", "svg")
MAX_DETAIL_CHARS: Final = 300


class CheckFailedError(Exception):
    """A check found a problem; the message says what, without personal data."""


@dataclass(frozen=True)
class Check:
    """One named check; ``run`` returns a short detail or raises when the check fails."""

    name: str
    run: Callable[[], str]


@dataclass(frozen=True)
class CheckResult:
    """What one check found."""

    name: str
    passed: bool
    detail: str
    seconds: float

    def line(self) -> str:
        """The line printed for this check."""
        status = "PASS" if self.passed else "FAIL"
        return f"{status}  {self.name}: {self.detail} ({self.seconds:.2f} s)"


def ensure_offscreen() -> None:
    """Run Qt offscreen unless the caller chose a platform (must precede any Qt import)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Qt Multimedia reports optional libraries it did not find (PipeWire, VA-API) on stderr;
    # that is the machine, not a fault, and it would drown the report.
    os.environ.setdefault(
        "QT_LOGGING_RULES", "qt.multimedia.symbolsresolver=false;qt.multimedia.ffmpeg=false"
    )


def run_check(check: Check) -> CheckResult:
    """Run one check, turning any exception into a failed result."""
    started = time.perf_counter()
    try:
        detail = check.run()
        passed = True
    except (Exception, SystemExit) as exc:  # a check must never take the self-test down
        detail = _describe(exc)
        passed = False
    return CheckResult(check.name, passed, detail, time.perf_counter() - started)


def run_selftest(
    checks: Sequence[Check] | None = None, out: TextIO | None = None, *, as_json: bool = False
) -> int:
    """Run ``checks`` (default: :data:`DEFAULT_CHECKS`), print the report, return the status.

    ``as_json``: one JSON document for monitoring instead of the lines (:func:`json_report`).
    """
    stream = out if out is not None else sys.stdout
    ensure_offscreen()
    results = []
    for check in DEFAULT_CHECKS if checks is None else checks:
        result = run_check(check)
        results.append(result)
        if not as_json:
            print(result.line(), file=stream, flush=True)
    failed = [r.name for r in results if not r.passed]
    passed = not failed and bool(results)
    if as_json:
        print(json.dumps(json_report(results, passed), ensure_ascii=True), file=stream)
        return EXIT_PASSED if passed else EXIT_FAILED
    if not passed:
        print(f"self-test FAILED: {', '.join(failed) or 'no checks ran'}", file=stream)
        return EXIT_FAILED
    print("self-test passed", file=stream)
    return EXIT_PASSED


def json_report(results: Sequence[CheckResult], passed: bool) -> dict[str, object]:
    """The self-test for monitoring: version, desk, overall result, and each check."""
    from kiosk_app import __version__
    from kiosk_app.config import default_desk_id, load_settings, managed_file_problems

    try:
        settings = load_settings()
        desk_id, managed = settings.desk_id, [p.key for p in managed_file_problems(settings)]
    except Exception:  # a bad KIOSK_* variable: the report still answers
        desk_id, managed = default_desk_id(), []
    return {
        "passed": passed,
        "version": __version__,
        "desk_id": desk_id,
        "managed_settings_ignored": managed,
        "checks": [
            {"name": r.name, "passed": r.passed, "detail": r.detail, "seconds": round(r.seconds, 3)}
            for r in results
        ],
    }


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}" if not isinstance(exc, CheckFailedError) else str(exc)
    text = " ".join(text.split())
    return text if len(text) <= MAX_DETAIL_CHARS else text[: MAX_DETAIL_CHARS - 1] + "…"


# --- modules ------------------------------------------------------------------------------


def kiosk_module_names() -> list[str]:
    """Every module of the ``kiosk_app`` package (``__main__`` modules excluded: they run)."""
    import kiosk_app

    names = [
        info.name
        for info in pkgutil.walk_packages(kiosk_app.__path__, "kiosk_app.")
        if not info.name.endswith(".__main__")
    ]
    return sorted(set(names))


def check_modules(essential: Sequence[str] = ESSENTIAL_MODULES) -> str:
    """Every module of the application imports, and the ``essential`` ones are among them."""
    names = kiosk_module_names()
    missing = [name for name in essential if name not in names]
    if missing:
        raise CheckFailedError(f"modules not found: {', '.join(missing)}")
    broken = []
    for name in names:
        try:
            importlib.import_module(name)
        except (Exception, SystemExit) as exc:
            broken.append(f"{name} ({type(exc).__name__}: {exc})")
    if broken:
        raise CheckFailedError(f"{len(broken)} of {len(names)} failed: {'; '.join(broken)}")
    return f"{len(names)} modules imported"


# --- Qt -----------------------------------------------------------------------------------


def qt_application() -> Any:
    """The running Qt application, or a new offscreen ``QApplication``."""
    ensure_offscreen()
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(["kiosk-app-self-test"])


def check_qt() -> str:
    """Qt starts, the modules the app uses load and the image formats it needs are there."""
    for name in QT_MODULES:
        importlib.import_module(name)
    app = qt_application()
    from PySide6.QtGui import QImageReader

    formats = {bytes(f.data()).decode() for f in QImageReader.supportedImageFormats()}
    absent = [f for f in QT_IMAGE_FORMATS if f not in formats]
    if absent:
        raise CheckFailedError(f"Qt image formats missing: {', '.join(absent)}")
    media_formats = _media_backend_formats()
    if not media_formats:
        raise CheckFailedError("no Qt Multimedia backend (camera and sounds would not work)")
    return (
        f"Qt {_qt_version()} on '{app.platformName()}', {len(QT_MODULES)} modules, "
        f"media backend with {media_formats} formats"
    )


def check_icu(locale_name: str = "fr_CA") -> str:
    """Qt's ICU data serves French collation (the Linux bundle ships a copy trimmed to root,
    English and French data, packaging/trim_icu.py; a broken copy still loads but answers
    with root data or not at all)."""
    if not sys.platform.startswith("linux"):
        return "not checked: only the Linux bundle ships (trimmed) ICU data"
    qt_application()
    from PySide6.QtCore import QCollator, QLocale

    # French (Canada) compares accents from the end of the word: côte < coté (root: coté first).
    if QCollator(QLocale(locale_name)).compare("côte", "coté") >= 0:
        raise CheckFailedError(f"ICU collation for {locale_name} is wrong (ICU data damaged?)")
    return f"{locale_name} collation from Qt's ICU data"


def _media_backend_formats() -> int:
    """How many container formats the Qt Multimedia backend (FFmpeg plugin) can decode."""
    from PySide6.QtMultimedia import QMediaFormat

    return len(QMediaFormat().supportedFileFormats(QMediaFormat.ConversionMode.Decode))


def _qt_version() -> str:
    from PySide6.QtCore import qVersion

    return str(qVersion())


# --- resources and translations -----------------------------------------------------------


def resource_root() -> Traversable:
    """The application's resources (the top-level ``resources/`` folder, or the bundle's)."""
    return resources.files(RESOURCES_PACKAGE)


def check_resources() -> str:
    """The stylesheet reads and the application icon renders."""
    root = resource_root()
    style = root.joinpath(STYLESHEET).read_text(encoding="utf-8")
    if not style.strip():
        raise CheckFailedError(f"{STYLESHEET} is empty")
    qt_application()
    from PySide6.QtGui import QIcon

    with resources.as_file(root.joinpath(APP_ICON)) as icon_path:
        if not icon_path.is_file():
            raise CheckFailedError(f"{APP_ICON} is missing")
        pixmap = QIcon(str(icon_path)).pixmap(64, 64)
    if pixmap.isNull():
        raise CheckFailedError(f"{APP_ICON} does not render")
    sounds = _check_sounds()
    return f"{STYLESHEET} ({len(style)} chars), {APP_ICON} renders, {sounds} sounds read"


def _check_sounds() -> int:
    """Every feedback cue's WAV file is there and holds audio."""
    from kiosk_app.app.feedback import Cue, sound_path

    for cue in Cue:
        path = sound_path(cue)
        try:
            with wave.open(str(path), "rb") as sound:
                frames = sound.getnframes()
        except (OSError, EOFError, wave.Error) as exc:
            raise CheckFailedError(f"sound {path.name} is unreadable ({exc})") from exc
        if frames == 0:
            raise CheckFailedError(f"sound {path.name} is empty")
    return len(Cue)


def translation_files(folder: Traversable) -> tuple[list[Traversable], list[Traversable]]:
    """The compiled (``.qm``) and source (``.ts``) translations in ``folder``."""
    entries = list(folder.iterdir()) if folder.is_dir() else []
    compiled = sorted((e for e in entries if e.name.endswith(".qm")), key=lambda e: e.name)
    sources = sorted((e for e in entries if e.name.endswith(".ts")), key=lambda e: e.name)
    return compiled, sources


def check_translations(
    folder: Traversable | None = None, require_compiled: bool | None = None
) -> str:
    """Every compiled translation loads; in a build, every ``.ts`` source has its ``.qm``.

    A source checkout may hold ``.ts`` files only (the build compiles them), so there a
    missing ``.qm`` is reported, not failed; ``require_compiled`` defaults to "frozen".
    """
    where = folder if folder is not None else resource_root().joinpath("translations")
    if require_compiled is None:
        require_compiled = bool(getattr(sys, "frozen", False))
    compiled, sources = translation_files(where)
    uncompiled = [s.name for s in sources if s.name[:-3] not in {c.name[:-3] for c in compiled}]
    if uncompiled and require_compiled:
        raise CheckFailedError(f"not compiled to .qm: {', '.join(uncompiled)}")
    note = f"; not compiled in this checkout: {', '.join(uncompiled)}" if uncompiled else ""
    if not compiled:
        return f"none shipped (English only){note}"
    qt_application()
    from PySide6.QtCore import QTranslator

    for entry in compiled:
        with resources.as_file(entry) as path:
            if not QTranslator().load(str(path)):
                raise CheckFailedError(f"{entry.name} does not load")
    qt_own = _qt_own_translations(compiled)
    shown = ", ".join([c.name for c in compiled] + qt_own)
    return f"{len(compiled) + len(qt_own)} loaded: {shown}{note}"


def _qt_own_translations(compiled: Sequence[Traversable]) -> list[str]:
    """Qt's own ``qtbase_<lang>`` (standard dialogs) for each ``kiosk_<lang>.qm``; must load."""
    from PySide6.QtCore import QLibraryInfo, QTranslator

    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    loaded = []
    for entry in compiled:
        language = entry.name.removeprefix("kiosk_").removesuffix(".qm")
        if not entry.name.startswith("kiosk_") or language == "en":
            continue
        if not QTranslator().load(f"qtbase_{language}", qt_dir):
            raise CheckFailedError(f"Qt's own qtbase_{language}.qm is missing from {qt_dir}")
        loaded.append(f"qtbase_{language}.qm")
    return loaded


# --- the barcode pipeline -----------------------------------------------------------------


def check_sample_decode(sample: tuple[str, bytes] | None = None) -> str:
    """A bundled sample image decodes to exactly the payload the simulator made it from.

    ``sample`` is (file name under ``resources/samples``, expected payload); default: the
    simulator's self-test sample.
    """
    from kiosk_app.barcode.decode import Scanner

    return _decode_sample(Scanner().decode_file, sample)


def check_picture_process(
    sample: tuple[str, bytes] | None = None, limiter: Callable[[Any], Any] | None = None
) -> str:
    """The sample decodes in the limited child process too: the way of Open picture, the
    watched folder and ``kiosk-app decode`` (the child starts, gets this system's limits,
    answers). ``limiter`` makes each child's limiter (default: this system's)."""
    from kiosk_app.barcode.child_limits import ChildLimitsError, PictureLimits, platform_limiter
    from kiosk_app.barcode.errors import PictureTooCostlyError
    from kiosk_app.barcode.isolation import (
        PICTURE_CPU_LIMIT_S,
        PICTURE_MEMORY_LIMIT_BYTES,
        IsolatedScanner,
    )

    make = limiter or platform_limiter
    try:  # this system's limits can be had at all (pywin32 on Windows)
        make(PictureLimits(PICTURE_MEMORY_LIMIT_BYTES, PICTURE_CPU_LIMIT_S)).close()
    except ChildLimitsError as exc:
        raise CheckFailedError(f"pictures cannot be decoded in a limited process: {exc}") from exc
    scanner = IsolatedScanner(limiter=make)
    try:
        detail = _decode_sample(scanner.decode_file, sample)
    except PictureTooCostlyError as exc:
        raise CheckFailedError(
            "the limited picture process refused the sample (the log says why)"
        ) from exc
    finally:
        scanner.close()
    return f"{detail} in the limited child process"


def _decode_sample(decode_file: Callable[[Path], Any], sample: tuple[str, bytes] | None) -> str:
    image_name, expected = sample if sample is not None else selftest_sample()
    image = resource_root().joinpath("samples", image_name)
    with resources.as_file(image) as path:
        if not path.is_file():
            raise CheckFailedError(f"sample image samples/{image_name} is missing")
        decoded = decode_file(path)
    payload = bytes(decoded.payload)
    if payload != expected:
        raise CheckFailedError(
            f"samples/{image_name} decoded to {len(payload)} bytes that differ from the "
            f"expected {len(expected)}-byte payload"
        )
    return f"samples/{image_name} -> {len(payload)}-byte payload as expected"


def selftest_sample() -> tuple[str, bytes]:
    """The sample image (a file name under ``resources/samples``) and its expected payload."""
    from kiosk_app.simulator import samples

    sample = samples.SELFTEST_SAMPLE
    return str(sample.image_name), bytes(sample.payload)


# --- end to end through the real client ---------------------------------------------------


@contextmanager
def embedded_simulator() -> Iterator[str]:
    """An embedded simulator on a free loopback port; yields its base URL."""
    from kiosk_app.simulator.server import start_simulator

    handle = start_simulator(port=0)
    try:
        yield str(handle.base_url)
    finally:
        handle.stop()


def check_signature_end_to_end(payload: bytes | None = None) -> str:
    """The simulator answers a digital-signature check through the real client: Passed."""
    payload = payload if payload is not None else selftest_sample()[1]
    with embedded_simulator() as base_url, _client(base_url) as client:
        outcome = client.check_signature(payload).outcome
    return _expect_passed(outcome)


def check_canada_end_to_end() -> str:
    """The simulator answers a Canadian registry check through the real client: Passed."""
    from kiosk_app.api.validation import CanadaCheckInput
    from kiosk_app.simulator import samples

    sample = samples.SELFTEST_CANADA_REQUEST
    if sample is None:
        raise CheckFailedError("the simulator has no Canadian self-test sample")
    request = CanadaCheckInput(
        licence_number=sample.licence_number,
        date_of_birth=sample.date_of_birth,
        province=sample.province,
        licence_class=sample.licence_class,
    )
    with embedded_simulator() as base_url, _client(base_url) as client:
        outcome = client.check_canada(request).outcome
    return _expect_passed(outcome)


def _client(base_url: str) -> Any:
    from kiosk_app.api.client import VerificationClient
    from kiosk_app.api.constants import TEST_TOKEN

    return VerificationClient(base_url=base_url, token=TEST_TOKEN)


def _expect_passed(outcome: Any) -> str:
    from kiosk_app.kinds import Verdict

    if outcome.verdict is not Verdict.PASSED:
        raise CheckFailedError(f"verdict {outcome.verdict}, expected {Verdict.PASSED}")
    return f"verdict {outcome.verdict}, request log id {outcome.request_log_id}"


# --- the machine --------------------------------------------------------------------------


def check_directories(directories: Sequence[tuple[str, Path]] | None = None) -> str:
    """The config, data and log directories exist (or can be made) and take a file."""
    from kiosk_app import paths

    shown = []
    for label, directory in directories or (
        ("config", paths.config_dir()),
        ("data", paths.data_dir()),
        ("log", paths.log_dir()),
    ):
        _probe_writable(label, directory)
        shown.append(f"{label} {directory}")
    return "writable: " + ", ".join(shown)


def _probe_writable(label: str, directory: Path) -> None:
    from kiosk_app.files import ensure_private_dir

    try:
        ensure_private_dir(directory)
        with tempfile.NamedTemporaryFile(dir=directory, prefix=".selftest-"):
            pass
    except OSError as exc:
        raise CheckFailedError(f"{label} directory {directory} is not writable ({exc})") from exc


def check_usage_counting(path: Path | None = None) -> str:
    """A check can be counted: the usage database opens and takes a real row (written and
    synced in a transaction that deletes it again, so nothing is counted). A full disk fails
    here, not only an empty probe file."""
    from kiosk_app.storage.usage import UsageStore, UsageStoreError

    try:
        with UsageStore(path) as store:
            store.probe_write()
            unknown = store.unknown_outcomes()
            where = store.path
    except UsageStoreError as exc:
        raise CheckFailedError(f"usage cannot be counted: {exc}") from exc
    detail = f"{where} takes a row"
    if unknown:
        detail += f"; {unknown} checks sent with outcome unknown (counted billable)"
    return detail


def check_keyring() -> str:
    """Secrets can be kept: a usable keyring backend, or the owner-only file fallback."""
    from kiosk_app import secrets

    where = secrets.secrets_backend_description()
    # Reading goes to the keyring first, then the fallback file; a failure here is real.
    token_stored = bool(secrets.get_api_token())
    if not secrets.keyring_usable():
        _probe_writable("fallback secrets file", secrets.fallback_file().parent)
    return f"{where}; API token {'stored' if token_stored else 'not set yet'}"


DEFAULT_CHECKS: Final[tuple[Check, ...]] = (
    Check("modules", check_modules),
    Check("qt", check_qt),
    Check("text services (ICU)", check_icu),
    Check("resources", check_resources),
    Check("translations", check_translations),
    Check("sample decode", check_sample_decode),
    Check("picture decoding process", check_picture_process),
    Check("signature check (simulator)", check_signature_end_to_end),
    Check("canadian check (simulator)", check_canada_end_to_end),
    Check("directories", check_directories),
    Check("usage counting", check_usage_counting),
    Check("keyring", check_keyring),
)
