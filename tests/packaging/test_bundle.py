"""The standalone build end to end: bundle, its self-test, the .deb, installed and run.

Runs ``bash packaging/build-linux.sh`` once (minutes: PyInstaller, xz) into a temporary output
directory, then checks the bundle and the package. The .deb is installed with ``dpkg -i`` when
this machine allows it (root, dpkg, the package not already installed here) and removed
afterwards; otherwise its contents are inspected with ``dpkg-deb -c`` only.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux build"),
]

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "kiosk-app"
# Qt modules the kiosk does not use: neither their bindings nor their libraries may ship.
# (Qt Quick/Qml libraries do ship: Qt Multimedia's FFmpeg plugin links them.)
FORBIDDEN_QT = re.compile(
    r"WebEngine|3D|Pdf|Charts|DataVisualization|Graphs|Designer|Bluetooth|Location|Sensors"
)
FORBIDDEN_BINDINGS = re.compile(r"^Qt(Qml|Quick\w*|WebEngine\w*|3D\w*|Pdf\w*|Charts|Test)\.")
# The targets, in MB of 10^6 bytes.
BUNDLE_LIMIT_BYTES = 180_000_000
DEB_LIMIT_BYTES = 70_000_000


def run(
    command: list[str], env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run a command, capturing text output; never raises on a non-zero status."""
    return subprocess.run(
        command, capture_output=True, text=True, check=False, env=env, timeout=timeout
    )


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The output of one full build (bundle, self-test, .deb, figures)."""
    if shutil.which("dpkg-deb") is None:
        pytest.skip("dpkg-deb is not available on this machine")
    out = tmp_path_factory.mktemp("dist")
    result = run(
        ["bash", str(ROOT / "packaging" / "build-linux.sh")],
        env=dict(os.environ, KIOSK_DIST=str(out)),
        timeout=3600,
    )
    print(result.stdout[-3000:])  # the figures: sizes and cold start
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-5000:]
    assert "self-test passed" in result.stdout
    return out


@pytest.fixture(scope="module")
def deb(dist: Path) -> Path:
    """The built package."""
    debs = sorted(dist.glob(f"{PACKAGE}_*.deb"))
    assert len(debs) == 1, debs
    return debs[0]


def self_test(executable: str) -> list[str]:
    """Run ``executable self-test`` and return its output lines, asserting it passed."""
    result = run([executable, "self-test"], timeout=300)
    lines = result.stdout.splitlines()
    assert result.returncode == 0, result.stdout + result.stderr
    assert lines[-1] == "self-test passed"
    return lines


def test_bundle_self_test_passes(dist: Path) -> None:
    lines = self_test(str(dist / PACKAGE / PACKAGE))
    assert any(line.startswith("PASS  sample decode") for line in lines)
    assert any(line.startswith("PASS  canadian check (simulator)") for line in lines)
    # The trimmed ICU data library really serves French collation.
    assert any(line.startswith("PASS  text services (ICU): fr_CA collation") for line in lines), (
        lines
    )


def test_bundle_leaves_out_unused_qt(dist: Path) -> None:
    internal = dist / PACKAGE / "_internal"
    pyside = internal / "PySide6"
    bindings = sorted(p.name for p in pyside.glob("Qt*.so"))
    assert "QtWidgets.abi3.so" in bindings
    assert [b for b in bindings if FORBIDDEN_BINDINGS.match(b)] == []
    libraries = sorted(p.name for p in (pyside / "Qt" / "lib").iterdir())
    assert "libQt6Core.so.6" in libraries
    assert [lib for lib in libraries if FORBIDDEN_QT.search(lib)] == []
    plugins = [p.relative_to(pyside) for p in (pyside / "Qt" / "plugins").rglob("*.so")]
    assert [p for p in plugins if FORBIDDEN_QT.search(str(p)) or "qml" in str(p)] == []


def tree_bytes(folder: Path) -> int:
    """Bytes of the regular files under ``folder`` (as ``du -sb`` counts them, less symlinks)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def test_bundle_and_installer_meet_the_size_targets(dist: Path, deb: Path) -> None:
    bundle = tree_bytes(dist / PACKAGE)
    print(f"bundle {bundle / 1e6:.1f} MB, .deb {deb.stat().st_size / 1e6:.1f} MB")
    assert bundle < BUNDLE_LIMIT_BYTES
    assert deb.stat().st_size < DEB_LIMIT_BYTES


def test_bundle_leaves_out_blas_icu_locales_and_unused_pillow_codecs(dist: Path) -> None:
    internal = dist / PACKAGE / "_internal"
    assert not [p.name for p in internal.rglob("*") if "openblas" in p.name.lower()]
    icu_data = list((internal / "PySide6" / "Qt" / "lib").glob("libicudata.so.*"))
    assert len(icu_data) == 1
    assert icu_data[0].stat().st_size < 10_000_000  # 32 MB untrimmed
    pillow = sorted(p.name.split(".")[0] for p in (internal / "PIL").glob("_*.so"))
    assert "_imaging" in pillow
    assert not {"_avif", "_imagingft", "_imagingcms", "_imagingtk"} & set(pillow)


def test_bundle_ships_the_resources_and_nothing_of_the_build(dist: Path) -> None:
    resources = dist / PACKAGE / "_internal" / "kiosk_app" / "resources"
    assert (resources / "style.qss").is_file()
    assert (resources / "icons" / "app-icon.svg").is_file()
    assert list((resources / "samples").glob("*.png"))
    for source in (resources / "translations").glob("*.ts"):
        assert source.with_suffix(".qm").is_file(), f"{source.name} was not compiled"
    assert not list((dist / PACKAGE).rglob("test_*.py"))


def test_deb_contents_and_control(deb: Path) -> None:
    listing = run(["dpkg-deb", "-c", str(deb)]).stdout
    for path in (
        "./opt/kiosk-app/kiosk-app",
        "./usr/bin/kiosk-app",
        "./usr/share/applications/kiosk-app.desktop",
        "./usr/share/icons/hicolor/scalable/apps/kiosk-app.svg",
        "./lib/systemd/system/kiosk-app-kiosk.service",
        "./usr/share/xsessions/kiosk-app.desktop",
        "./usr/lib/kiosk-app/setup-kiosk-session",
    ):
        assert f" {path}\n" in listing + "\n", path
    depends = run(["dpkg-deb", "-f", str(deb), "Depends"]).stdout
    for system_library in ("libc6", "libxcb-cursor0", "libxkbcommon-x11-0", "libegl1"):
        assert re.search(rf"(^|, ){re.escape(system_library)}(,|$| )", depends), system_library
    names = [part.strip() for part in depends.split(",")]
    assert len(names) == len(set(names)), "duplicate Depends entries"


@pytest.fixture
def installed(deb: Path) -> Iterator[Path]:
    """The package installed with dpkg -i, removed again afterwards."""
    if os.geteuid() != 0 or shutil.which("dpkg") is None:
        pytest.skip("installing needs root and dpkg; contents were checked with dpkg-deb -c")
    if run(["dpkg-query", "-W", "-f=${Status}", PACKAGE]).stdout.startswith("install ok"):
        pytest.skip(f"{PACKAGE} is already installed on this machine; not touching it")
    result = run(["dpkg", "-i", str(deb)], timeout=600)
    try:
        assert result.returncode == 0, result.stdout + result.stderr
        yield Path("/usr/bin") / PACKAGE
    finally:
        removal = run(["dpkg", "--purge", PACKAGE], timeout=600)
        assert removal.returncode == 0, removal.stdout + removal.stderr
    assert not Path("/opt/kiosk-app").exists()
    assert not (Path("/usr/bin") / PACKAGE).exists()


def test_installed_launcher_self_test_passes(installed: Path) -> None:
    assert os.access(installed, os.X_OK)
    self_test(str(installed))
    if shutil.which("desktop-file-validate"):
        desktop = "/usr/share/applications/kiosk-app.desktop"
        assert run(["desktop-file-validate", desktop]).returncode == 0


def test_installed_kiosk_session_command_shows_the_window_in_cage(installed: Path) -> None:
    """The kiosk unit's ExecStart (cage -d -- kiosk-app --kiosk), headless, as a plain user."""
    if not (shutil.which("cage") and shutil.which("Xwayland") and shutil.which("setpriv")):
        pytest.skip("cage, Xwayland or setpriv is not installed on this machine")
    # Directly under /tmp: pytest's own temporary tree is root-only.
    with tempfile.TemporaryDirectory(prefix="kiosk-cage-") as scratch:
        home = Path(scratch)
        runtime = home / "run"
        runtime.mkdir(mode=0o700)
        for path in (home, runtime):
            shutil.chown(path, "nobody", "nogroup")
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": str(home),
            "XDG_RUNTIME_DIR": str(runtime),
            "WLR_BACKENDS": "headless",
            "WLR_LIBINPUT_NO_DEVICES": "1",
            "WLR_RENDERER": "pixman",
            "QT_QPA_PLATFORM": "wayland",
            "KIOSK_STARTUP_PROBE": "1",
            "KIOSK_CONFIG_DIR": str(home / "config"),
            "KIOSK_DATA_DIR": str(home / "data"),
            "KIOSK_LOG_DIR": str(home / "log"),
        }
        result = run(
            [
                "setpriv",
                "--reuid=nobody",
                "--regid=nogroup",
                "--clear-groups",
                "cage",
                "-d",
                "--",
                str(installed),
                "--kiosk",
            ],
            env=env,
            timeout=120,
        )
    assert "startup-probe: first window shown after" in result.stdout, result.stdout + result.stderr


SETUP_KIOSK_SESSION = "/usr/lib/kiosk-app/setup-kiosk-session"
SYSTEMD_ETC = Path("/etc/systemd/system")
UNIT = "kiosk-app-kiosk.service"
KIOSK_FILES = (
    Path("/etc/systemd/logind.conf.d/kiosk-app.conf"),
    Path("/etc/sysctl.d/50-kiosk-app.conf"),
)


@pytest.fixture
def kiosk_test_user(installed: Path) -> Iterator[str]:
    """A user name for setup-kiosk-session; afterwards the set-up is undone, the user removed
    and the machine's default target restored."""
    import pwd

    user = "kiosk-ci-test"
    if not (shutil.which("systemctl") and shutil.which("cage") and shutil.which("Xwayland")):
        pytest.skip("systemctl, cage or Xwayland is not installed on this machine")
    if (SYSTEMD_ETC / "ctrl-alt-del.target").exists() or any(p.exists() for p in KIOSK_FILES):
        pytest.skip("this machine already has kiosk lock-down settings; not touching them")
    try:
        pwd.getpwnam(user)
        pytest.skip(f"user {user} exists on this machine")
    except KeyError:
        pass
    default_target = run(["systemctl", "get-default"]).stdout.strip()
    try:
        yield user
    finally:
        run([SETUP_KIOSK_SESSION, "--undo"])
        run(["userdel", "--remove", user])
        if default_target:
            run(["systemctl", "set-default", default_target])


def test_setup_kiosk_session_locks_the_desk_down_and_undo_reverts_it(kiosk_test_user: str) -> None:
    """The IT command, run as on a desk (systemd need not be running: enable/mask edit files)."""
    import grp
    import pwd

    result = run([SETUP_KIOSK_SESSION, kiosk_test_user], timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr

    account = pwd.getpwnam(kiosk_test_user)
    assert Path(account.pw_dir).is_dir()
    for group in ("video", "dialout", "audio", "render"):
        try:
            members = grp.getgrnam(group).gr_mem
        except KeyError:
            continue
        assert kiosk_test_user in members, group
    drop_in = SYSTEMD_ETC / f"{UNIT}.d" / "user.conf"
    assert drop_in.read_text() == f"[Service]\nUser={kiosk_test_user}\n"
    wanted = SYSTEMD_ETC / "graphical.target.wants" / UNIT
    assert wanted.is_symlink() and wanted.resolve().name == UNIT
    assert os.readlink(SYSTEMD_ETC / "ctrl-alt-del.target") == "/dev/null"
    assert "NAutoVTs=0" in KIOSK_FILES[0].read_text()
    assert "kernel.sysrq = 0" in KIOSK_FILES[1].read_text()
    assert run(["systemctl", "get-default"]).stdout.strip() == "graphical.target"
    if shutil.which("systemd-analyze"):
        verify = run(["systemd-analyze", "verify", UNIT])
        assert verify.returncode == 0, verify.stdout + verify.stderr

    undo = run([SETUP_KIOSK_SESSION, "--undo"], timeout=120)
    assert undo.returncode == 0, undo.stdout + undo.stderr
    assert not wanted.exists() and not wanted.is_symlink()
    assert not drop_in.exists()
    assert not (SYSTEMD_ETC / "ctrl-alt-del.target").is_symlink()
    assert not any(p.exists() for p in KIOSK_FILES)
