"""The server's lifecycle on the wire, with a raw client: exit without shutdown, a client that disappears, garbage
frames, requests before initialize, and stdout carrying nothing but protocol frames."""

from __future__ import annotations

import time

import lspkit
from rawlsp import RawClient


def start_raw(root) -> RawClient:
    return RawClient([lspkit.juice_path(), "lsp", "--recipes", str(root)], env=lspkit.juice_env())


def test_exit_without_shutdown_ends_the_server(recipes):
    client = start_raw(recipes)
    try:
        client.initialize(lspkit.uri(recipes))
        client.notify("exit", None)
        code = client.wait_exit(10)
        assert code is not None, "the server did not exit after `exit` without `shutdown`"
        assert code == 1, f"exit without shutdown must exit 1 (LSP 3.17), got {code}"
    finally:
        client.kill()


def test_shutdown_then_exit_is_clean(recipes):
    client = start_raw(recipes)
    try:
        client.initialize(lspkit.uri(recipes))
        assert client.request("shutdown", None) is None
        client.notify("exit", None)
        assert client.wait_exit(10) == 0
    finally:
        client.kill()


def test_client_disappears(recipes):
    """stdin closed with no shutdown and no exit: the server ends by itself."""
    client = start_raw(recipes)
    try:
        client.initialize(lspkit.uri(recipes))
        client.notify("textDocument/didOpen", {"textDocument": {"uri": lspkit.uri(recipes / "juices.yaml"), "languageId": "yaml", "version": 1, "text": (recipes / "juices.yaml").read_text()}})
        client.process.stdin.close()
        assert client.wait_exit(10) is not None, "the server kept running after its client went away"
    finally:
        client.kill()


def test_garbage_frames_do_not_end_the_session(recipes):
    client = start_raw(recipes)
    try:
        client.initialize(lspkit.uri(recipes))
        mark = client.mark()
        # Not JSON, JSON that is not JSON-RPC, a request with a wrong params shape, invalid UTF-8.
        for body in (b"{not json", b"[1, 2, 3]", b'{"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": 7}', b'{"jsonrpc": "2.0", "method": "x\xff\xfe"}'):
            client.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        time.sleep(0.3)
        assert client.process.poll() is None, "the server died on a garbage frame"
        # A real request still works.
        text = (recipes / "juices.yaml").read_text()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": lspkit.uri(recipes / "juices.yaml"), "languageId": "yaml", "version": 3, "text": text}})
        line = lspkit.lines(text).index("    recipe: {kiwi: 3}")
        hover = client.request("textDocument/hover", {"textDocument": {"uri": lspkit.uri(recipes / "juices.yaml")}, "position": {"line": line, "character": 14}})
        assert hover and "키위" in str(hover)
        client.wait_notification(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == 3, since=mark)
        if 99 in client.responses:
            assert "error" in client.responses[99][1]
    finally:
        client.shutdown()
        client.kill()


def test_request_before_initialize_is_refused(recipes):
    client = start_raw(recipes)
    try:
        request_id, _ = client.request_async("textDocument/hover", {"textDocument": {"uri": lspkit.uri(recipes / "juices.yaml")}, "position": {"line": 0, "character": 0}})
        _, message = client.response(request_id, 10)
        assert message.get("error", {}).get("code") == -32002, message
        client.initialize(lspkit.uri(recipes))
    finally:
        client.shutdown()
        client.kill()


def test_stdout_holds_only_frames_and_logs_go_to_stderr(recipes):
    """The reader parses every byte of stdout as frames (it stops at the first non-frame); a whole session with
    errors in the set leaves it running and parsing."""
    client = start_raw(recipes)
    try:
        client.initialize(lspkit.uri(recipes))
        client.wait_notification(lambda m: m.get("method") == "textDocument/publishDiagnostics", timeout=15)
        assert not client.closed
        assert client.request("shutdown", None) is None
    finally:
        client.notify("exit", None)
        client.wait_exit(10)
        client.kill()


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def test_memory_stays_bounded_through_big_documents(recipes):
    """Five different 10 MB texts in a row, then the small one again: the server answers and its resident memory
    afterwards stays within a bound (no text kept from the old versions)."""
    client = start_raw(recipes)
    try:
        client.initialize(lspkit.uri(recipes))
        uri = lspkit.uri(recipes / "juices.yaml")
        small = (recipes / "juices.yaml").read_text()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": small}})
        baseline = None
        for version in range(2, 8):
            text = small if version == 7 else small + ("# " + str(version) * 70 + " 🍓망고\n") * 130_000
            mark = client.mark()
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
            client.wait_notification(
                lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version,
                since=mark, timeout=60,
            )
            if version == 2:
                baseline = rss_kib(client.process.pid)
        settled = rss_kib(client.process.pid)
        peak = client.peak_rss_kib() or 0
        print(f"RSS after the first 10 MB text {baseline} KiB, after five and back to small {settled} KiB, peak {peak} KiB")
        assert settled < max(3 * baseline, 400_000), (baseline, settled, peak)
        assert peak < 2_000_000, peak
    finally:
        client.shutdown()
        client.kill()


def test_requests_after_shutdown_and_a_second_initialize_are_refused(recipes):
    client = start_raw(recipes)
    try:
        client.initialize(lspkit.uri(recipes))
        request_id, _ = client.request_async("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        _, message = client.response(request_id, 10)
        assert message.get("error", {}).get("code") == -32600, message
        assert client.request("shutdown", None) is None
        request_id, _ = client.request_async("textDocument/hover", {"textDocument": {"uri": lspkit.uri(recipes / "juices.yaml")}, "position": {"line": 0, "character": 0}})
        _, message = client.response(request_id, 10)
        assert message.get("error", {}).get("code") == -32600, message
        client.notify("exit", None)
        assert client.wait_exit(10) == 0
    finally:
        client.kill()
