"""The command line's executors against hostile or wrong addresses, and the local Ray
cluster it starts: a ``--dask`` address that is no Dask scheduler is one line at once (no
``MemoryError``, no minute-long wait), and a Ray cluster holecard starts for itself listens
on the loopback interface only (issue 40, items 3 and 10)."""

from __future__ import annotations

import http.server
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import DASK_LOCAL
from holecard.cli import commands

EQUITY = ["equity", "stud", "As Ah", "Kd Kc", "--samples", "10"]


def run_cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "holecard", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def http_server() -> Iterator[str]:
    """An HTTP server on 127.0.0.1 that answers every request (with 501 or 400)."""
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def silent_listener() -> Iterator[str]:
    """A TCP listener on 127.0.0.1 that accepts connections and never says a word."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        sock.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(sock.accept()[0])
            except TimeoutError:
                continue
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(5)
        for conn in accepted:
            conn.close()
        sock.close()


def test_dask_at_an_http_server_is_not_a_dask_scheduler_at_once(http_server: str) -> None:
    # It printed "internal error: MemoryError" (the HTTP reply read as a 3 EiB frame).
    started = time.monotonic()
    done = run_cli(*EQUITY, "--dask", http_server)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"holecard: error: --dask {http_server}: not a Dask scheduler")
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "MemoryError" not in done.stderr
    assert time.monotonic() - started < 40


def test_dask_at_a_silent_listener_gives_up_after_the_connect_timeout(
    silent_listener: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # It waited for over a minute. In-process, with the timeout cut to a second: the
    # wait is bounded by it, whatever the listener does.
    from holecard.cli import main

    monkeypatch.setattr(commands, "CONNECT_SECONDS", 1.0)
    started = time.monotonic()
    code = main([*EQUITY, "--dask", silent_listener])
    elapsed = time.monotonic() - started
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith(f"holecard: error: --dask {silent_listener}: no answer within 1 s")
    assert len(err.splitlines()) == 1, err
    assert elapsed < 15, elapsed


def test_dask_at_a_silent_listener_in_a_subprocess_is_one_line(silent_listener: str) -> None:
    started = time.monotonic()
    done = run_cli(*EQUITY, "--dask", silent_listener)
    assert done.returncode == 2, done.stderr
    seconds = f"{commands.CONNECT_SECONDS:g}"
    message = f"holecard: error: --dask {silent_listener}: no answer within {seconds} s"
    assert done.stderr.startswith(message), done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert time.monotonic() - started < commands.CONNECT_SECONDS + 30


def test_dask_at_a_real_scheduler_still_runs() -> None:
    from distributed import LocalCluster

    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, threads_per_worker=1, processes=False, **DASK_LOCAL
    ) as cluster:
        from holecard.cli import commands as c

        with c._dask_client("--dask", cluster.scheduler_address) as client:
            assert sum(client.nthreads().values()) == 1


# ----- the local Ray cluster --------------------------------------------------------------

#: Started in a subprocess: a local cluster holecard starts (no address anywhere), a few
#: chunks run on it so that workers are up, then its processes stay until stdin closes.
RAY_SCRIPT = """
import sys
import holecard
holecard.simulate("razz", players=2, hands=200, seed=1, executor="ray", chunk_size=50)
print("ready", flush=True)
sys.stdin.read()
"""


def _descendants(root: int) -> set[int]:
    """``root`` and every process below it (Ray's gcs_server, raylet and workers)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo += children.get(pid, [])
    return found


def _socket_inodes(pids: set[int]) -> set[int]:
    inodes = set()
    for pid in pids:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(int(target[8:-1]))
    return inodes


def _listening(inodes: set[int]) -> list[str]:
    """The local addresses of the TCP sockets among ``inodes`` that listen."""
    out = []
    for table, v6 in (("/proc/net/tcp", False), ("/proc/net/tcp6", True)):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], int(fields[9])
            if state != "0A" or inode not in inodes:  # 0A: LISTEN
                continue
            host_hex, port_hex = local.split(":")
            raw = bytes.fromhex(host_hex)
            # /proc writes the address as 32-bit words in the host's byte order.
            words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
            if sys.byteorder == "big":
                words = raw
            host = socket.inet_ntop(socket.AF_INET6 if v6 else socket.AF_INET, words)
            out.append(f"{host}:{int(port_hex, 16)}")
    return out


_LOOPBACK = ("127.0.0.1:", "::1:", "::ffff:127.0.0.1:")


def test_a_local_ray_cluster_listens_on_the_loopback_interface_only() -> None:
    # Every process of the cluster listened on *:port for the whole run.
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    with subprocess.Popen(
        [sys.executable, "-c", RAY_SCRIPT],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    ) as p:
        try:
            assert p.stdout is not None
            assert p.stdout.readline().strip() == "ready"
            pids = _descendants(p.pid)
            listening = _listening(_socket_inodes(pids))
        finally:
            if p.stdin is not None:
                p.stdin.close()
            p.wait(timeout=120)
    assert p.returncode == 0
    # The driver, the GCS, the raylet and its workers all listen on something.
    assert len(listening) >= 4, listening
    exposed = [a for a in listening if not a.startswith(_LOOPBACK)]
    assert not exposed, f"listening beyond the loopback interface: {exposed}"
