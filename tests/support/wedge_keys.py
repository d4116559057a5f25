"""Keyboard-wedge scans typed by ``xdotool`` on an X display, as a USB scanner types them.

``xdotool type`` turns a line feed into Return but has no key for RS or CR, so control
characters are sent with ``xdotool key``, in one of the conventions scanners are set to:

* ``enter-lf``: LF = Return, CR = Ctrl+M, RS = Ctrl+^ (Ctrl+Shift+6) — a common factory setting;
* ``ctrl``: LF = Ctrl+J, CR = Ctrl+M, RS = Ctrl+^;
* ``enter-cr``: CR = Return, LF = Ctrl+J, RS = Ctrl+^;
* ``ctrl-on-fr``: the keys of a US scanner in ``ctrl`` mode as a French (AZERTY) desk reads them;
* ``alt``: Windows-style Alt + keypad codes (Alt+0010, Alt+0013, Alt+0030); xdotool presses
  Num Lock around each keypad key, so Num Lock events arrive inside the code too.

Used by tests/gui/test_wedge_x11.py (the Linux window) and tests/packaging/test_windows.py (the
Windows bundle's window under Wine).
"""

from __future__ import annotations

from pathlib import Path

CONTROL_KEYS = {
    "enter-lf": {"\n": "Return", "\r": "ctrl+m", "\x1e": "ctrl+asciicircum"},
    "ctrl": {"\n": "ctrl+j", "\r": "ctrl+m", "\x1e": "ctrl+asciicircum"},
    "enter-cr": {"\n": "ctrl+j", "\r": "Return", "\x1e": "ctrl+asciicircum"},
    # The keys a US scanner in "ctrl" mode presses, as a French (AZERTY) desk reads them: its
    # M key is the comma key there, and Shift+6 is 6.
    "ctrl-on-fr": {"\n": "ctrl+j", "\r": "ctrl+comma", "\x1e": "ctrl+6"},
}


def _alt_code(char: str) -> list[str]:
    keys = " ".join(f"KP_{digit}" for digit in str(ord(char)).zfill(4))
    return ["keydown Alt_L", f"key --delay {{delay}} {keys}", "keyup Alt_L"]


def xdotool_script(
    text: str,
    convention: str,
    delay_ms: int,
    folder: Path,
    prefix: tuple[str, ...] = (),
    suffix: tuple[str, ...] = (),
) -> Path:
    """An xdotool script typing ``text`` like a wedge scanner set to ``convention``."""
    lines = [f"key --delay {delay_ms} {key}" for key in prefix]
    run: list[str] = []

    def flush_run() -> None:
        if run:
            piece = folder / f"run{len(lines)}.txt"
            piece.write_text("".join(run), encoding="utf-8")
            lines.append(f"type --delay {delay_ms} --file {piece}")
            run.clear()

    for char in text:
        if char.isprintable():
            run.append(char)
            continue
        flush_run()
        if convention == "alt":
            lines += [line.format(delay=delay_ms) for line in _alt_code(char)]
        else:
            lines.append(f"key --delay {delay_ms} {CONTROL_KEYS[convention][char]}")
    flush_run()
    lines += [f"key --delay {delay_ms} {key}" for key in suffix]
    script = folder / "scan.xdo"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return script
