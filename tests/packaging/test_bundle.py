"""The standalone build end to end: bundle, its self-test, the .deb, installed and run.

Runs ``bash packaging/build-linux.sh`` once (minutes: PyInstaller, xz) into a temporary output
directory (tests/support/bundle_build.py: at the lowest CPU priority, with the .deb's fastest
xz level; the test command starts it before its first phase and the tests wait for it), then
checks the bundle and the package. The .deb is installed as a fleet installs it: the example
playbook (packaging/ansible/site.yml) runs against this machine with connection local (the
package, the managed file, setup-kiosk-session for a throwaway kiosk user, the token from an
encrypted vault provisioned as that user), twice, when this machine allows it (root, dpkg,
Ansible, cage; no kiosk set-up of its own). Everything is undone afterwards. Otherwise the
package's contents are inspected with ``dpkg-deb -c`` only.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.bundle_build import REUSE_DIST_ENV, background_build, handed_over_build

from .scripts import ANSIBLE_DIR, ansible_env

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux build"),
]

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
def dist(request: pytest.FixtureRequest) -> Path:
    """The output of one full build (bundle, self-test, .deb, figures)."""
    if shutil.which("dpkg-deb") is None:
        pytest.skip("dpkg-deb is not available on this machine")
    reused = os.environ.get(REUSE_DIST_ENV)
    if reused:
        assert (Path(reused) / PACKAGE / PACKAGE).is_file(), f"no build in {reused}"
        return Path(reused)
    handed_over = handed_over_build()
    result = (handed_over or background_build(request.config)).result()
    print(result.stdout[-3000:])  # the figures: sizes and cold start
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-5000:]
    assert "self-test passed" in result.stdout
    return result.out


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
    assert (resources / "high-contrast.qss").is_file()
    assert (resources / "icons" / "app-icon.svg").is_file()
    assert list((resources / "samples").glob("*.png"))
    for source in (resources / "translations").glob("*.ts"):
        assert source.with_suffix(".qm").is_file(), f"{source.name} was not compiled"
    assert not list((dist / PACKAGE).rglob("test_*.py"))


def test_bundle_ships_shibokens_support_modules_compiled(dist: Path) -> None:
    # packaging/shiboken_files.py: shiboken imports these instead of compiling its own copy.
    files_dir = dist / PACKAGE / "_internal" / "shiboken6" / "files.dir"
    loader = files_dir / "shibokensupport" / "signature" / "loader.py"
    assert loader.is_file()
    assert list(loader.parent.glob("__pycache__/loader.*.pyc"))
    assert (files_dir / "kiosk-shiboken-version.txt").read_text(encoding="utf-8").strip()


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


# The desk the example playbook makes of this machine (tests below; all undone afterwards).
KIOSK_USER = "kiosk-ci-test"
DESK_ID = "CI front desk 1"
# Made-up secrets, in a vault encrypted with a test-only password (never a real account's).
VAULT_TOKEN = "tok-ci-vault-7d3e9a1b5c8f2e4d"
VAULT_PIN = "604918"
VAULT_PASSWORD = "test-only-vault-password"
# group_vars/kiosks/vars.yml's managed settings, plus the inventory's desk id.
EXPECTED_MANAGED = {"language": "fr", "idle_timeout_s": 120, "desk_id": DESK_ID}
MANAGED_DIR = Path("/etc/kiosk-app")
DEB_CACHE = Path("/var/cache/kiosk-app")
SETUP_KIOSK_SESSION = "/usr/lib/kiosk-app/setup-kiosk-session"
SYSTEMD_ETC = Path("/etc/systemd/system")
UNIT = "kiosk-app-kiosk.service"
KIOSK_FILES = (
    Path("/etc/systemd/logind.conf.d/kiosk-app.conf"),
    Path("/etc/sysctl.d/50-kiosk-app.conf"),
)
PLAYBOOK_TOOLS = ("ansible-playbook", "ansible-vault", "systemctl", "cage", "Xwayland", "runuser")
# The playbook's tasks and handler, as its output names them.
INSTALL = "Install the package and its dependencies"
MANAGED = "Write the managed settings (same keys as settings.json; never the token)"
SESSION = "Make the desk a kiosk (kiosk user, cage session on tty1, lock-down)"
TOKEN_TASK = "Store the API token for the kiosk user (read on standard input)"
RESTART = "Restart the kiosk session"


@dataclass(frozen=True)
class Desk:
    """This machine as the example playbook left it: the launcher and the two runs' output."""

    launcher: Path
    first_run: str
    second_run: str


def _skip_unless_the_playbook_may_run_here() -> None:
    """Skip (never fail) where the playbook cannot run, or would touch this machine's own set-up."""
    import pwd

    if os.geteuid() != 0 or shutil.which("dpkg") is None:
        pytest.skip("installing needs root and dpkg; contents were checked with dpkg-deb -c")
    missing = [tool for tool in PLAYBOOK_TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"not installed on this machine: {', '.join(missing)}")
    if run(["dpkg-query", "-W", "-f=${Status}", PACKAGE]).stdout.startswith("install ok"):
        pytest.skip(f"{PACKAGE} is already installed on this machine; not touching it")
    if MANAGED_DIR.exists() or DEB_CACHE.exists():
        pytest.skip(f"{MANAGED_DIR} or {DEB_CACHE} exists on this machine; not touching it")
    if (SYSTEMD_ETC / "ctrl-alt-del.target").exists() or any(p.exists() for p in KIOSK_FILES):
        pytest.skip("this machine already has kiosk lock-down settings; not touching them")
    try:
        pwd.getpwnam(KIOSK_USER)
    except KeyError:
        return
    pytest.skip(f"user {KIOSK_USER} exists on this machine")


def _playbook_env(work: Path) -> dict[str, str]:
    """Ansible's environment, without the test session's KIOSK_* variables: the playbook's
    commands (provision as the kiosk user) must use the desk's own folders and managed file."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("KIOSK_")}
    return ansible_env(work, clean)


def _playbook_command(deb: Path, work: Path) -> list[str]:
    """ansible-playbook on this machine (connection local) as the docs show it: an inventory
    with the desk id, the package path, the kiosk user, and the token from an encrypted vault.
    The desk has no sudo: root becomes the kiosk user with su."""
    inventory = work / "inventory.ini"
    inventory.write_text(
        "[kiosks]\n"
        "localhost ansible_connection=local ansible_python_interpreter=/usr/bin/python3 "
        f"ansible_become_method=su kiosk_desk_id='{DESK_ID}'\n",
        encoding="utf-8",
    )
    password = work / "vault-password"
    password.write_text(VAULT_PASSWORD + "\n", encoding="utf-8")
    vault = work / "vault.yml"
    vault.write_text(
        f'vault_kiosk_api_token: "{VAULT_TOKEN}"\nvault_kiosk_admin_pin: "{VAULT_PIN}"\n',
        encoding="utf-8",
    )
    encrypted = run(
        ["ansible-vault", "encrypt", "--vault-password-file", str(password), str(vault)],
        env=_playbook_env(work),
    )
    assert encrypted.returncode == 0, encrypted.stdout + encrypted.stderr
    assert VAULT_TOKEN not in vault.read_text(encoding="utf-8")
    return [
        "ansible-playbook",
        "-i",
        str(inventory),
        "-e",
        f"kiosk_deb={deb}",
        "-e",
        f"kiosk_user={KIOSK_USER}",
        "-e",
        f"@{vault}",
        "--vault-password-file",
        str(password),
        str(ANSIBLE_DIR / "site.yml"),
    ]


@pytest.fixture(scope="module")
def desk(deb: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """This machine made a desk by packaging/ansible/site.yml, run twice with connection
    local; afterwards the kiosk set-up is undone, the kiosk user removed, the package purged,
    the managed file and the copied package deleted and the default target restored."""
    import pwd

    _skip_unless_the_playbook_may_run_here()
    work = tmp_path_factory.mktemp("ansible")
    command = _playbook_command(deb, work)
    default_target = run(["systemctl", "get-default"]).stdout.strip()
    try:
        runs = []
        for _ in range(2):
            result = run(command, env=_playbook_env(work), timeout=1200)
            assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
            runs.append(result.stdout + result.stderr)
        yield Desk(Path("/usr/bin") / PACKAGE, runs[0], runs[1])
    finally:
        if Path(SETUP_KIOSK_SESSION).exists():
            run([SETUP_KIOSK_SESSION, "--undo"], timeout=120)
        run(["userdel", "--remove", KIOSK_USER])
        if default_target:
            run(["systemctl", "set-default", default_target])
        removal = run(["dpkg", "--purge", PACKAGE], timeout=600)
        shutil.rmtree(MANAGED_DIR, ignore_errors=True)
        shutil.rmtree(DEB_CACHE, ignore_errors=True)
        assert removal.returncode == 0, removal.stdout + removal.stderr
    assert not Path("/opt/kiosk-app").exists()
    assert not (Path("/usr/bin") / PACKAGE).exists()
    assert not any(p.exists() for p in KIOSK_FILES)
    with pytest.raises(KeyError):
        pwd.getpwnam(KIOSK_USER)


def run_as_kiosk_user(
    command: list[str], stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``command`` as the kiosk user, with only its own home (as its session would)."""
    import pwd

    home = pwd.getpwnam(KIOSK_USER).pw_dir
    runuser = shutil.which("runuser")
    assert runuser is not None
    return subprocess.run(
        [runuser, "-u", KIOSK_USER, "--", *command],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env={"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"},
        timeout=300,
    )


_TASK = re.compile(r"^(?:TASK|RUNNING HANDLER) \[(?P<name>[^\]]+)\]")
_STATE = re.compile(r"^(?P<state>ok|changed|skipping|failed|fatal): \[localhost\]")


def task_states(output: str) -> dict[str, str]:
    """Each task (and handler) of a run's output and its state on this host."""
    states: dict[str, str] = {}
    name = ""
    for line in output.splitlines():
        if task := _TASK.match(line):
            name = task["name"]
        elif (state := _STATE.match(line)) and name:
            states[name] = state["state"]
    return states


def recap(output: str) -> dict[str, int]:
    """The PLAY RECAP counters for this host (ok, changed, failed, ...)."""
    line = next(li for li in output.splitlines() if li.startswith("localhost") and "ok=" in li)
    return {key: int(value) for key, value in re.findall(r"(\w+)=(\d+)", line)}


def test_the_playbook_installs_the_package(desk: Desk, deb: Path) -> None:
    version = run(["dpkg-deb", "-f", str(deb), "Version"]).stdout.strip()
    status = run(["dpkg-query", "-W", "-f=${Status} ${Version}", PACKAGE]).stdout
    assert status == f"install ok installed {version}"
    assert task_states(desk.first_run)[INSTALL] == "changed"
    assert os.access(desk.launcher, os.X_OK)


def test_the_playbook_writes_the_managed_file_the_installed_kiosk_reads(desk: Desk) -> None:
    managed = MANAGED_DIR / "managed.json"
    assert json.loads(managed.read_text(encoding="utf-8")) == EXPECTED_MANAGED
    for path, mode in ((managed, 0o644), (MANAGED_DIR, 0o755)):
        info = path.stat()
        assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (0, 0, mode), path
    assert task_states(desk.first_run)[MANAGED] == "changed"
    # The kiosk user's installed kiosk, with no KIOSK_* variable, reads the real file.
    report = run_as_kiosk_user([str(desk.launcher), "self-test", "--json"])
    answer = json.loads(report.stdout)
    assert answer["desk_id"] == DESK_ID, report.stdout + report.stderr
    assert answer["managed_settings_ignored"] == []


def test_the_playbook_provisions_the_vault_token_for_the_kiosk_user(desk: Desk) -> None:
    import pwd

    assert task_states(desk.first_run)[TOKEN_TASK] == "changed"
    report = json.loads(run_as_kiosk_user([str(desk.launcher), "self-test", "--json"]).stdout)
    keyring = next(c for c in report["checks"] if c["name"] == "keyring")
    assert "API token stored" in keyring["detail"], keyring
    # The same secrets again, as the kiosk user: already stored, so nothing changes.
    again = run_as_kiosk_user(
        [str(desk.launcher), "provision"],
        stdin=json.dumps({"api_token": VAULT_TOKEN, "admin_pin": VAULT_PIN}),
    )
    assert again.returncode == 0, again.stdout + again.stderr
    assert again.stdout.startswith("provision: unchanged"), again.stdout
    # Stored by the kiosk user in its own home (not as root), and never shown by Ansible.
    account = pwd.getpwnam(KIOSK_USER)
    for path in Path(account.pw_dir).rglob("*"):
        assert path.stat().st_uid == account.pw_uid, path
    for output in (desk.first_run, desk.second_run):
        assert VAULT_TOKEN not in output and VAULT_PIN not in output
    assert VAULT_TOKEN not in (MANAGED_DIR / "managed.json").read_text(encoding="utf-8")


def test_a_second_playbook_run_changes_nothing(desk: Desk) -> None:
    counts = recap(desk.second_run)
    assert counts["changed"] == 0 and counts["failed"] == 0, desk.second_run[-4000:]
    assert recap(desk.first_run)["changed"] >= 5
    # The first run's new managed file and token notified the restart handler (skipped: no
    # systemd as PID 1 here); the second run notified nothing.
    assert task_states(desk.first_run)[RESTART] == "skipping"
    assert RESTART not in task_states(desk.second_run)
    assert task_states(desk.second_run)[SESSION] == "ok"


def test_installed_launcher_self_test_passes(desk: Desk) -> None:
    self_test(str(desk.launcher))
    if shutil.which("desktop-file-validate"):
        desktop = "/usr/share/applications/kiosk-app.desktop"
        assert run(["desktop-file-validate", desktop]).returncode == 0


def test_installed_kiosk_session_command_shows_the_window_in_cage(desk: Desk) -> None:
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
                str(desk.launcher),
                "--kiosk",
            ],
            env=env,
            timeout=120,
        )
    assert "startup-probe: first window shown after" in result.stdout, result.stdout + result.stderr


def test_setup_kiosk_session_locked_the_desk_down_and_undo_reverts_it(desk: Desk) -> None:
    """The IT command as the playbook ran it (systemd need not be running: enable/mask edit
    files), then its --undo. Last of the module: the desk is no kiosk any more afterwards."""
    import grp
    import pwd

    kiosk_test_user = KIOSK_USER
    assert task_states(desk.first_run)[SESSION] == "changed"
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
