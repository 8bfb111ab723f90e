"""Notifier against real AF_UNIX datagram sockets standing in for systemd's."""

import logging
import os
import socket
import sys
import time
import uuid

import pytest

from hardware.sd_notify import Notifier


@pytest.fixture
def systemd(notify_socket):
    """systemd's end: the datagram socket of tests/hardware/conftest.py; (socket, its path)."""
    return notify_socket


def received(server) -> str:
    return server.recv(4096).decode()


def nothing_waiting(server) -> bool:
    server.settimeout(0.05)
    try:
        server.recv(4096)
    except (TimeoutError, BlockingIOError):
        return True
    return False


# ------------------------------------------------------------ messages


def test_ready_with_a_status_line(systemd):
    server, path = systemd
    with Notifier.from_env({"NOTIFY_SOCKET": path}) as notifier:
        assert notifier.enabled
        assert notifier.ready("Round 1 · setup") is True
    assert received(server) == "READY=1\nSTATUS=Round 1 · setup"


def test_ready_without_a_status(systemd):
    server, path = systemd
    Notifier(path).ready()
    assert received(server) == "READY=1"


def test_watchdog_stopping_status_and_more_time(systemd):
    server, path = systemd
    notifier = Notifier(path)
    assert notifier.watchdog() and notifier.stopping() and notifier.status("Round 4 · Turn 2/4")
    assert notifier.extend_timeout(2.5)
    assert [received(server) for _ in range(4)] == [
        "WATCHDOG=1", "STOPPING=1", "STATUS=Round 4 · Turn 2/4", "EXTEND_TIMEOUT_USEC=2500000"]
    notifier.close()


def test_a_status_is_always_one_line(systemd):
    server, path = systemd
    Notifier(path).status("panel failing:\nBUSY stuck\r\nretrying")
    assert received(server) == "STATUS=panel failing: BUSY stuck retrying"


def test_several_assignments_go_in_one_datagram(systemd):
    server, path = systemd
    assert Notifier(path).notify("READY=1", "MAINPID=42")
    assert received(server) == "READY=1\nMAINPID=42"
    assert nothing_waiting(server)


def test_the_socket_is_reused_between_messages(systemd, mocker):
    server, path = systemd
    opened = mocker.spy(socket, "socket")
    notifier = Notifier(path)
    notifier.watchdog()
    notifier.watchdog()
    assert opened.call_count == 1
    notifier.close()
    notifier.watchdog()  # opened again on demand
    assert opened.call_count == 2
    notifier.close()
    assert [received(server) for _ in range(3)] == ["WATCHDOG=1"] * 3


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="abstract sockets are Linux only")
def test_an_abstract_socket_name():
    name = f"elgrande-test-{uuid.uuid4().hex}"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(b"\0" + name.encode())
    server.settimeout(5)
    try:
        notifier = Notifier.from_env({"NOTIFY_SOCKET": f"@{name}"})
        assert notifier.ready("up")
        assert notifier.watchdog()
        assert received(server) == "READY=1\nSTATUS=up"
        assert received(server) == "WATCHDOG=1"
        notifier.close()
    finally:
        server.close()


# ------------------------------------------------------------ not under systemd


def test_without_notify_socket_everything_is_a_no_op():
    notifier = Notifier.from_env({"WATCHDOG_USEC": "30000000"})
    assert not notifier.enabled
    assert notifier.ready("x") is False
    assert notifier.watchdog() is False
    assert notifier.status("x") is False
    assert notifier.stopping() is False
    assert notifier.watchdog_interval() is None  # no socket: no pings wanted
    assert notifier._socket is None  # not even a socket was made
    notifier.close()


def test_from_env_reads_os_environ_by_default(monkeypatch, systemd):
    server, path = systemd
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    monkeypatch.setenv("WATCHDOG_USEC", "4000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    notifier = Notifier.from_env()
    assert notifier.address == path and notifier.watchdog_interval() == 2.0
    monkeypatch.delenv("NOTIFY_SOCKET")
    assert not Notifier.from_env().enabled


def test_an_empty_notify_socket_is_none():
    assert not Notifier.from_env({"NOTIFY_SOCKET": ""}).enabled
    assert not Notifier("").enabled


def test_a_notify_socket_that_is_not_an_address_is_ignored_with_a_warning(caplog):
    with caplog.at_level(logging.WARNING, logger="hardware.sd_notify"):
        notifier = Notifier.from_env({"NOTIFY_SOCKET": "run/systemd/notify"})
    assert not notifier.enabled and notifier.ready() is False
    assert "neither a path nor an @abstract name" in caplog.text


# ------------------------------------------------------------ the watchdog's period


def test_watchdog_interval_is_half_of_watchdog_usec(systemd):
    _, path = systemd
    assert Notifier.from_env({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"}).watchdog_interval() == 15.0
    assert Notifier(path, watchdog_usec=100_000).watchdog_interval() == 0.05


def test_watchdog_pid_of_this_process_keeps_the_pings(systemd):
    _, path = systemd
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}
    assert Notifier.from_env(env).watchdog_interval() == 15.0


def test_watchdog_pid_of_another_process_disables_the_pings(systemd):
    _, path = systemd
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid() + 1)}
    notifier = Notifier.from_env(env)
    assert notifier.watchdog_interval() is None
    assert notifier.enabled  # READY etc. still go to systemd


@pytest.mark.parametrize("usec", ["", "0", "-5", "thirty", "1.5e6"])
def test_no_usable_watchdog_usec_means_no_pings(systemd, usec):
    _, path = systemd
    assert Notifier.from_env({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": usec}).watchdog_interval() is None


# ------------------------------------------------------------ failures never reach the game


def test_a_socket_that_never_existed_never_raises(tmp_path):
    notifier = Notifier(str(tmp_path / "no-such-socket"))
    assert notifier.ready("up") is False
    assert notifier.watchdog() is False


def test_a_vanished_socket_never_raises_logs_once_and_recovers(systemd, caplog):
    server, path = systemd
    notifier = Notifier(path)
    assert notifier.ready()
    assert received(server) == "READY=1"
    server.close()
    os.unlink(path)  # systemd's socket is gone
    with caplog.at_level(logging.DEBUG, logger="hardware.sd_notify"):
        for _ in range(5):
            assert notifier.watchdog() is False
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "could not notify systemd" in warnings[0].getMessage()
    assert "WATCHDOG" in warnings[0].getMessage()

    again = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)  # it comes back
    again.bind(path)
    again.settimeout(5)
    try:
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="hardware.sd_notify"):
            assert notifier.watchdog() is True
        assert received(again) == "WATCHDOG=1"
        assert "works again" in caplog.text
    finally:
        again.close()


def test_a_path_that_is_not_a_socket_never_raises(tmp_path):
    plain = tmp_path / "file"
    plain.write_text("")
    assert Notifier(str(plain)).watchdog() is False
    assert Notifier("@").watchdog() is False  # an empty abstract name nobody listens on


def test_a_full_queue_drops_messages_instead_of_blocking(systemd):
    server, path = systemd  # nobody reads: the queue fills up
    notifier = Notifier(path)
    start = time.monotonic()
    results = [notifier.watchdog() for _ in range(2000)]
    assert time.monotonic() - start < 5
    assert results[0] is True
    assert False in results  # dropped, not waited for
