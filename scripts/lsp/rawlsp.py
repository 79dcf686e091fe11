"""A minimal LSP client over a child's stdin/stdout, with no dependencies: exact framing control and timestamps for
the benchmark and for the tests that misbehave on purpose (no shutdown, stdin closed, garbage frames).
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import threading
import time
from typing import Any, Callable


class RawClient:
    def __init__(self, command: list[str], env: dict[str, str] | None = None, cwd: str | None = None):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd
        )
        self._ids = itertools.count(1)
        self._lock = threading.Condition()
        self.responses: dict[Any, tuple[float, dict]] = {}
        self.notifications: list[tuple[float, dict]] = []
        self.server_requests: list[dict] = []
        self.stderr_lines: list[str] = []
        self.closed = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    # MARK: wire

    def send(self, message: dict) -> None:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def send_bytes(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        raise EOFError
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.decode("ascii").partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                if length is None:
                    raise ValueError("a frame without Content-Length")
                body = stream.read(length)
                now = time.monotonic()
                message = json.loads(body)
                with self._lock:
                    if "id" in message and "method" not in message:
                        self.responses[message["id"]] = (now, message)
                    elif "id" in message:
                        self.server_requests.append(message)
                        self._answer_server_request(message)
                    else:
                        self.notifications.append((now, message))
                    self._lock.notify_all()
        except (EOFError, ValueError, OSError):
            with self._lock:
                self.closed = True
                self._lock.notify_all()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr_lines.append(line.decode("utf-8", "replace"))

    def _answer_server_request(self, message: dict) -> None:
        result: Any = None
        if message["method"] == "workspace/configuration":
            result = [None for _ in message.get("params", {}).get("items", [])]
        elif message["method"] == "workspace/applyEdit":
            result = {"applied": False}
        try:
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})
        except OSError:
            pass

    # MARK: messages

    def notify(self, method: str, params: Any = None) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request_async(self, method: str, params: Any = None) -> tuple[int, float]:
        """Sends a request; returns its id and the time it was sent."""
        request_id = next(self._ids)
        sent = time.monotonic()
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return request_id, sent

    def response(self, request_id: int, timeout: float = 30) -> tuple[float, dict]:
        with self._lock:
            if not self._lock.wait_for(lambda: request_id in self.responses or self.closed, timeout):
                raise TimeoutError(f"no response to request {request_id}")
            if request_id not in self.responses:
                raise EOFError("the server closed its output")
            return self.responses.pop(request_id)

    def request(self, method: str, params: Any = None, timeout: float = 30) -> dict:
        request_id, _ = self.request_async(method, params)
        _, message = self.response(request_id, timeout)
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error']}")
        return message.get("result")

    def wait_notification(self, predicate: Callable[[dict], bool], since: int = 0, timeout: float = 30) -> tuple[float, dict, int]:
        """The first notification at index ≥ `since` that satisfies `predicate`: (arrival time, message, index)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            index = since
            while True:
                while index < len(self.notifications):
                    when, message = self.notifications[index]
                    if predicate(message):
                        return when, message, index
                    index += 1
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.closed:
                    raise TimeoutError("notification not received")
                self._lock.wait(remaining)

    def mark(self) -> int:
        with self._lock:
            return len(self.notifications)

    def initialize(self, root_uri: str, capabilities: dict | None = None, **extra: Any) -> dict:
        params = {
            "processId": os.getpid(),
            "rootUri": root_uri,
            "workspaceFolders": [{"uri": root_uri, "name": "recipes"}],
            "capabilities": capabilities
            or {
                "textDocument": {"publishDiagnostics": {"versionSupport": True}, "hover": {"contentFormat": ["markdown"]}},
                "workspace": {"workspaceEdit": {"documentChanges": False}},
            },
            **extra,
        }
        result = self.request("initialize", params)
        self.notify("initialized", {})
        return result

    def shutdown(self, timeout: float = 10) -> int | None:
        try:
            self.request("shutdown", None, timeout)
            self.notify("exit", None)
        except (OSError, TimeoutError, EOFError, RuntimeError):
            pass
        return self.wait_exit(timeout)

    def wait_exit(self, timeout: float = 10) -> int | None:
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def peak_rss_kib(self) -> int | None:
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None
