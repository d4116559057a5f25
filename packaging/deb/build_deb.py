"""Builds the kiosk's .deb from the PyInstaller bundle (called by packaging/build-linux.sh).

Layout of the package:
  /opt/kiosk-app/                         the one-folder bundle
  /usr/bin/kiosk-app                      launcher (kiosk-app.sh)
  /usr/share/applications/kiosk-app.desktop, /usr/share/icons/hicolor/scalable/apps/kiosk-app.svg
  /lib/systemd/system/kiosk-app-kiosk.service   optional kiosk session (cage), disabled
  /usr/share/xsessions/kiosk-app.desktop  optional display-manager session
  /usr/lib/kiosk-app/kiosk-session        that session's restart loop
  /usr/lib/kiosk-app/setup-kiosk-session  one-shot lock-down of a desk (run by IT)
  /usr/share/doc/kiosk-app/               copyright, README.kiosk, example configs

Depends = the packages owning every system library the bundle's ELF files link to (found with
ldd and ``dpkg -S`` on the build machine, like dpkg-shlibdeps), plus what Qt loads at run time
without linking (control.in). Build on the oldest release you deploy to.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE_ROOT = HERE.parent.parent
DEB_NAME = "kiosk-app"
# xz presets: the release's (dpkg-deb's default: the smallest package that builds in about two
# minutes of CPU) and the fastest (about a sixth of the CPU, a tenth larger; the tests' builds).
XZ_RELEASE = 6
XZ_FASTEST = 1
SYSTEM_PREFIXES = ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/")


def main(argv: list[str] | None = None) -> int:
    """Stage the package tree, write DEBIAN/, run dpkg-deb; prints the .deb path."""
    args = _parser().parse_args(argv)
    bundle, stage, out = Path(args.bundle), Path(args.stage), Path(args.out)
    if not (bundle / "kiosk-app").is_file():
        print(f"no bundle at {bundle}", file=sys.stderr)
        return 1
    shutil.rmtree(stage, ignore_errors=True)
    stage_files(bundle, stage)
    depends = shared_library_packages(stage / "opt" / DEB_NAME)
    write_debian_dir(stage, args.version, args.arch, depends)
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{DEB_NAME}_{args.version}_{args.arch}.deb"
    deb.unlink(missing_ok=True)
    compression = ["-Zxz", f"-z{args.xz_level}"]
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", *compression, "--build", str(stage), str(deb)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"built {deb}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", required=True, help="dist/kiosk-app")
    parser.add_argument("--version", required=True)
    parser.add_argument("--arch", required=True, help="dpkg architecture, e.g. amd64")
    parser.add_argument("--stage", required=True, help="scratch directory for the package tree")
    parser.add_argument("--out", required=True, help="directory receiving the .deb")
    parser.add_argument(
        "--xz-level",
        type=int,
        choices=range(XZ_FASTEST, XZ_RELEASE + 1),
        default=XZ_RELEASE,
        help=f"xz preset of the package ({XZ_RELEASE}, the release's, by default)",
    )
    return parser


def stage_files(bundle: Path, stage: Path) -> None:
    """Copy the bundle and the integration files into the package tree."""
    shutil.copytree(bundle, stage / "opt" / DEB_NAME, symlinks=True)
    _install(HERE / "kiosk-app.sh", stage / "usr/bin/kiosk-app", 0o755)
    _install(HERE / "kiosk-app.desktop", stage / "usr/share/applications/kiosk-app.desktop")
    _install(
        SOURCE_ROOT / "resources/icons/app-icon.svg",
        stage / "usr/share/icons/hicolor/scalable/apps/kiosk-app.svg",
    )
    _install(HERE / "kiosk-app-kiosk.service", stage / "lib/systemd/system/kiosk-app-kiosk.service")
    _install(HERE / "kiosk-session.desktop", stage / "usr/share/xsessions/kiosk-app.desktop")
    _install(HERE / "kiosk-session", stage / "usr/lib/kiosk-app/kiosk-session", 0o755)
    _install(HERE / "setup-kiosk-session", stage / "usr/lib/kiosk-app/setup-kiosk-session", 0o755)
    doc = stage / "usr/share/doc" / DEB_NAME
    _install(HERE / "copyright", doc / "copyright")
    for example in sorted((HERE / "examples").iterdir()):
        _install(example, doc / "examples" / example.name)
    _install(HERE / "README.kiosk", doc / "README.kiosk")


def _install(source: Path, target: Path, mode: int = 0o644) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    target.chmod(mode)


def elf_files(root: Path) -> list[Path]:
    """Every ELF file (executables, shared libraries, extension modules) under ``root``."""
    found = []
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == b"\x7fELF":
                    found.append(path)
    return sorted(found)


def linked_system_libraries(root: Path) -> tuple[set[str], set[str]]:
    """System library paths the bundle's ELF files link to directly, and names not found.

    Direct links only (DT_NEEDED, via objdump), resolved to paths with ldd: the packages of
    indirect ones come in through the direct ones' own Depends, as with dpkg-shlibdeps.
    """
    resolved: set[str] = set()
    missing: set[str] = set()
    for elf in elf_files(root):
        needed = direct_needs(elf)
        for name, target in ldd_map(elf).items():
            if target is None:
                missing.add(name)
            elif (
                name in needed
                and target.startswith(SYSTEM_PREFIXES)
                and not target.startswith(str(root))
            ):
                resolved.add(target)
    return resolved, missing


def direct_needs(elf: Path) -> set[str]:
    """The DT_NEEDED entries of one ELF file."""
    result = subprocess.run(
        ["objdump", "-p", str(elf)], capture_output=True, text=True, check=False
    )
    return set(re.findall(r"^\s*NEEDED\s+(\S+)", result.stdout, flags=re.MULTILINE))


def ldd_map(elf: Path) -> dict[str, str | None]:
    """Every library ldd resolves for ``elf``: name -> path (None when not found)."""
    result = subprocess.run(["ldd", str(elf)], capture_output=True, text=True, check=False)
    found: dict[str, str | None] = {}
    for line in result.stdout.splitlines():
        match = re.match(r"\s*(\S+) => (\S+)", line)
        if match:
            name, target = match.groups()
            found[name] = None if target == "not" else target
    return found


def _owner_candidates(library: str) -> list[str]:
    """The paths dpkg may know ``library`` by: as linked, resolved, with and without /usr."""
    real = os.path.realpath(library)
    candidates = {library, real}
    for path in list(candidates):
        candidates.add(path[4:] if path.startswith("/usr/") else "/usr" + path)
    return sorted(candidates)


def owning_packages(libraries: Iterable[str]) -> dict[str, str | None]:
    """The Debian package that installed each of ``libraries`` (merged-/usr aware), or None.

    One ``dpkg-query -S`` for them all: each call reads dpkg's whole file list.
    """
    wanted = {library: _owner_candidates(library) for library in libraries}
    paths = sorted({path for candidates in wanted.values() for path in candidates})
    asked = set(paths)
    owners: dict[str, str] = {}
    if paths:
        result = subprocess.run(
            ["dpkg-query", "-S", *paths], capture_output=True, text=True, check=False
        )
        for line in result.stdout.splitlines():
            packages, separator, path = line.rpartition(": ")
            if separator and path in asked and not line.startswith("diversion by "):
                owners.setdefault(path, packages.split(":", 1)[0].split(",")[0].strip())
    return {
        library: next((owners[path] for path in candidates if path in owners), None)
        for library, candidates in wanted.items()
    }


def shared_library_packages(root: Path) -> list[str]:
    """Packages to depend on for the bundle's linked system libraries."""
    resolved, missing = linked_system_libraries(root)
    if missing:
        raise SystemExit(
            "libraries the bundle needs are not installed on the build machine: "
            + ", ".join(sorted(missing))
            + " (install them, e.g. via packaging/build-linux.sh's APT_PACKAGES)"
        )
    packages = set()
    unowned = []
    for library, package in sorted(owning_packages(resolved).items()):
        if package is None:
            unowned.append(library)
        else:
            packages.add(package)
    if unowned:
        print(f"warning: no package owns {', '.join(unowned)}", file=sys.stderr)
    return sorted(packages)


def write_debian_dir(stage: Path, version: str, arch: str, depends: list[str]) -> None:
    """DEBIAN/control from control.in, and the maintainer scripts."""
    debian = stage / "DEBIAN"
    debian.mkdir(parents=True)
    installed_kib = (
        sum(p.lstat().st_size for p in stage.rglob("*") if p.is_file() and not p.is_symlink())
        // 1024
    )
    control = (HERE / "control.in").read_text(encoding="utf-8")
    for key, value in {
        "@VERSION@": version,
        "@ARCH@": arch,
        "@INSTALLED_SIZE@": str(installed_kib),
        "@SHLIBS_DEPENDS@": ", ".join(merged_depends(control, depends)),
    }.items():
        control = control.replace(key, value)
    (debian / "control").write_text(control, encoding="utf-8")
    for script in ("postinst", "prerm", "postrm"):
        _install(HERE / script, debian / script, 0o755)


def merged_depends(control_template: str, generated: list[str]) -> list[str]:
    """Generated package names not already named in the template's own Depends entries."""
    line = next((ln for ln in control_template.splitlines() if ln.startswith("Depends:")), "")
    named = set(re.findall(r"[a-z0-9][a-z0-9+.-]+", line.removeprefix("Depends:")))
    return [package for package in generated if package not in named]


if __name__ == "__main__":
    raise SystemExit(main())
