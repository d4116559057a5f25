"""Process hardening done first thing at start: no core dump may hold a customer.

A crash while a result is on screen would otherwise write the whole address space (names,
licence numbers, dates of birth) to disk through the kernel's core pattern (a ``core`` file,
systemd-coredump, apport). On Linux :func:`forbid_core_dumps` sets ``RLIMIT_CORE`` to 0 (soft
and hard: a child cannot raise it back) and ``PR_SET_DUMPABLE`` to 0 (systemd-coredump and
apport honour it even with a core limit; it also keeps other processes of the same user from
attaching a debugger). The kiosk's systemd unit says ``LimitCORE=0`` as well.

On Windows, Windows Error Reporting writes no full dump of the kiosk: the installer sets the
``LocalDumps`` key for ``kiosk-app.exe`` (see docs/security.md, "Core dumps"). Elsewhere
(macOS is not a target) nothing is done.

:func:`ignore_key_log_setting` drops ``SSLKEYLOGFILE`` from the environment before any TLS
connection, for the GUI and every command.

POSIX modules (``resource``, ``ctypes``' libc) are imported inside the platform check, so the
package imports on Windows.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Final

# <linux/prctl.h>
PR_SET_DUMPABLE: Final = 4
PR_GET_DUMPABLE: Final = 3
NOT_DUMPABLE: Final = 0

_log = logging.getLogger(__name__)


def forbid_core_dumps() -> bool:
    """No core dump of this process (Linux); True when both settings took. Never raises."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes
    import resource

    done = True
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (OSError, ValueError) as exc:
        _log.warning("core dumps could not be limited (%s)", type(exc).__name__)
        done = False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_DUMPABLE, NOT_DUMPABLE, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_DUMPABLE) failed")
    except (OSError, AttributeError) as exc:
        _log.warning("the process could not be made non-dumpable (%s)", type(exc).__name__)
        done = False
    return done


def dumpable() -> bool | None:
    """Whether this process may dump core per ``prctl`` (None: not Linux)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    return bool(libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0))


# urllib3 and ``ssl.create_default_context`` write every TLS session key to the file this
# variable names; that file would let anyone who can read it decrypt the token and the
# licence data on the wire. The kiosk never honours it.
KEY_LOG_VARIABLE: Final = "SSLKEYLOGFILE"


def ignore_key_log_setting() -> None:
    """Remove ``SSLKEYLOGFILE`` from this process's environment (before any TLS context)."""
    os.environ.pop(KEY_LOG_VARIABLE, None)
