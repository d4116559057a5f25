#!/usr/bin/env bash
# Sets up everything from a fresh Debian machine (apt libraries for Qt, a venv, the package
# with its dev extra) and then runs one of:
#   bash packaging/dev.sh demo    launch the kiosk in demo mode (embedded simulator, test token)
#   bash packaging/dev.sh test    run the whole test suite (ruff, mypy, import contracts,
#                                 dead code, pytest)
# Re-running is cheap: apt and pip only act on what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-test}"; shift || true
PY="${PYTHON:-python3}"
VENV="${KIOSK_VENV:-.venv}"

# System libraries Qt needs (headless and X11), Qt Multimedia's PulseAudio client, Xvfb.
APT_PACKAGES=(libegl1 libgl1 libfontconfig1 libxkbcommon0 libxkbcommon-x11-0 libdbus-1-3
  libglib2.0-0 libpulse0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0
  libxcb-render-util0 libxcb-randr0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libx11-xcb1
  xvfb python3-venv dpkg-dev)
# The tests also rebuild Qt's ICU data library (packaging/trim_icu.py), run the installed
# kiosk session command in cage, set a desk up with setup-kiosk-session (systemctl) and read
# window geometry under Xvfb with xdotool; xdotool and setxkbmap (x11-xkb-utils) type real X11
# keys into the kiosk window as a keyboard-wedge scanner does; ansible syntax-checks the example
# fleet playbook (packaging/ansible) and installs the built .deb with it; promtool (prometheus) checks the metrics file's format,
# and a node_exporter + prometheus server on loopback scrape it (tests/packaging/test_fleet_metrics.py).
# The Windows build runs under Wine (64-bit only), with stand-in DLLs built by MinGW and the
# installer built by NSIS (tests/packaging/test_windows.py, packaging/windows/wine_harness.py).
# A screen reader's view: the system Python's pyatspi reads the kiosk through AT-SPI
# (at-spi2-core) in a private session bus (dbus-run-session, dbus-bin): tests/gui/test_atspi.py.
if [ "$mode" = test ]; then
  APT_PACKAGES+=(binutils icu-devtools cage xwayland systemd xdotool x11-xkb-utils ansible
    prometheus prometheus-node-exporter wine wine64 gcc-mingw-w64-x86-64-win32 nsis
    dbus-bin at-spi2-core python3-pyatspi gir1.2-atspi-2.0)
fi

install_system_packages() {
  local missing=()
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing system packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

install_python_packages() {
  [ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip
  # The bundle build (started before) installs from this checkout too: one at a time.
  mkdir -p build
  flock build/package.lock "$VENV/bin/python" -m pip install -q -e ".[dev]"
  # shiboken's support modules as compiled files: no start compiles them (about 50 ms).
  "$VENV/bin/python" packaging/shiboken_files.py >/dev/null
}

# The Linux bundle build of tests/packaging/test_bundle.py, run into a scratch folder from the
# start of the whole test command (before its venv: the runner needs no package) at the lowest
# priority (SCHED_IDLE, idle I/O, nice 19: it takes only what the rest leaves of the cores), in
# this command's session and scheduler group (tests/support/bundle_build.py); its tests wait
# for it. It is paused (SIGSTOP) while the unit and timing-sensitive tests run, and the steps
# that run the bundle (its self-test, the figures) wait until those are over
# (KIOSK_BUILD_HOLD). It is ended and its folder removed when this command ends, however it
# ends.
start_bundle_build() {
  BUNDLE_BUILD_DIR="$(mktemp -d "${TMPDIR:-/tmp}/kiosk-build-XXXXXX")"
  export BUNDLE_BUILD_DIR
  bundle_build_hold="$BUNDLE_BUILD_DIR/hold"
  touch "$bundle_build_hold"
  KIOSK_BUILD_HOLD="$bundle_build_hold" \
    "$PY" -m tests.support.bundle_build "$BUNDLE_BUILD_DIR" &
  bundle_build_pid=$!
}

# Signal the build's runner (once it has written its pid file: its handlers are in place).
signal_bundle_build() {
  [ -n "${bundle_build_pid:-}" ] || return 0
  for _ in $(seq 300); do [ -e "$BUNDLE_BUILD_DIR/pid" ] && break; sleep 0.1; done
  kill "-$1" "$bundle_build_pid" 2>/dev/null || true
}

pause_bundle_build() { signal_bundle_build USR1; }

resume_bundle_build() {
  [ -n "${bundle_build_pid:-}" ] || return 0
  rm -f "$bundle_build_hold"
  signal_bundle_build USR2
}

stop_bundle_build() {
  if [ -n "${bundle_build_pid:-}" ]; then
    kill -TERM "$bundle_build_pid" 2>/dev/null || true
    wait "$bundle_build_pid" 2>/dev/null || true
  fi
  [ -z "${BUNDLE_BUILD_DIR:-}" ] || rm -rf "$BUNDLE_BUILD_DIR"
}

# The unit phase runs in the background beside the timing-sensitive phase (below); its output
# goes to a scratch file, shown whole when it ends.
start_unit_phase() {
  unit_log="$(mktemp "${TMPDIR:-/tmp}/kiosk-unit-XXXXXX")"
  local priority
  priority="$("$VENV/bin/python" -c \
    'from tests.support.bundle_build import priority_prefix; print(*priority_prefix())')"
  # A script's background job ignores SIGINT; the unit tests stop their children with it.
  # shellcheck disable=SC2086  # the prefix's words are separate arguments
  env --default-signal=INT $priority \
    "$VENV/bin/python" -m pytest --run-slow -n 2 tests/unit >"$unit_log" 2>&1 &
  unit_pid=$!
}

# Wait for the unit phase, show its output; its exit status is this function's.
finish_unit_phase() {
  local status=0
  wait "$unit_pid" || status=$?
  unit_pid=""
  cat "$unit_log"
  rm -f "$unit_log"
  return "$status"
}

# Ended early (a failure elsewhere, Ctrl-C, SIGTERM): what it printed so far is still shown.
stop_unit_phase() {
  if [ -n "${unit_pid:-}" ]; then
    pkill -TERM -P "$unit_pid" 2>/dev/null || true
    kill -TERM "$unit_pid" 2>/dev/null || true
    wait "$unit_pid" 2>/dev/null || true
    echo "== unit tests (ended early; their output so far)"
    cat "$unit_log" 2>/dev/null || true
  fi
  [ -z "${unit_log:-}" ] || rm -f "$unit_log"
}

# However the command ends: no phase or build left running, no scratch file left behind.
end_background_work() {
  stop_unit_phase
  stop_bundle_build
}

install_system_packages
if [ "$mode" = test ]; then
  trap end_background_work EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  # The whole suite: its bundle build starts now (unless an earlier build is tested).
  if [ $# -eq 0 ] && [ -z "${BUNDLE_TEST_DIST:-}" ]; then
    start_bundle_build
  fi
fi
install_python_packages

case "$mode" in
  demo)
    exec "$VENV/bin/kiosk-app" --demo "$@" ;;
  test)
    WINDOWS_TESTS=tests/packaging/test_windows.py
    TIMED_TESTS=(tests/gui/test_wedge_x11.py tests/gui/test_privacy.py
      tests/gui/test_soak_short.py tests/gui/test_soak_wait.py tests/gui/test_kiosk_escape.py
      tests/gui/test_kiosk_mode.py tests/gui/test_never_pay_twice.py tests/gui/test_camera_video.py
      tests/gui/test_camera_video_degraded.py tests/gui/test_camera_fallback.py
      tests/gui/test_serial_framing.py tests/gui/test_serial_pty.py tests/gui/test_network_faults.py
      tests/gui/test_diagnostics.py tests/gui/test_stop_signals.py)
    "$VENV/bin/ruff" format --check kiosk_app tests packaging
    "$VENV/bin/ruff" check kiosk_app tests packaging
    "$VENV/bin/mypy"
    "$VENV/bin/mypy" tests
    "$VENV/bin/mypy" packaging/*.py packaging/deb/*.py packaging/windows/*.py
    "$VENV/bin/lint-imports"
    "$VENV/bin/vulture"
    # --run-slow: the whole suite, the bundle build and the soak included (a plain pytest
    # skips them for a fast inner loop).
    if [ $# -eq 0 ]; then
      # Four phases, each timed by pytest's own summary line (docs/benchmarks.md#test-suite).
      # The GUI modules that time key gaps (X11 wedge), idle timers, serial framing, service
      # deadlines or real-time video run in one process at normal priority: they do not hold
      # beside a second worker of equal priority on two cores. tests/unit is CPU-bound, times
      # nothing and needs no display or fixed port: two workers (pytest-xdist) beside them at
      # the lowest priority (SCHED_IDLE, nice 19), which take only what that one process
      # leaves of the cores. The bundle build is paused meanwhile.
      phases_start=$SECONDS
      pause_bundle_build
      start_unit_phase
      echo "== timing-sensitive GUI tests (the unit tests run beside them)"
      timed_status=0
      "$VENV/bin/python" -m pytest --run-slow "${TIMED_TESTS[@]}" || timed_status=$?
      echo "== unit tests (two workers at idle priority, beside the timing-sensitive tests)"
      unit_status=0
      finish_unit_phase || unit_status=$?
      resume_bundle_build
      echo "== unit and timing-sensitive tests: $((SECONDS - phases_start)) s together"
      [ "$timed_status" -eq 0 ] && [ "$unit_status" -eq 0 ] || exit 1
      # The other GUI and packaging tests: two workers, a whole module each (every worker has
      # its own QApplication, simulator and Xvfb displays; the bundle tests are the only ones
      # that install on the machine). The packaging modules go first, without reordering, so
      # the bundle tests' wait for the build (if it is still running) is beside the GUI tests.
      echo "== GUI and packaging tests (without the Windows build)"
      ignored=()
      for module in "${TIMED_TESTS[@]}" "$WINDOWS_TESTS"; do ignored+=("--ignore=$module"); done
      "$VENV/bin/python" -m pytest --run-slow -n 2 --dist loadfile --no-loadscope-reorder \
        "${ignored[@]}" tests/packaging tests/gui
      # The Windows build and its smoke under Wine: minutes of their own, timed apart.
      echo "== Windows build and smoke under Wine"
      "$VENV/bin/python" -m pytest --run-slow "$WINDOWS_TESTS"
      exit 0
    fi
    exec "$VENV/bin/python" -m pytest --run-slow "$@" ;;
  *)
    echo "usage: bash packaging/dev.sh demo|test [args...]" >&2; exit 64 ;;
esac
