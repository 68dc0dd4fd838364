#!/usr/bin/env python3
"""What `bookplate serve` costs while the reader writes: the processor time it takes while nothing
changes, and how soon an edited note is on its page.

Usage: Tests/bench/serve_idle_benchmark.py [N ...]     (default: 400 3000)
       BOOKPLATE_BENCH_BINARY=path/to/bookplate        (default: .build/release/bookplate)
       IDLE_SECONDS=30                                  (how long each idle spell is measured)

For each N it makes a shelf of N books, each with a note of about 300 words (a generated
Goodreads export with reviews, imported), starts `serve` on a free port, waits for its first
build, then measures the processor time (user and system, from /proc) the server takes over
IDLE_SECONDS with nothing changing, and the time from writing one note to the new text being
served, five times (the median is given). The edits run after the idle spell, so they do not
count in it. Prints a Markdown table.
"""
import csv
import os
import pathlib
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("BOOKPLATE_BENCH_BINARY", REPO / ".build" / "release" / "bookplate"))
IDLE_SECONDS = float(os.environ.get("IDLE_SECONDS", "30"))
WORDS = ("the reader kept turning pages long after the lamp went out and the house was quiet "
         "every chapter ended on a question she could not leave alone").split()


def goodreads_export(path, n):
    """A Goodreads export of n books, each with a review of about 300 words (a note once imported)."""
    rng = random.Random(n)
    header = ["Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
              "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
              "Original Publication Year", "Date Read", "Date Added", "Bookshelves",
              "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes",
              "Read Count", "Owned Copies"]
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(header)
        for number in range(1, n + 1):
            author = f"Author {number % max(1, n // 3)}"
            review = " ".join(rng.choice(WORDS) for _ in range(300))
            writer.writerow([number, f"Book number {number}", author, "", "", "", "", rng.randint(0, 5), "4.0",
                             "", "Paperback", 300, 2001, 2001, "2024/03/15", "2023/01/02", "", "", "read",
                             review, "", "", 1, 0])


def cpu_seconds(pid):
    """User and system time the process has taken, in seconds."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as reply:
            return reply.read().decode("utf-8", "replace")
    except OSError:
        return ""


def bench(n, work):
    shelf = work / f"shelf-{n}"
    subprocess.run([BINARY, "init", str(shelf)], check=True, capture_output=True)
    export = work / f"goodreads-{n}.csv"
    goodreads_export(export, n)
    subprocess.run([BINARY, "import", "goodreads", str(export)], cwd=shelf, check=True, capture_output=True)
    notes = sorted((shelf / "content" / "notes").glob("*.md"))
    port = free_port()
    server = subprocess.Popen([BINARY, "serve", "--port", str(port)], cwd=shelf, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 600
        while "Book number" not in fetch(port, "/") and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(3)  # the first build's own writes looked at, the server settled
        before = cpu_seconds(server.pid)
        time.sleep(IDLE_SECONDS)
        idle = cpu_seconds(server.pid) - before
        slug = notes[len(notes) // 2].stem
        latencies = []
        for edit in range(5):
            marker = f"Edited for the benchmark, take {edit}."
            started = time.monotonic()
            (shelf / "content" / "notes" / f"{slug}.md").write_text(marker + "\n", encoding="utf-8")
            while marker not in fetch(port, f"/books/{slug}/") and time.monotonic() - started < 60:
                time.sleep(0.02)
            latencies.append(time.monotonic() - started)
            time.sleep(1)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return len(notes), idle, statistics.median(latencies), latencies


def main():
    sizes = [int(argument) for argument in sys.argv[1:]] or [400, 3000]
    if not BINARY.exists():
        raise SystemExit(f"no binary at {BINARY}: swift build -c release --product bookplate")
    with tempfile.TemporaryDirectory(prefix="bookplate-serve-bench-") as folder:
        rows = [bench(n, pathlib.Path(folder)) for n in sizes]
    print(f"| notes | processor time idle ({IDLE_SECONDS:.0f} s) | share of a core | note edited → served (median of 5) |")
    print("|---|---|---|---|")
    for notes, idle, median, latencies in rows:
        runs = ", ".join(f"{value:.2f}" for value in latencies)
        print(f"| {notes:,} | {idle:.2f} s | {100 * idle / IDLE_SECONDS:.2f} % | {median:.2f} s ({runs}) |")


if __name__ == "__main__":
    main()
