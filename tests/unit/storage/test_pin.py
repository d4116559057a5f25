"""Admin PIN: salted hash, never in clear; five wrong PINs lock it, longer each time."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from kiosk_app.storage import pin as pin_module
from kiosk_app.storage.pin import (
    FIRST_LOCK_S,
    LOCK_AFTER_FAILURES,
    MAX_LOCK_S,
    PinFileError,
    PinFormatError,
    PinNotSetError,
    PinStore,
    ScryptParams,
)

# Cheap scrypt for speed; one test below uses the real parameters.
FAST = ScryptParams(n=2**4, r=1, p=1)


class FakeClock:
    """Wall time the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path: Path, clock: FakeClock) -> PinStore:
    return PinStore(tmp_path / "admin_pin.json", clock=clock, params=FAST)


def fail_times(store: PinStore, count: int) -> None:
    for _ in range(count):
        assert not store.verify("0000").accepted


def test_first_start_has_no_pin(store: PinStore) -> None:
    assert not store.is_set()
    with pytest.raises(PinNotSetError):
        store.verify("1234")


def test_default_location_is_the_config_dir() -> None:
    store = PinStore(params=FAST)
    store.set_pin("2468")
    assert (pin_module.paths.config_dir() / pin_module.PIN_FILE_NAME).exists()  # type: ignore[attr-defined]


def test_set_then_verify(store: PinStore) -> None:
    store.set_pin("482913")
    assert store.is_set()
    assert store.verify("482913").accepted
    assert not store.verify("482914").accepted


def test_pin_is_not_stored_in_clear_and_file_is_owner_only(store: PinStore) -> None:
    store.set_pin("482913")
    text = store.path.read_text(encoding="utf-8")
    assert "482913" not in text
    data = json.loads(text)
    assert {"salt", "hash", "n", "r", "p"} <= data.keys()
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600


def test_same_pin_gets_a_new_salt_each_time(store: PinStore, tmp_path: Path) -> None:
    other = PinStore(tmp_path / "other.json", params=FAST)
    store.set_pin("482913")
    other.set_pin("482913")
    first, second = (json.loads(p.read_text()) for p in (store.path, other.path))
    assert first["salt"] != second["salt"]
    assert first["hash"] != second["hash"]


@pytest.mark.parametrize("bad", ["", "123", "1234567890123", "12a4", "１２３４", " 1234"])
def test_new_pin_format_is_enforced(store: PinStore, bad: str) -> None:
    with pytest.raises(PinFormatError):
        store.set_pin(bad)
    assert not store.is_set()


def test_real_parameters_round_trip(tmp_path: Path) -> None:
    store = PinStore(tmp_path / "pin.json")
    store.set_pin("1357")
    data = json.loads(store.path.read_text())
    assert (data["n"], data["r"], data["p"]) == (2**15, 8, 1)
    assert store.verify("1357").accepted
    assert not store.verify("1358").accepted


def test_attempts_left_counts_down(store: PinStore) -> None:
    store.set_pin("1111")
    lefts = [store.verify("2222").attempts_left for _ in range(LOCK_AFTER_FAILURES - 1)]
    assert lefts == [4, 3, 2, 1]


def test_five_wrong_pins_lock_even_the_right_one(store: PinStore, clock: FakeClock) -> None:
    store.set_pin("1111")
    fail_times(store, LOCK_AFTER_FAILURES - 1)
    fifth = store.verify("0000")
    assert fifth.locked_for_s == FIRST_LOCK_S
    locked = store.verify("1111")
    assert not locked.accepted
    assert locked.locked_for_s == pytest.approx(FIRST_LOCK_S)
    clock.now += FIRST_LOCK_S - 1
    assert not store.verify("1111").accepted
    assert store.lock_remaining_s() == pytest.approx(1.0)
    clock.now += 1
    assert store.lock_remaining_s() == 0.0
    assert store.verify("1111").accepted


def test_lock_grows_with_each_lockout_and_resets_on_success(
    store: PinStore, clock: FakeClock
) -> None:
    store.set_pin("1111")
    delays = []
    for _ in range(3):
        fail_times(store, LOCK_AFTER_FAILURES - 1)
        delays.append(store.verify("0000").locked_for_s)
        clock.now += delays[-1]
    assert delays == [FIRST_LOCK_S, FIRST_LOCK_S * 2, FIRST_LOCK_S * 4]
    assert store.verify("1111").accepted
    fail_times(store, LOCK_AFTER_FAILURES - 1)
    assert store.verify("0000").locked_for_s == FIRST_LOCK_S


def test_lock_is_capped(store: PinStore, clock: FakeClock) -> None:
    store.set_pin("1111")
    last = 0.0
    for _ in range(12):
        fail_times(store, LOCK_AFTER_FAILURES - 1)
        last = store.verify("0000").locked_for_s
        clock.now += last
    assert last == MAX_LOCK_S


def test_lockout_survives_a_restart(store: PinStore, clock: FakeClock) -> None:
    store.set_pin("1111")
    fail_times(store, LOCK_AFTER_FAILURES)
    restarted = PinStore(store.path, clock=clock, params=FAST)
    assert restarted.lock_remaining_s() == pytest.approx(FIRST_LOCK_S)
    assert not restarted.verify("1111").accepted


def test_failures_before_lock_survive_a_restart(store: PinStore, clock: FakeClock) -> None:
    store.set_pin("1111")
    fail_times(store, LOCK_AFTER_FAILURES - 1)
    restarted = PinStore(store.path, clock=clock, params=FAST)
    assert restarted.verify("0000").locked_for_s == FIRST_LOCK_S


def test_clock_set_back_cannot_lock_forever(store: PinStore, clock: FakeClock) -> None:
    store.set_pin("1111")
    fail_times(store, LOCK_AFTER_FAILURES)
    clock.now -= 10 * 365 * 24 * 3600
    assert store.lock_remaining_s() == MAX_LOCK_S
    assert store.verify("1111").locked_for_s == MAX_LOCK_S
    clock.now += MAX_LOCK_S
    assert store.verify("1111").accepted


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        "[]",
        '{"salt": "x"}',
        '{"salt": "@@", "hash": "@@", "n": 16, "r": 1, "p": 1}',
        '{"salt": "AA==", "hash": "AA==", "n": "16", "r": 1, "p": 1}',
    ],
)
def test_damaged_file_is_an_error_not_a_missing_pin(store: PinStore, content: str) -> None:
    store.path.write_text(content, encoding="utf-8")
    assert store.is_set()
    with pytest.raises(PinFileError):
        store.verify("1234")


def test_tampered_cost_is_refused(store: PinStore) -> None:
    store.set_pin("1111")
    data = json.loads(store.path.read_text())
    data["n"] = 2**30
    store.path.write_text(json.dumps(data))
    with pytest.raises(PinFileError):
        store.verify("1111")


# Runs in a child process whose file-size limit is 0, so every write of the PIN file fails
# like on a full disk (EFBIG instead of ENOSPC; root ignores a read-only folder's mode bits).
UNWRITABLE_CHILD = """
import json, resource, signal, sys
from pathlib import Path
from kiosk_app.storage.pin import PinStore, ScryptParams

class Clock:
    now = 1_000_000.0
    def __call__(self):
        return self.now

clock = Clock()
store = PinStore(Path(sys.argv[1]), clock=clock, params=ScryptParams(n=16, r=1, p=1))
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))
seen = []
for pin, wait in [("0000", 0), ("1111", 0), ("0000", 29), ("0000", 1), ("1111", 0),
                  ("1111", 60), ("0000", 0)]:
    clock.now += wait
    try:
        check = store.verify(pin)
    except Exception as exc:
        seen.append(["raised", type(exc).__name__])
    else:
        unrecorded = getattr(check, "unrecorded", False)
        seen.append([check.accepted, round(check.locked_for_s), unrecorded])
print(json.dumps({"seen": seen, "remaining": store.lock_remaining_s()}))
"""


def test_a_wrong_pin_that_cannot_be_recorded_locks_the_pad(tmp_path: Path) -> None:
    import subprocess
    import sys

    store = PinStore(tmp_path / "admin_pin.json", params=FAST)
    store.set_pin("1111")
    before = store.path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-c", UNWRITABLE_CHILD, str(store.path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    seen = json.loads(done.stdout)["seen"]
    assert seen == [
        [False, FIRST_LOCK_S, True],  # not recorded: the first wrong PIN locks at once
        [False, FIRST_LOCK_S, False],  # even the right PIN is not checked while locked
        [False, 1, False],
        [False, FIRST_LOCK_S * 2, True],  # the next unrecorded failure locks for longer
        [False, FIRST_LOCK_S * 2, False],
        [True, 0, False],  # once the lock ends the right PIN still works
        [False, FIRST_LOCK_S, True],  # and a success starts the growth again
    ]
    assert store.path.read_bytes() == before  # nothing could be written, as intended
