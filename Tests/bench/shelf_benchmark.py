#!/usr/bin/env python3
"""Bookplate at scale: import, build, rebuilds and list on a generated Goodreads export of N
books, with Hugo building the same workload in the same run for comparison.

Usage: Tests/bench/shelf_benchmark.py [N ...]          (default: 1000 10000)
       BOOKPLATE_BENCH_SHARED=path/to/shared/bench     (default: ../shared/bench)

Uses the release binary (built first), the workload generator and Hugo converter from
shared/bench, GNU time for peak memory, and Debian's hugo when installed. Prints a Markdown
table; every figure is one run on a fresh shelf, wall-clock seconds and peak resident memory.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("BOOKPLATE_BENCH_SHARED", REPO.parent / "shared" / "bench"))
BINARY = REPO / ".build" / "release" / "bookplate"


def timed(command, cwd):
    """Runs command under GNU time; returns (seconds, peak MiB, stdout)."""
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M"] + command, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
    seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024, result.stdout


def bench(n, work):
    csv = work / f"goodreads-{n}.csv"
    subprocess.run([sys.executable, SHARED / "gen_goodreads_csv.py", str(n), "42", csv], check=True)
    shelf = work / f"shelf-{n}"
    shelf.mkdir()
    row = {"books": n}
    row["import"] = timed([BINARY, "import", "goodreads", csv], shelf)
    row["build"] = timed([BINARY, "build"], shelf)
    pages = re.search(r"Built (\d+) pages", row["build"][2])
    row["pages"] = int(pages.group(1)) if pages else 0
    files_before = sum(1 for _ in (shelf / "site").rglob("*"))
    row["rebuild"] = timed([BINARY, "build"], shelf)
    note = sorted((shelf / "content" / "notes").glob("*.md"))[0]
    with note.open("a", encoding="utf-8") as handle:
        handle.write("\nOne more thought.\n")
    row["note"] = timed([BINARY, "build"], shelf)
    written = re.search(r"rewrote (\d+) of", row["note"][2])
    row["note_written"] = int(written.group(1)) if written else -1
    row["list"] = timed([BINARY, "list"], shelf)
    row["files"] = files_before
    if shutil.which("hugo"):
        hugo = work / f"hugo-{n}"
        subprocess.run([sys.executable, SHARED / "to_hugo.py", csv, hugo], check=True, capture_output=True)
        row["hugo"] = timed(["hugo", "--quiet", "--ignoreCache"], hugo)
    return row


def main():
    sizes = [int(arg) for arg in sys.argv[1:]] or [1000, 10000]
    if not (SHARED / "gen_goodreads_csv.py").exists():
        raise SystemExit(f"error: no workload generator at {SHARED}: set BOOKPLATE_BENCH_SHARED")
    subprocess.run(["swift", "build", "-c", "release", "--product", "bookplate"], cwd=REPO, check=True)
    with tempfile.TemporaryDirectory(prefix="bookplate-bench-") as folder:
        rows = [bench(n, pathlib.Path(folder)) for n in sizes]
    cell = lambda value: f"{value[0]:.2f} s / {value[1]:.0f} MiB"
    print()
    print("| books | pages | import | full build | Hugo 0.111 | rebuild, nothing changed | rebuild, one note edited | list |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        hugo = cell(row["hugo"]) if "hugo" in row else "not installed"
        print(
            f"| {row['books']:,} | {row['pages']:,} | {cell(row['import'])} | {cell(row['build'])} | {hugo} | "
            f"{cell(row['rebuild'])} | {cell(row['note'])} ({row['note_written']} file rewritten) | "
            f"{row['list'][0]:.2f} s |")
    print("\nTimes are wall-clock seconds of one run each; memory is peak resident size (GNU time).")


if __name__ == "__main__":
    main()
