"""Tell systemd how the companion is doing: a tiny sd_notify(3) client.

With ``Type=notify`` systemd waits for ``READY=1`` before it calls the
service started, and with ``WatchdogSec=`` it restarts the service when the
``WATCHDOG=1`` pings stop. systemd passes the address of its socket in
``$NOTIFY_SOCKET`` (a path, or an abstract name written with a leading
``@``) and the watchdog period in ``$WATCHDOG_USEC``.

Without ``$NOTIFY_SOCKET`` (a PC, a terminal, the tests) every method does
nothing. A message that cannot be sent is logged and dropped: telling
systemd never stops the game. No dependencies; nothing is sent at import, and
the socket module (13 M instructions, its enums) is imported by the first message.

    notifier = Notifier.from_env()
    notifier.ready("Round 1 · setup")
    every = notifier.watchdog_interval()   # seconds, or None: no pings wanted
    ...
    notifier.watchdog()                    # from the main loop, every `every` s
    notifier.stopping()
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import socket

log = logging.getLogger(__name__)


class Notifier:
    """Sends sd_notify datagrams to ``address`` (None: a silent no-op)."""

    def __init__(self, address: str | None, *, watchdog_usec: int | None = None):
        self.address = address or None
        self._watchdog_usec = watchdog_usec
        self._socket: socket.socket | None = None
        self._failing = False

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Notifier:
        """A notifier for ``$NOTIFY_SOCKET``, with the watchdog of ``$WATCHDOG_USEC``."""
        env = os.environ if env is None else env
        address = env.get("NOTIFY_SOCKET") or None
        if address is not None and not address.startswith(("/", "@")):
            log.warning("NOTIFY_SOCKET=%r is neither a path nor an @abstract name; not notifying systemd",
                        address)
            address = None
        return cls(address, watchdog_usec=_watchdog_usec(env))

    @property
    def enabled(self) -> bool:
        return self.address is not None

    # ------------------------------------------------------------ messages

    def ready(self, status: str | None = None) -> bool:
        """Startup is finished (``READY=1``), optionally with a status line."""
        return self.notify("READY=1", *self._status(status))

    def watchdog(self) -> bool:
        """The main loop is alive (``WATCHDOG=1``)."""
        return self.notify("WATCHDOG=1")

    def status(self, text: str) -> bool:
        """One line shown by ``systemctl status`` (``STATUS=...``)."""
        return self.notify(*self._status(text))

    def stopping(self) -> bool:
        """Shutting down on purpose (``STOPPING=1``)."""
        return self.notify("STOPPING=1")

    def extend_timeout(self, seconds: float) -> bool:
        """Ask for ``seconds`` more to start or stop (``EXTEND_TIMEOUT_USEC=``): a slow first refresh."""
        return self.notify(f"EXTEND_TIMEOUT_USEC={max(0, int(seconds * 1_000_000))}")

    def watchdog_interval(self) -> float | None:
        """Seconds between watchdog pings (half of ``WatchdogSec=``), or None when none are wanted."""
        if self.address is None or not self._watchdog_usec:
            return None
        return self._watchdog_usec / 2 / 1_000_000

    # ------------------------------------------------------------ sending

    def notify(self, *assignments: str) -> bool:
        """Send ``KEY=value`` lines as one datagram; True if it was sent. Never raises."""
        if self.address is None or not assignments:
            return False
        message = "\n".join(assignments).encode("utf-8", "replace")
        try:
            if self._socket is None:
                import socket

                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                # Never wait on systemd: a full queue drops the message.
                self._socket.setblocking(False)
            self._socket.sendto(message, _sockaddr(self.address))
        except (OSError, ValueError) as error:
            # Logged once per run of failures, so a missing socket does not fill the log.
            level = logging.DEBUG if self._failing else logging.WARNING
            log.log(level, "could not notify systemd at %s (%s): %s", self.address,
                    assignments[0].split("=")[0], error)
            self._failing = True
            self._close_socket()
            return False
        if self._failing:
            log.info("notifying systemd at %s works again", self.address)
            self._failing = False
        return True

    def close(self) -> None:
        self._close_socket()

    def __enter__(self) -> Notifier:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _close_socket(self) -> None:
        if self._socket is not None:
            try:
                self._socket.close()
            except OSError:  # pragma: no cover - close of a datagram socket does not fail
                pass
            self._socket = None

    @staticmethod
    def _status(text: str | None) -> tuple[str, ...]:
        if text is None:
            return ()
        # One line: a newline would start a new assignment.
        return ("STATUS=" + " ".join(str(text).splitlines()),)


def _sockaddr(address: str) -> str | bytes:
    if address.startswith("@"):
        return b"\0" + address[1:].encode()
    return address


def _watchdog_usec(env: Mapping[str, str]) -> int | None:
    """``$WATCHDOG_USEC`` if it is meant for this process (``$WATCHDOG_PID``, when set, is ours)."""
    raw = env.get("WATCHDOG_USEC")
    if not raw:
        return None
    pid = env.get("WATCHDOG_PID")
    if pid and pid != str(os.getpid()):
        return None
    try:
        usec = int(raw)
    except ValueError:
        log.warning("WATCHDOG_USEC=%r is not a number; no watchdog pings", raw)
        return None
    return usec if usec > 0 else None
