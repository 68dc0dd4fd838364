#!/usr/bin/env python3
"""Bookplate at scale: import, build, rebuilds and list on a generated Goodreads export of N
books, with Hugo building the same workload in the same run for comparison.

Usage: Tests/bench/shelf_benchmark.py [N ...]          (default: 1000 10000)
       BOOKPLATE_BENCH_SHARED=path/to/shared/bench     (default: ../shared/bench)

Uses the release binary (built first), the workload generator and Hugo converter from
shared/bench, GNU time for peak memory, and each Hugo named in BOOKPLATE_BENCH_HUGO (paths
separated by ':'; default: the hugo on PATH, Debian's when installed). Prints a Markdown
table of wall-clock seconds and peak resident memory, then for each size the write floor (the
site's files copied by `cp -r` and synced: what writing them costs any program) beside the full
build, and the site's weight from Tests/browser/page_weight.py (home page size and
DOMContentLoaded in headless Chromium, largest page and file). The full build, the write floor
and Hugo's build are run BUILD_RUNS times each (default 3), taking turns, each Bookplate build on
a fresh copy of the imported shelf, each floor a copy of the site that build made, and each Hugo
build into a fresh folder; the table gives the median time and the largest memory, the ratio of
the build to the floor is worked out run by run (median given), and the single runs are listed
below. Nothing is deleted until the end: creating files on ext4 is slower for minutes after many
were deleted, and a cleanup between runs would slow whichever came next. Every other figure is
one run.
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
    """Runs command under GNU time; returns (seconds, peak MiB, stdout). Whatever the setup wrote is
    put on disk first, so that no command waits for data it did not write (Bookplate flushes the
    file system before it swaps a site in; Hugo never flushes)."""
    os.sync()
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M"] + command, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
    seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024, result.stdout


BUILD_RUNS = int(os.environ.get("BUILD_RUNS", "3"))


def hugos():
    """(label, path) of each Hugo to run beside Bookplate."""
    named = [path for path in os.environ.get("BOOKPLATE_BENCH_HUGO", "").split(":") if path]
    paths = named or ([shutil.which("hugo")] if shutil.which("hugo") else [])
    found = []
    for path in paths:
        version = subprocess.run([path, "version"], capture_output=True, text=True, check=False).stdout
        match = re.search(r"v(\d+\.\d+)", version)
        found.append((f"Hugo {match.group(1) if match else '?'}", path))
    return found


HUGOS = hugos()


def median_run(runs):
    """The median time of (seconds, MiB, stdout) runs, with the largest memory of them."""
    times = sorted(run[0] for run in runs)
    return times[len(times) // 2], max(run[1] for run in runs), runs[0][2]


def rewritten(report):
    """The files a build's report says it rewrote, or -1."""
    written = re.search(r"rewrote (\d+)", report)
    return int(written.group(1)) if written else -1


def bench(n, work):
    csv = work / f"goodreads-{n}.csv"
    subprocess.run([sys.executable, SHARED / "gen_goodreads_csv.py", str(n), "42", csv], check=True)
    imported = work / f"imported-{n}"
    # Only `init` makes a shelf: an import refuses to create one.
    subprocess.run([BINARY, "init", imported], check=True, capture_output=True)
    row = {"books": n}
    row["import"] = timed([BINARY, "import", "goodreads", csv], imported)
    hugo = work / f"hugo-{n}"
    if HUGOS:
        subprocess.run([sys.executable, SHARED / "to_hugo.py", csv, hugo], check=True, capture_output=True)
    builds, floors, hugo_builds = [], [], {label: [] for label, _ in HUGOS}
    for run in range(BUILD_RUNS):
        shelf = work / f"shelf-{n}-{run}"
        shutil.copytree(imported, shelf, symlinks=True)
        builds.append(timed([BINARY, "build"], shelf))
        # The write floor: the same files written by a plain program (cp, then sync as a build
        # flushes before it swaps the site in), from the page cache into a fresh folder.
        floors.append(timed(["sh", "-c", f"cp -r site '{work / f'floor-{n}-{run}'}' && sync"], shelf))
        for index, (label, path) in enumerate(HUGOS):
            destination = f"public-{run}-{index}"
            hugo_builds[label].append(
                timed([path, "--quiet", "--ignoreCache", "--destination", destination], hugo))
    row["build"] = median_run(builds)
    row["build_runs"] = [run[0] for run in builds]
    row["floor"] = median_run(floors)
    row["floor_runs"] = [run[0] for run in floors]
    ratios = sorted(build[0] / floor[0] for build, floor in zip(builds, floors))
    row["ratio"] = ratios[len(ratios) // 2]
    row["hugo"] = {label: median_run(runs) for label, runs in hugo_builds.items()}
    row["hugo_runs"] = {label: [run[0] for run in runs] for label, runs in hugo_builds.items()}
    shelf = work / f"shelf-{n}-0"
    pages = re.search(r"Built (\d+) pages", row["build"][2])
    row["pages"] = int(pages.group(1)) if pages else 0
    # Files and folders: what the floor's copy makes (a page is a folder and its index.html).
    entries = list((shelf / "site").rglob("*"))
    files_before = (sum(1 for entry in entries if entry.is_file()), sum(1 for entry in entries if entry.is_dir()))
    row["rebuild"] = timed([BINARY, "build"], shelf)
    note = sorted((shelf / "content" / "notes").glob("*.md"))[0]
    with note.open("a", encoding="utf-8") as handle:
        handle.write("\nOne more thought.\n")
    row["note"] = timed([BINARY, "build"], shelf)
    row["note_written"] = rewritten(row["note"][2])
    # A note that comes to link by name ([[slug]]): where a name leads is known only from the
    # whole library, so the build plans the whole site, and takes in every name's fingerprint.
    notes = sorted((shelf / "content" / "notes").glob("*.md"))
    with notes[1].open("a", encoding="utf-8") as handle:
        handle.write(f"\nAs in [[{notes[2].stem}]] and [[{notes[3].stem}|the other one]].\n")
    row["linking"] = timed([BINARY, "build"], shelf)
    row["linking_written"] = rewritten(row["linking"][2])
    row["list"] = timed([BINARY, "list"], shelf)
    row["files"] = files_before
    weight = subprocess.run(
        [sys.executable, REPO / "Tests" / "browser" / "page_weight.py", shelf / "site"],
        capture_output=True, text=True, check=False)
    row["weight"] = weight.stdout.strip() or f"(page_weight.py: {weight.stderr.strip().splitlines()[-1:]})"
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
    labels = [label for label, _ in HUGOS]
    print("| books | pages | import | full build | " + "".join(f"{label} | " for label in labels)
          + "rebuild, nothing changed | rebuild, one note edited | a note comes to link by name | list |")
    print("|---" * (8 + len(labels)) + "|")
    for row in rows:
        hugo = "".join(f"{cell(row['hugo'][label])} | " for label in labels)
        print(
            f"| {row['books']:,} | {row['pages']:,} | {cell(row['import'])} | {cell(row['build'])} | {hugo}"
            f"{cell(row['rebuild'])} | {cell(row['note'])} ({row['note_written']} file rewritten) | "
            f"{cell(row['linking'])} ({row['linking_written']} file rewritten) | {row['list'][0]:.2f} s |")
    print(
        f"\nTimes are wall-clock seconds; memory is peak resident size (GNU time). Full builds: the median "
        f"of {BUILD_RUNS} runs taking turns with Hugo's, and the largest memory; other figures: one run.")
    print()
    for row in rows:
        print(f"- {row['books']:,} books: {row['files'][0]:,} files in {row['files'][1]:,} folders; the write floor (cp -r site + sync) "
              f"{row['floor'][0]:.2f} s, the full build {row['ratio']:.2f}× it (the median of the runs' "
              f"ratios); {row['weight']}")
    for row in rows:
        runs = ", ".join(f"{value:.2f}" for value in row["build_runs"])
        floors = ", ".join(f"{value:.2f}" for value in row["floor_runs"])
        others = "; ".join(
            f"{label} builds " + ", ".join(f"{value:.2f}" for value in row["hugo_runs"][label]) + " s"
            for label in labels)
        print(f"- {row['books']:,} books: Bookplate builds {runs} s; write floors {floors} s"
              + (f"; {others}" if others else ""))


if __name__ == "__main__":
    main()
