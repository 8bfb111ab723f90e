"""At a terminal the simulator calls the loop's idle while the keys rest, as the Pi's key wait
does, so the table view (issue 25) appears in the simulator too. The terminal is faked: a
keystroke is ready or not, as the test says, so nothing here waits."""

from contextlib import nullcontext

from companion.ui.key_event import KeyEvent
from hardware.sim import terminal


def typed(monkeypatch, waits: list[bool], keys: str) -> list[str]:
    """A terminal where select reports ``waits`` in turn (False: a second without a key), then
    always ready, and reading gives ``keys``; returns the log of what happened."""
    log: list[str] = []
    pending = list(keys)
    monkeypatch.setattr(terminal, "_is_tty", lambda stream: True)
    monkeypatch.setattr(terminal, "_raw", lambda stream: nullcontext())
    monkeypatch.setattr(terminal, "_ready", lambda stream, seconds: waits.pop(0) if waits else True)

    def read(stream) -> str:
        log.append("read")
        return pending.pop(0) if pending else ""

    monkeypatch.setattr(terminal, "_read_byte", read)
    return log


def test_idle_is_called_while_no_key_is_typed_then_the_key_comes(monkeypatch):
    log = typed(monkeypatch, [False, False, False], "1q")
    events = list(terminal.TerminalKeys(object()).events(idle=lambda: log.append("idle")))  # type: ignore[arg-type]
    assert log == ["idle", "idle", "idle", "read", "read"]
    assert events == [KeyEvent(0, long=False)]


def test_without_idle_the_keys_are_read_as_before():
    import io

    # (a pipe, or the key scripts: no idle, no waiting)
    assert list(terminal.TerminalKeys(io.StringIO("L2 4 q")).events()) == [KeyEvent(1, long=True),
                                                                        KeyEvent(3, long=False)]


def test_the_ready_check_says_ready_where_it_cannot_tell():
    assert terminal._ready(object(), 0.0) is True  # no file number: select cannot watch it
