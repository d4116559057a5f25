#!/usr/bin/env bash
# Builds the standalone kiosk for Linux from a clean checkout:
#   dist/kiosk-app/                       one-folder PyInstaller bundle (packaging/kiosk-app.spec)
#   dist/kiosk-app_<version>_<arch>.deb   installer: /opt/kiosk-app, /usr/bin/kiosk-app, menu
#                                         entry, icon, optional kiosk session (packaging/deb/)
# then prints the bundle size, the .deb size and a cold-start measurement.
#
# It installs what it needs: apt packages (binutils for PyInstaller, the system libraries Qt
# loads, dpkg-dev, icu-devtools, a C/C++ compiler) and a build venv holding the dependencies of
# the package with its `package` extra at the versions of packaging/constraints.txt, with NumPy
# rebuilt from source without BLAS (about 6 minutes on 2 cores, once per NumPy version, Python
# and machine: the wheel is kept in ~/.cache/kiosk-app/wheels). The venv is kept in
# ~/.cache/kiosk-app/venvs, one per Python and constraints.txt, shared by every checkout on the
# machine; the package itself is installed, non-editable, into this build's build/site on each
# build. Re-running is cheap: apt and pip only act on what is missing.
#
#   bash packaging/build-linux.sh            bundle + self-test + .deb + measurements
#   SKIP_DEB=1 bash packaging/build-linux.sh bundle + self-test only
#   PYTHON=python3.12 ...                    interpreter for the build venv (default python3)
#   KIOSK_DIST=/tmp/out ...                  output directory instead of dist/ (tests use it)
#   DEB_XZ_LEVEL=1 ...                       the .deb's xz preset (default 6; tests use 1:
#                                            about a sixth of the CPU, a tenth larger)
#   STARTUP_RUNS=1 ...                       cold starts measured for the figures (default 5)
#   XDG_CACHE_HOME=/path ...                 cache folder instead of ~/.cache (the NumPy wheel,
#                                            the build venvs)
#   KIOSK_BUILD_VENV=/path ...               a build venv of one's own instead of the cached one
#   KIOSK_BUILD_HOLD=/path ...               the steps that run the bundle (self-test, figures)
#                                            wait while this file exists (the test command
#                                            keeps them out of its timing-sensitive phase); the
#                                            .deb is made before, and moved into place after
#                                            the self-test
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

PY="${PYTHON:-python3}"
BUILD="$ROOT/build"
VENV="${KIOSK_BUILD_VENV:-}"
SITE="$BUILD/site"  # this build's kiosk-app package, on PYTHONPATH beside the venv's packages
# A change to how the build venv is made: a new cached venv.
VENV_FORMAT=2
DIST="${KIOSK_DIST:-$ROOT/dist}"
BUNDLE="$DIST/kiosk-app"

# The system libraries the bundled Qt loads (xcb, EGL/GL, fonts, input, D-Bus, audio), and
# what PyInstaller (objdump, ldd) and the .deb build (dpkg-deb, dpkg-architecture) need.
APT_PACKAGES=(binutils dpkg-dev python3-venv icu-devtools gcc g++ python3-dev
  libegl1 libgl1 libfontconfig1 libfreetype6 libxkbcommon0 libxkbcommon-x11-0 libdbus-1-3
  libglib2.0-0 libpulse0 libx11-6 libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4
  libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-randr0 libxcb-shape0 libxcb-shm0
  libxcb-sync1 libxcb-xfixes0 libxcb-xinerama0 libxcb-xkb1 libwayland-client0
  libwayland-cursor0 libwayland-egl1)

install_system_packages() {
  local missing=()
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing system packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
}

install_build_venv() {
  if [ -n "$VENV" ]; then
    [ -f "$VENV/$VENV_COMPLETE" ] || make_build_venv
  else
    use_cached_build_venv
  fi
  echo "== build venv: $VENV"
  install_package
}

# Written last into a build venv that has everything.
VENV_COMPLETE=.kiosk-build-venv-complete

# The dependencies, not the package: every build installs its own checkout's package apart.
make_build_venv() {
  rm -rf "$VENV"
  "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip
  # The exact versions of packaging/constraints.txt: the same build from the same checkout.
  "$VENV/bin/python" -m pip install -q -c packaging/constraints.txt ".[package]"
  "$VENV/bin/python" -m pip uninstall -q -y kiosk-app
  install_numpy_without_blas
  # shiboken's support modules, compiled, which the spec ships: written here, once, so that no
  # build writes into a venv other builds may be reading.
  "$VENV/bin/python" packaging/shiboken_files.py >/dev/null
  touch "$VENV/$VENV_COMPLETE"
}

# The cached venv of this Python and constraints.txt, made if missing. Made under an exclusive
# lock, used under a shared one held until this script ends: two builds at once never make the
# same venv twice, and never change a venv another build is using.
use_cached_build_venv() {
  local cache key
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/kiosk-app/venvs"
  if ! { mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ]; }; then
    cache="$BUILD/venvs"
    mkdir -p "$cache"
  fi
  key="$("$PY" -c 'import os, platform, sys; print(platform.python_version(), platform.machine(), os.path.realpath(sys.executable))' \
    | cat - packaging/constraints.txt | sha256sum | cut -c1-16)"
  VENV="$cache/v$VENV_FORMAT-$("$PY" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')-$key"
  exec {venv_lock}>"$VENV.lock"
  flock -s "$venv_lock"
  if [ ! -f "$VENV/$VENV_COMPLETE" ]; then
    flock -x "$venv_lock"
    # Another build may have made it while this one waited.
    if [ ! -f "$VENV/$VENV_COMPLETE" ]; then
      echo "== making the build venv (once per Python and constraints.txt on this machine)"
      make_build_venv
    fi
    flock -s "$venv_lock"
  fi
}

# Not editable: PyInstaller cannot see packages installed through setuptools' editable finder,
# and kiosk_app.resources only exists as a package once installed.
install_package() {
  echo "== kiosk-app into $SITE"
  rm -rf "$SITE"
  mkdir -p "$BUILD"
  # setuptools writes kiosk_app.egg-info and build/ in the checkout: one install from it at a
  # time (the test command installs its venv while this build runs).
  flock "$BUILD/package.lock" \
    "$VENV/bin/python" -m pip install -q --no-deps --no-compile --target "$SITE" .
}

# NumPy's wheels carry OpenBLAS (28 MB, and a thread pool); the kiosk's NumPy work is image
# arithmetic and one 8x8 solve, which NumPy's own fallback routines do. The same version as
# the wheel pip resolved, rebuilt from its source release with BLAS and LAPACK off.
install_numpy_without_blas() {
  local version tag machine wheels
  version="$("$VENV/bin/python" -c 'import numpy; print(numpy.__version__)')"
  tag="$("$VENV/bin/python" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')"
  machine="$(uname -m)"
  if numpy_has_no_blas; then
    echo "== NumPy $version: built without BLAS"
    return 0
  fi
  wheels="$(wheel_cache)/numpy-$version-$tag-$machine-noblas"
  if ! compgen -G "$wheels/numpy-$version-$tag-*.whl" >/dev/null; then
    echo "== NumPy $version without BLAS: building from source (minutes)"
    build_numpy_wheel "$version" "$wheels"
  fi
  echo "== NumPy $version without BLAS: installing $(basename "$wheels"/numpy-"$version"-"$tag"-*.whl)"
  "$VENV/bin/python" -m pip install -q --no-deps --force-reinstall \
    "$wheels"/numpy-"$version"-"$tag"-*.whl
  numpy_has_no_blas || { echo "NumPy still links a BLAS library" >&2; return 1; }
}

# The folder of wheels built from source, shared by every checkout of this user on this
# machine; build/wheels where the user's cache folder cannot be made.
wheel_cache() {
  local cache="${XDG_CACHE_HOME:-$HOME/.cache}/kiosk-app/wheels"
  if mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ]; then
    echo "$cache"
  else
    mkdir -p "$BUILD/wheels"
    echo "$BUILD/wheels"
  fi
}

# Built into a scratch folder beside the cache entry and renamed into place whole, so a build
# that stops half-way, or another checkout building at the same time, never leaves a partial
# wheel where the next build would take it.
build_numpy_wheel() {
  local version="$1" wheels="$2" scratch
  scratch="$(mktemp -d "$wheels.building.XXXXXX")"
  if ! "$VENV/bin/python" -m pip wheel -q --no-deps --no-cache-dir --no-binary numpy \
      -Csetup-args=-Dblas=none -Csetup-args=-Dlapack=none -w "$scratch" "numpy==$version"; then
    rm -rf "$scratch"
    return 1
  fi
  # Another build may have put its wheel in place meanwhile: the same wheel, keep that one.
  mv -T "$scratch" "$wheels" 2>/dev/null || rm -rf "$scratch"
}

numpy_has_no_blas() {
  "$VENV/bin/python" - <<'PY'
import sys

import numpy

dependencies = numpy.show_config(mode="dicts")["Build Dependencies"]
sys.exit(any(dependencies[name]["name"] != "none" for name in ("blas", "lapack")))
PY
}

build_bundle() {
  echo "== PyInstaller (a few minutes)"
  rm -rf "$BUNDLE"
  mkdir -p "$BUILD"
  # Run from build/, so the checkout's kiosk_app/ (without its resources package) is not on
  # sys.path: the spec must see the installed package.
  (cd "$BUILD" && PYTHONPATH="$SITE" "$VENV/bin/pyinstaller" --noconfirm --log-level WARN \
    --distpath "$DIST" --workpath "$BUILD/pyinstaller" "$ROOT/packaging/kiosk-app.spec")
}

wait_while_held() {
  [ -n "${KIOSK_BUILD_HOLD:-}" ] || return 0
  [ -e "$KIOSK_BUILD_HOLD" ] && echo "== waiting for $KIOSK_BUILD_HOLD to go"
  while [ -e "$KIOSK_BUILD_HOLD" ]; do sleep 1; done
}

bundle_selftest() {
  echo "== bundle self-test"
  local scratch
  scratch="$(mktemp -d)"
  # Fresh config/data/log dirs so the build machine's own settings play no part.
  KIOSK_CONFIG_DIR="$scratch/config" KIOSK_DATA_DIR="$scratch/data" \
    KIOSK_LOG_DIR="$scratch/log" "$BUNDLE/kiosk-app" self-test
  rm -rf "$scratch"
}

# The .deb is made before the bundle's self-test (it does not run the bundle, so it need not
# wait for KIOSK_BUILD_HOLD) into build/deb-out, and reaches the output folder only once the
# self-test has passed (publish_deb).
DEB_OUT="$BUILD/deb-out"

build_deb() {
  echo "== .deb"
  local version arch
  version="$(PYTHONPATH="$SITE" "$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("kiosk-app"))')"
  arch="$(dpkg --print-architecture)"
  rm -rf "$DEB_OUT"
  "$VENV/bin/python" "$ROOT/packaging/deb/build_deb.py" --bundle "$BUNDLE" \
    --version "$version" --arch "$arch" --stage "$BUILD/deb" --out "$DEB_OUT" \
    --xz-level "${DEB_XZ_LEVEL:-6}"
}

publish_deb() {
  mkdir -p "$DIST"
  mv -f "$DEB_OUT"/kiosk-app_*.deb "$DIST"/
}

report() {
  echo "== figures"
  # MB = 10^6 bytes, as in the targets (bundle < 180 MB, .deb < 70 MB).
  local bytes deb
  bytes="$(du -sb "$BUNDLE" | cut -f1)"
  echo "bundle:  $(( bytes / 1000000 )) MB ($bytes bytes) in $BUNDLE"
  for deb in "$DIST"/kiosk-app_*.deb; do
    # Only a package built by this run (not one left over from an earlier build).
    [ "$deb" -nt "$BUNDLE/kiosk-app" ] || continue  # -nt is false for a missing file
    bytes="$(stat -c %s "$deb")"
    echo "deb:     $(( bytes / 1000000 )) MB ($bytes bytes) $deb"
  done
  "$VENV/bin/python" "$ROOT/packaging/measure_startup.py" "$BUNDLE/kiosk-app" \
    --runs "${STARTUP_RUNS:-5}"
}

install_system_packages
install_build_venv
build_bundle
[ "${SKIP_DEB:-0}" = "1" ] || build_deb
wait_while_held
bundle_selftest
[ "${SKIP_DEB:-0}" = "1" ] || publish_deb
report
