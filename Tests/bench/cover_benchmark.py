#!/usr/bin/env python3
"""Covers at scale, through the real build: a shelf of N books, each with its own cover image
(600×900 to 1600×2400 JPEGs, one in a hundred a 3 MB 4000×3000 photo, made by
`bookplate-bench thumbnails --samples-only`), built cold (every thumbnail made, on both cores),
rebuilt with nothing changed, and rebuilt after a change to the library (every cover read and
hashed, none made again).

Usage: Tests/bench/cover_benchmark.py [N]     (default 1000)
"""
import csv
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPO / ".build" / "release" / "bookplate"
BENCH = REPO / ".build" / "release" / "bookplate-bench"
sys.path.insert(0, str(REPO / "Tests" / "browser"))
from check_large_site import HEADER  # noqa: E402


def timed(command, cwd):
    """(seconds, peak MiB, stdout) of `command` under GNU time, after a sync."""
    os.sync()
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, cwd=cwd, capture_output=True, text=True,
                            check=False)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, command))} failed:\n{result.stderr}")
    seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024, result.stdout + result.stderr


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    subprocess.run(["swift", "build", "-c", "release", "--product", "bookplate"], cwd=REPO, check=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "bookplate-bench"], cwd=REPO, check=True)
    samples = pathlib.Path(subprocess.run(
        [BENCH, "thumbnails", "--covers", str(count), "--samples-only"], cwd=REPO, check=True,
        capture_output=True, text=True).stdout.strip().splitlines()[-1])
    with tempfile.TemporaryDirectory(prefix="bookplate-covers-") as folder:
        shelf = pathlib.Path(folder) / "shelf"
        subprocess.run([BINARY, "init", shelf], check=True, capture_output=True)
        export = pathlib.Path(folder) / "export.csv"
        with export.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(HEADER)
            for number in range(count):
                writer.writerow([str(number), f"Cover Book {number:04d}", f"Author {number % 300}", "", "", "", "",
                                 "4", "", "", "", "200", "2001", "", "2024/05/01", "2024/01/01", "read", "", "read",
                                 "", "", "", "1", "0"])
        subprocess.run([BINARY, "import", "goodreads", export], cwd=shelf, check=True, capture_output=True)
        covers = shelf / "content" / "covers"
        covers.mkdir(parents=True, exist_ok=True)
        total = 0
        for number in range(count):
            source = samples / f"cover-{number:04d}.jpg"
            shutil.copy(source, covers / f"cover-book-{number:04d}.jpg")
            total += source.stat().st_size
        cold = timed([BINARY, "build"], shelf)
        unchanged = timed([BINARY, "build"], shelf)
        subprocess.run([BINARY, "edit", "cover-book-0000", "--rating", "2"], cwd=shelf, check=True,
                       capture_output=True)
        changed = timed([BINARY, "build"], shelf)
        published = sum(path.stat().st_size for path in (shelf / "site" / "covers").iterdir())
        renditions = len(list((shelf / "site" / "covers").iterdir()))
    print(f"\n{count:,} covers ({total / 2**20:.0f} MiB of JPEGs) on {os.cpu_count()} cores:")
    print(f"| build | time | peak memory |\n|---|---|---|")
    print(f"| cold: every thumbnail made | {cold[0]:.2f} s | {cold[1]:.0f} MiB |")
    print(f"| nothing changed | {unchanged[0]:.2f} s | {unchanged[1]:.0f} MiB |")
    print(f"| a rating changed: every cover read and hashed, none made | {changed[0]:.2f} s | {changed[1]:.0f} MiB |")
    print(f"\n{renditions:,} renditions published, {published / 2**20:.0f} MiB in all "
          f"({published / max(renditions, 1) / 1024:.0f} KB each on average).")
    for label, run in (("cold", cold), ("unchanged", unchanged), ("changed", changed)):
        warnings = [line for line in run[2].splitlines() if line.startswith("warning")]
        if warnings:
            print(f"{label}: {len(warnings)} warnings, first: {warnings[0]}")


if __name__ == "__main__":
    main()
