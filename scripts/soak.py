#!/usr/bin/env python3
"""A long run of `juice serve` under mixed load, with its resident memory and open file descriptors sampled.

Not part of CI (it takes 10 minutes). Orders from several clients, staff stock edits, a menu edit on disk every 10 s
(the shop reloads it), event streams joining and leaving, all at once; every 5 s the server's resident set size
(VmRSS) and open file descriptors are sampled from /proc. At the end the journal is checked against the answers
(every 201 journaled exactly once), `juice doctor` must be clean, and memory and descriptors must be flat: the median
of the last minute no more than 10 % (or 4 MiB, whichever is larger) above the median of the second minute (the first
is warm-up), and descriptors no more than 8 above (event streams come and go between samples).

Usage: scripts/soak.py [--juice .build/release/juice] [--minutes 10] [--clients 4] [--streams 3] [--json FILE]
Exits 0 when flat and exact, 1 otherwise; prints a table per minute and a summary."""

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

TOKEN = "soak-staff-token-5b1e0c9d7a3f2e48"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, method, path, body=None, staff=False):
    """One request on a fresh connection (as a counter's page does after a pause); (status, parsed JSON or None)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if staff:
        headers["Authorization"] = f"Bearer {TOKEN}"
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        data = response.read()
        try:
            return response.status, json.loads(data) if data else None
        except ValueError:
            return response.status, None
    finally:
        connection.close()


def sample(pid):
    """(resident set size in KiB, open file descriptors) of the process."""
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


class Tally:
    """What the clients saw, shared by the worker threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.served_ids = []
        self.statuses = {}
        self.stream_sessions = 0
        self.reloads = 0
        self.stock_edits = 0

    def count(self, status):
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1


def order_client(port, juices, tally, stop, seed):
    rng = random.Random(seed)
    while not stop.is_set():
        status, data = request(port, "POST", "/api/orders", {"juice": rng.choice(juices), "count": rng.randint(1, 2)})
        tally.count(status)
        if status == 201 and data and data.get("entry"):
            with tally.lock:
                tally.served_ids.append(data["entry"]["id"])
        time.sleep(0.005)


def stock_editor(port, fruits, tally, stop):
    """Staff refill every fruit every half second, so that orders keep being served (and some refused)."""
    rng = random.Random(7)
    while not stop.wait(0.5):
        changes = [{"fruit": fruit, "set": rng.randint(min(capacity, 20), min(capacity, 100))} for fruit, capacity in fruits]
        status, _ = request(port, "POST", "/api/stock", {"changes": changes}, staff=True)
        tally.count(status)
        if status == 200:
            with tally.lock:
                tally.stock_edits += 1


def menu_editor(juices_file, tally, stop):
    """A menu edit on disk every 10 s (banana juice's English name, back and forth), written as an editor saves."""
    original = open(juices_file, encoding="utf-8").read()
    edited = original.replace("en: Banana Juice}", "en: Banana Smoothie}", 1)
    if edited == original:
        raise SystemExit("soak: recipes/juices.yaml no longer has 'en: Banana Juice}' to edit")
    flip = False
    while not stop.wait(10):
        flip = not flip
        with open(juices_file + ".tmp", "w", encoding="utf-8") as file:
            file.write(edited if flip else original)
        os.replace(juices_file + ".tmp", juices_file)
        with tally.lock:
            tally.reloads += 1


def stream_client(port, tally, stop, seed):
    """An event stream that joins, reads for 1-5 s and leaves, over and over."""
    rng = random.Random(seed)
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(b"GET /api/events HTTP/1.1\r\nHost: soak\r\nAccept: text/event-stream\r\n\r\n")
                s.settimeout(0.5)
                until = time.monotonic() + rng.uniform(1, 5)
                while time.monotonic() < until and not stop.is_set():
                    try:
                        if not s.recv(65536):
                            break
                    except socket.timeout:
                        pass
            with tally.lock:
                tally.stream_sessions += 1
        except OSError:
            time.sleep(0.2)


def minute_medians(samples, minute):
    rows = [s for s in samples if minute * 60 <= s["t"] < (minute + 1) * 60]
    if not rows:
        return None
    return statistics.median(r["rssKiB"] for r in rows), statistics.median(r["fds"] for r in rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--juice", default=".build/release/juice")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--streams", type=int, default=3)
    parser.add_argument("--json", help="write the samples and the summary here")
    arguments = parser.parse_args()
    juice = os.path.abspath(arguments.juice)
    work = tempfile.mkdtemp(prefix="juice-soak-")
    recipes, state = os.path.join(work, "recipes"), os.path.join(work, "state.sqlite")
    shutil.copytree(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "recipes"), recipes)
    port = free_port()
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no", JUICE_STAFF_TOKEN=TOKEN, LOG_LEVEL="warning")
    server = subprocess.Popen([juice, "serve", "--port", str(port), "--recipes", recipes, "--state", state],
                              env=env, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    if "serving on" not in line:
        raise SystemExit(f"soak: juice serve did not start ({line.strip()})")
    tally, stop, samples = Tally(), threading.Event(), []
    try:
        _, menu = request(port, "GET", "/api/menu")
        _, stock = request(port, "GET", "/api/stock")
        juices = [juice_item["id"] for juice_item in menu["juices"]]
        fruits = [(fruit["id"], stock["capacity"].get(fruit["id"], 100) or 100) for fruit in stock["fruits"]]
        workers = [threading.Thread(target=order_client, args=(port, juices, tally, stop, i)) for i in range(arguments.clients)]
        workers += [threading.Thread(target=stream_client, args=(port, tally, stop, 100 + i)) for i in range(arguments.streams)]
        workers += [threading.Thread(target=stock_editor, args=(port, fruits, tally, stop)),
                    threading.Thread(target=menu_editor, args=(os.path.join(recipes, "juices.yaml"), tally, stop))]
        for worker in workers:
            worker.daemon = True
            worker.start()
        started = time.monotonic()
        while time.monotonic() - started < arguments.minutes * 60:
            rss, fds = sample(server.pid)
            with tally.lock:
                served = len(tally.served_ids)
            samples.append({"t": round(time.monotonic() - started, 1), "rssKiB": rss, "fds": fds, "served": served})
            time.sleep(5)
        stop.set()
        for worker in workers:
            worker.join(timeout=15)
        time.sleep(1)
        rss_end, fds_end = sample(server.pid)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
        listed = subprocess.run([juice, "history", "--state", state, "--recipes", recipes, "--json"], env=env,
                                capture_output=True, text=True)
        history = json.loads(listed.stdout) if listed.returncode == 0 else None
        doctor = subprocess.run([juice, "doctor", "--state", state], env=env, capture_output=True, text=True)
    finally:
        stop.set()
        if server.poll() is None:
            server.kill()

    minutes = int(arguments.minutes)
    print(f"{'minute':>6} {'RSS MiB':>9} {'fds':>5} {'served':>8}")
    for minute in range(minutes):
        medians = minute_medians(samples, minute)
        rows = [s for s in samples if minute * 60 <= s["t"] < (minute + 1) * 60]
        if medians:
            print(f"{minute + 1:>6} {medians[0] / 1024:>9.1f} {medians[1]:>5.0f} {rows[-1]['served']:>8}")
    base, last = minute_medians(samples, 1), minute_medians(samples, minutes - 1)
    order_ids = [e["id"] for e in history if e["kind"] == "order"] if history is not None else []
    served = tally.served_ids
    exact = sorted(order_ids) == sorted(set(served)) and len(served) == len(set(served))
    rss_limit = base[0] + max(base[0] * 0.10, 4096)
    flat_memory, flat_fds = last[0] <= rss_limit, last[1] <= base[1] + 8
    summary = {
        "minutes": arguments.minutes, "orderClients": arguments.clients, "streamClients": arguments.streams,
        "answers": tally.statuses, "served": len(served), "stockEdits": tally.stock_edits, "menuEdits": tally.reloads,
        "streamSessions": tally.stream_sessions,
        "rssMiB": {"minute2": round(base[0] / 1024, 1), "lastMinute": round(last[0] / 1024, 1), "end": round(rss_end / 1024, 1)},
        "fds": {"minute2": base[1], "lastMinute": last[1], "end": fds_end},
        "journalExact": exact, "doctorClean": doctor.returncode == 0, "flatMemory": flat_memory, "flatDescriptors": flat_fds,
    }
    print(json.dumps(summary, indent=2, ensure_ascii=False))
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump({"summary": summary, "samples": samples}, file, indent=1)
    shutil.rmtree(work, ignore_errors=True)
    failures = [name for name in ("journalExact", "doctorClean", "flatMemory", "flatDescriptors") if not summary[name]]
    if failures:
        print(f"soak: FAILED: {', '.join(failures)}; doctor said: {doctor.stdout.strip()} {doctor.stderr.strip()}", file=sys.stderr)
        return 1
    print("soak: flat and exact")
    return 0


if __name__ == "__main__":
    sys.exit(main())
