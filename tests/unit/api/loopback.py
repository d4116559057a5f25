"""The accept loop the loopback test servers share: listen, accept in a thread, stop cleanly."""

from __future__ import annotations

import socket
import threading


class LoopbackListener:
    """Listens on 127.0.0.1 and hands each accepted connection to ``_handle`` in its own thread.

    Subclasses call :meth:`_listen` once (from ``__post_init__``) and implement ``_handle``.
    """

    def _listen(self, port: int = 0, *, reuse_address: bool = False) -> None:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if reuse_address:
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", port))
        self._sock.listen(16)
        self._sock.settimeout(0.1)
        self._stop = threading.Event()
        self._open: list[socket.socket] = []  # closed by stop()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def authority(self) -> str:
        """``127.0.0.1:PORT`` of the listening socket."""
        return f"127.0.0.1:{self._sock.getsockname()[1]}"

    def stop(self) -> None:
        """Stop accepting and close every connection."""
        self._stop.set()
        self._thread.join(5)
        for sock in self._open:
            sock.close()
        self._sock.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self._accepted(conn)
            self._open.append(conn)
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _accepted(self, conn: socket.socket) -> None:
        """Called for each connection before it is handled; nothing by default."""

    def _handle(self, conn: socket.socket) -> None:
        raise NotImplementedError
