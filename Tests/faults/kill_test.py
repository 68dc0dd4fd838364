#!/usr/bin/env python3
"""Fault injection: SIGKILL bookplate at random moments and check that nothing is lost or corrupted.

    Tests/faults/kill_test.py BOOKPLATE_BINARY [--kills N] [--seed S] [--keep] [--tolerate CATEGORY,...]

Scenarios (kills are spread over them in proportion; see README.md in this folder):
  import        `import goodreads FILE` killed in [0, measured duration]
  add           `add --title … --author … --isbn … --shelf …` killed after 0–20 ms or in [0, duration]
  note          `note SLUG` with $EDITOR a script writing a long note; bookplate killed, the editor left to finish
  build-full    first build, and builds after a template change (everything rebuilt)
  build-incr    builds after one note edit, one `edit --rating`, or a re-import changing ~25% of the ratings;
                every other round of three reverts the change after the kill before building again
  remove        `remove SLUG --yes` of a book with a note and a cover, then `restore SLUG`, each killed in
                [0, duration]; the next command finishes what was cut short

Python 3 standard library only. All offline: catalog URLs point at a closed local port.
Exit status: 0 when every check passed, 1 when any (not tolerated) check failed, 2 on a setup error.
"""

import argparse
import csv
import hashlib
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

DEFAULT_SEED = 20251121
DEFAULT_KILLS = 60
# Share of the kills per scenario (import 20, add 10, note 5, remove 5, full 10, incremental 15 of 65).
WEIGHTS = [("import", 20), ("add", 10), ("note", 5), ("remove", 5), ("build-full", 10), ("build-incr", 15)]
# Failure categories; --tolerate lists the ones that are reported but do not fail the run.
CATEGORIES = {
    "integrity": "PRAGMA integrity_check is not ok",
    "lost-or-duplicated": "a book count that is neither before nor after, a duplicate, a half-added book",
    "note-truncated": "a note file that is neither absent, the old nor the new full text",
    "site-neither": "a site with files that match neither the old nor the new site (missing/extra/other bytes)",
    "mix-full": "a killed full build left a site mixing old and new files",
    "mix-incremental": "a killed incremental build left a site mixing old and new files",
    "leftover": "working files of a killed run still there after the next run, or any inside site/",
    "followup": "the un-killed run after a kill failed or gave the wrong result",
    "stale": "a later build did not produce what a full build from scratch produces",
    "not-idempotent": "a build with nothing changed wrote files",
    "readers-file": "a file the reader keeps at the top of site/ (CNAME, .git) was lost or changed",
}
# What a reader keeps at the top of site/ (for GitHub Pages): every build, killed or not, keeps it.
READER_FILES = {"CNAME": b"books.example.org\n", ".git/HEAD": b"ref: refs/heads/gh-pages\n"}
# Foundation's atomic-write files, and Bookplate's working files and folders (`.<name>.<kind>-<pid>-<n>`).
TEMP_NAME = re.compile(r"^\.dat\.nosync|^\..+\.(new|old|pending|tmp)-\d+-\d+$")
NOTE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*\.md$")

GOODREADS_COLUMNS = (
    "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
    "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
    "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"
).split(",")


# ---------------------------------------------------------------------------------------------
# Data


def isbn13(n):
    """A valid ISBN-13 (978 prefix, correct check digit) made from the number n."""
    body = "978" + f"{n:09d}"
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def rating_of(i, bulk=False):
    r = i % 6  # 0 = no rating in Goodreads
    if bulk and r and i % 4 == 0:
        r = r % 5 + 1
    return r


def write_goodreads_csv(path, rows, bulk=False):
    """A Goodreads export (BOM, CRLF, ="…" ISBNs, <br/> in reviews) of generated books `rows`."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        f.write("\ufeff")
        w = csv.writer(f, lineterminator="\r\n")
        w.writerow(GOODREADS_COLUMNS)
        for i in rows:
            first, last = f"Author{i % 97}", f"Surname{i % 97}"
            review = ""
            if i % 3 == 0:
                review = "<br/><br/>".join(
                    f"Paragraph {p} on book {i}: the \"plot\" thickens, & so <b>on</b>." for p in range(1 + i % 6))
            read = i % 4 == 0
            w.writerow([
                100000 + i, f"Generated Book {i}", f"{first} {last}", f"{last}, {first}", "", '=""',
                f'="{isbn13(100000 + i)}"', rating_of(i, bulk), "4.01", f"Publisher {i % 11}", "Paperback",
                100 + i % 400, 1900 + i % 120, 1900 + i % 120, "2024/03/15" if read else "",
                f"2023/{1 + i % 12:02d}/{1 + i % 28:02d}", f"shelf{i % 7}, read" if read else f"shelf{i % 7}", "",
                "read" if read else "to-read", review, "", "private" if i % 10 == 0 else "", 1, 0])


# ---------------------------------------------------------------------------------------------
# Running bookplate


class Runner:
    def __init__(self, binary, root):
        self.binary = binary
        self.env = {k: v for k, v in os.environ.items() if k not in ("BOOKPLATE_LIBRARY", "VISUAL", "EDITOR")}
        self.env.update({
            "BOOKPLATE_CACHE_DIR": os.path.join(root, "cache"),
            # Offline: every catalog points at a closed port.
            "BOOKPLATE_GOOGLE_BOOKS_URL": "http://127.0.0.1:9",
            "BOOKPLATE_OPEN_LIBRARY_URL": "http://127.0.0.1:9",
            "BOOKPLATE_COVERS_URL": "http://127.0.0.1:9",
            "NO_COLOR": "1",
        })

    def run(self, args, cwd, extra_env=None, timeout=300):
        """Runs to the end; returns (returncode, stdout+stderr, seconds)."""
        env = dict(self.env, **(extra_env or {}))
        start = time.monotonic()
        p = subprocess.run([self.binary] + args, cwd=cwd, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace"), time.monotonic() - start

    def must(self, args, cwd, extra_env=None):
        rc, out, secs = self.run(args, cwd, extra_env)
        if rc != 0:
            raise SetupError(f"bookplate {' '.join(args)} (in {cwd}) exited {rc}: {out.strip()}")
        return out, secs

    def killed(self, args, cwd, delay, extra_env=None, trigger=None):
        """Starts the command, sends SIGKILL after `delay` seconds — counted from the moment the file
        `trigger` changes, when given (the library's -wal file: the commit is being written).
        Returns (landed, seconds it ran)."""
        env = dict(self.env, **(extra_env or {}))

        def stat(path):
            try:
                st = os.stat(path)
                return st.st_size, st.st_mtime_ns
            except FileNotFoundError:
                return None
        baseline = stat(trigger) if trigger else None
        start = time.monotonic()
        p = subprocess.Popen([self.binary] + args, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        if trigger:
            while p.poll() is None and time.monotonic() - start < 30:
                now = stat(trigger)
                if now != baseline and now is not None and now[0] > 0:
                    break
                time.sleep(0.0002)
        if delay > 0:
            time.sleep(delay)
        try:
            os.kill(p.pid, signal.SIGKILL)  # a finished, unreaped child is a zombie: this is harmless
        except ProcessLookupError:
            pass
        rc = p.wait()
        return rc == -signal.SIGKILL, time.monotonic() - start


class SetupError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Inspecting a shelf (only ever while no bookplate process runs)


def db_open(shelf):
    path = os.path.join(shelf, "content", "library.sqlite")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def integrity(shelf):
    try:
        con = db_open(shelf)
        try:
            rows = con.execute("PRAGMA integrity_check").fetchall()
        finally:
            con.close()
    except sqlite3.Error as e:
        return f"cannot open: {e}"
    return "ok" if rows == [("ok",)] else "; ".join(r[0] for r in rows[:5])


def query(shelf, sql, args=()):
    con = db_open(shelf)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def book_count(shelf):
    return query(shelf, "SELECT count(*) FROM book")[0][0]


def duplicates(shelf):
    return query(shelf, "SELECT title, count(*) FROM book GROUP BY lower(title) HAVING count(*) > 1")


def notes_on_disk(shelf):
    """(notes: slug → bytes, other entries of content/notes/)."""
    folder = os.path.join(shelf, "content", "notes")
    notes, others = {}, []
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        path = os.path.join(folder, name)
        if NOTE_NAME.match(name) and os.path.isfile(path):
            with open(path, "rb") as f:
                notes[name[:-3]] = f.read()
        else:
            others.append(name)
    return notes, others


def content_leftovers(shelf):
    """Temporary files a killed run left in content/ (notes, build state) and staging folders beside site/."""
    found = []
    for sub in ("content", "content/notes", "content/.bookplate", "content/covers", "content/photos"):
        folder = os.path.join(shelf, sub)
        if os.path.isdir(folder):
            found += [f"{sub}/{n}" for n in os.listdir(folder) if TEMP_NAME.match(n)]
    found += [n + "/" for n in os.listdir(shelf) if n.startswith(".site.")]
    return sorted(found)


def remove_leftovers(shelf, leftovers):
    for rel in leftovers:
        path = os.path.join(shelf, rel.rstrip("/"))
        if os.path.isdir(path):
            shutil.rmtree(path, ignore_errors=True)
        elif os.path.exists(path):
            os.remove(path)


def snapshot(site):
    """Every file below site/, hidden ones included: relative path → (sha256, bytes)."""
    out = {}
    if not os.path.isdir(site):
        return out
    for folder, _, files in os.walk(site):
        for name in files:
            path = os.path.join(folder, name)
            if os.path.relpath(path, site) in READER_FILES:
                continue  # the reader's, checked by `readers_files_kept`
            with open(path, "rb") as f:
                data = f.read()
            out[os.path.relpath(path, site)] = (hashlib.sha256(data).hexdigest(), data)
    return out


def put_readers_files(site):
    for relative, data in READER_FILES.items():
        os.makedirs(os.path.dirname(os.path.join(site, relative)), exist_ok=True)
        with open(os.path.join(site, relative), "wb") as f:
            f.write(data)


def readers_files_lost(site):
    """The reader's files at the top of site/ that are missing or changed."""
    lost = []
    for relative, data in READER_FILES.items():
        try:
            with open(os.path.join(site, relative), "rb") as f:
                if f.read() != data:
                    lost.append(relative)
        except OSError:
            lost.append(relative)
    return lost


def stamps(site):
    out = {}
    for folder, dirs, files in os.walk(site):
        for name in files + dirs:
            st = os.lstat(os.path.join(folder, name))
            out[os.path.relpath(os.path.join(folder, name), site)] = (st.st_ino, st.st_mtime_ns, st.st_size)
    return out


def same(a, b):
    return a.keys() == b.keys() and all(a[k][0] == b[k][0] for k in a)


def split_temp(snap):
    """(snapshot without Foundation's atomic-write temporaries, the temporaries' paths)."""
    temps = sorted(p for p in snap if TEMP_NAME.match(os.path.basename(p)))
    return {p: v for p, v in snap.items() if p not in temps}, temps


def classify(killed, old, new):
    """'old', 'new', 'mix' (only whole old or new files) or 'neither', with per-file counts."""
    if same(killed, old):
        return "old", {}
    if same(killed, new):
        return "new", {}
    counts = {"old-version": 0, "new-version": 0, "unchanged": 0, "missing": 0, "extra": 0, "neither": 0,
              "truncated": 0}
    examples = {}
    for path in sorted(set(killed) | set(old) | set(new)):
        k, o, n = (s.get(path, (None, None))[0] for s in (killed, old, new))
        if k == o and k == n:
            kind = "unchanged"
        elif k == o:
            kind = "old-version"
        elif k == n:
            kind = "new-version"
        elif k is None:
            kind = "missing"
        elif o is None and n is None:
            kind = "extra"
        else:
            kind = "neither"
            data = killed[path][1]
            if any(path in s and len(data) < len(s[path][1]) and s[path][1].startswith(data) for s in (old, new)):
                counts["truncated"] += 1
                kind = "neither"
        counts[kind] += 1
        if kind not in ("unchanged",):
            examples.setdefault(kind, []).append(path)
    bad = counts["missing"] + counts["extra"] + counts["neither"]
    detail = {k: v for k, v in counts.items() if v}
    detail["examples"] = {k: v[:3] for k, v in examples.items()}
    return ("neither" if bad else "mix"), detail


def site_diff(got, want, limit=5):
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    differ = sorted(p for p in set(got) & set(want) if got[p][0] != want[p][0])
    return (f"{len(missing)} missing {missing[:limit]}, {len(extra)} extra {extra[:limit]}, "
            f"{len(differ)} different {differ[:limit]}")


def copy_shelf_for_fresh_build(shelf, dest):
    """The shelf's content and templates without site/ or build state: a build there is a build from scratch."""
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    shutil.copytree(os.path.join(shelf, "content"), os.path.join(dest, "content"),
                    ignore=shutil.ignore_patterns(".bookplate"))
    shutil.copytree(os.path.join(shelf, "templates"), os.path.join(dest, "templates"))


# ---------------------------------------------------------------------------------------------
# The test


class Test:
    def __init__(self, binary, root, seed, quotas, verbose):
        self.run = Runner(binary, root)
        self.root = root
        self.rng = random.Random(seed)
        self.quotas = quotas
        self.verbose = verbose
        self.failures = []  # (category, scenario, message)
        self.stats = {name: {"kills": 0, "missed": 0, "outcomes": {}, "failures": 0, "seconds": 0} for name, _ in WEIGHTS}
        self.leftovers = []
        self.shelves = []
        # Shelves whose site/ holds READER_FILES.
        self.readers_files_in = set()

    # -- bookkeeping

    def log(self, message):
        if self.verbose:
            print("  " + message, flush=True)

    def fail(self, category, scenario, message):
        self.failures.append((category, scenario, message))
        # The final sweep is no scenario of its own: its failures count as failures all the same.
        self.stats.setdefault(scenario, {"kills": 0, "missed": 0, "outcomes": {}, "failures": 0, "seconds": 0})
        self.stats[scenario]["failures"] += 1
        print(f"  FAIL [{category}] {scenario}: {message}", flush=True)

    def outcome(self, scenario, name):
        outcomes = self.stats[scenario]["outcomes"]
        outcomes[name] = outcomes.get(name, 0) + 1

    def check_integrity(self, scenario, shelf, when):
        result = integrity(shelf)
        if result != "ok":
            self.fail("integrity", scenario, f"{when}: integrity_check: {result}")
        return result == "ok"

    def check_leftovers(self, scenario, shelf, when):
        """A killed process cannot tidy up: its working files beside site/ and in content/ are
        expected right after the kill. They are recorded here; `final_sweep` checks that the next
        runs removed them."""
        found = content_leftovers(shelf)
        if found:
            self.leftovers.append((scenario, when, found))
            self.outcome(scenario, "working files left for the next run")
        return found

    def final_sweep(self):
        """After every scenario: one more un-killed build on each shelf leaves no working file of a
        killed run anywhere, and none was ever inside site/ (checked as the scenarios ran)."""
        for shelf in (s for s in self.shelves if os.path.isdir(s)):
            rc, out, _ = self.run.run(["build"], shelf)
            if rc != 0:
                self.fail("followup", "sweep", f"{os.path.basename(shelf)}: build exited {rc}: {out.strip()[:200]}")
            remaining = content_leftovers(shelf)
            if remaining:
                self.fail("leftover", "sweep", f"{os.path.basename(shelf)}: still there after a build: {remaining[:4]}")
        print(f"sweep: {sum(os.path.isdir(s) for s in self.shelves)} shelves built once more; "
              f"{len(self.leftovers)} kills had left working files, "
              f"{'none' if not any(c == 'leftover' for c, _, _ in self.failures) else 'some'} remain")

    def kill_round(self, scenario, args, cwd, estimate, extra_env=None, delays=None, trigger=None):
        """Kills `args` at a random moment. Returns (landed, delay, seconds it ran); a run that finished
        before the kill is counted as missed, and the caller's loop draws again."""
        delay = delays() if delays else self.rng.uniform(0, 0.95 * estimate)
        landed, secs = self.run.killed(args, cwd, delay, extra_env, trigger)
        if landed:
            self.stats[scenario]["kills"] += 1
        else:
            self.stats[scenario]["missed"] += 1
            self.log(f"{scenario}: finished in {secs:.3f}s before the kill at {delay:.3f}s")
        return landed, delay, secs

    @staticmethod
    def wal(shelf):
        return os.path.join(shelf, "content", "library.sqlite-wal")

    def init_shelf(self, name):
        shelf = os.path.join(self.root, name)
        self.run.must(["init", shelf], self.root)
        # The theme is built in; the build rounds change the layout, so the shelf takes a copy.
        self.run.must(["theme", "copy", "layout.mustache"], shelf)
        self.shelves.append(shelf)
        return shelf

    # -- setup

    def prepare(self):
        data = os.path.join(self.root, "data")
        os.makedirs(data)
        self.files = {
            "A": (os.path.join(data, "goodreads-a.csv"), range(0, 800)),
            "B": (os.path.join(data, "goodreads-b.csv"), range(400, 1200)),
            "shelf": (os.path.join(data, "goodreads-shelf.csv"), range(0, 1000)),
            "bulk": (os.path.join(data, "goodreads-shelf-bulk.csv"), range(0, 1000)),
        }
        for key, (path, rows) in self.files.items():
            write_goodreads_csv(path, rows, bulk=(key == "bulk"))
        # Reference: one uninterrupted import gives the exact bytes every note must have, and the timings.
        ref = self.init_shelf("reference")
        _, self.import_secs_fresh = self.run.must(["import", "goodreads", self.files["A"][0]], ref)
        _, self.import_secs_more = self.run.must(["import", "goodreads", self.files["B"][0]], ref)
        self.reference_notes, _ = notes_on_disk(ref)
        slugs = dict(query(ref, "SELECT title, slug FROM book"))
        self.slug_of = {i: slugs[f"Generated Book {i}"] for i in range(1200)}
        self.reviewed = {i for i in range(1200) if i % 3 == 0}
        if {self.slug_of[i] for i in self.reviewed} != set(self.reference_notes):
            raise SetupError("the reference import did not write one note per review")
        self.reference = ref
        print(f"setup: import of 800 rows {self.import_secs_fresh:.2f}s into an empty shelf, "
              f"{self.import_secs_more:.2f}s into 800 books; {len(self.reference_notes)} notes", flush=True)

    # -- import

    def scenario_import(self, quota):
        scenario = "import"
        shelf, imported, rounds = None, set(), 0
        estimates = {True: self.import_secs_fresh, False: self.import_secs_more}
        while self.stats[scenario]["kills"] < quota and rounds < quota * 3:
            fresh = rounds % 2 == 0
            if fresh:
                if shelf:
                    shutil.rmtree(shelf, ignore_errors=True)
                shelf = self.init_shelf(f"import-{rounds}")
                imported = set()
                key = "A" if rounds % 4 == 0 else "B"
            else:
                key = "B" if 0 in imported else "A"
            rounds += 1
            path, rows = self.files[key]
            before, after = len(imported), len(imported | set(rows))
            estimate = estimates[fresh]
            args = ["import", "goodreads", path]
            # Every third round aims at the commit: 0–2 ms after the library's -wal file changes.
            trigger = self.wal(shelf) if rounds % 3 == 2 else None
            landed, delay, secs = self.kill_round(
                scenario, args, shelf, estimate, trigger=trigger,
                delays=(lambda: self.rng.uniform(0, 0.002)) if trigger else None)
            if not landed and not trigger:  # it ran faster than the reference run: aim within this run's time
                estimates[fresh] = secs
            when = (f"import {key} ({before}→{after} books) killed {delay * 1000:.0f} ms after "
                    f"{'the -wal changed' if trigger else 'the start'}")
            self.check_import_state(scenario, shelf, when, before, after, imported, rows, killed=landed)
            # The same command again, un-killed, must finish the job.
            rc, out, _ = self.run.run(args, shelf)
            if rc != 0:
                self.fail("followup", scenario, f"{when}: the import again exited {rc}: {out.strip()[:300]}")
                continue
            imported |= set(rows)
            self.check_import_state(scenario, shelf, when + ", then run again", after, after, imported, rows,
                                    killed=False, complete=True)
            if rounds % 5 == 0:  # and once more: importing the same file again adds nothing
                self.run.must(args, shelf)
                self.check_import_state(scenario, shelf, when + ", then imported a third time", after, after,
                                        imported, rows, killed=False, complete=True)
        if shelf:
            shutil.rmtree(shelf, ignore_errors=True)

    def check_import_state(self, scenario, shelf, when, before, after, imported, rows, killed, complete=False):
        if not self.check_integrity(scenario, shelf, when):
            return
        count = book_count(shelf)
        if count not in (before, after):
            self.fail("lost-or-duplicated", scenario, f"{when}: {count} books, expected {before} or {after}")
        dups = duplicates(shelf)
        if dups:
            self.fail("lost-or-duplicated", scenario, f"{when}: duplicated titles {dups[:3]}")
        books = {r[0] for r in query(shelf, "SELECT slug FROM book")}
        notes, others = notes_on_disk(shelf)
        for slug, data in notes.items():
            want = self.reference_notes.get(slug)
            if data != want:
                kind = "truncated" if want and want.startswith(data) else "different"
                self.fail("note-truncated", scenario,
                          f"{when}: content/notes/{slug}.md is {kind} ({len(data)} bytes, want {len(want or b'')})")
            # Notes go into place just before the library commits: an import killed between the
            # two leaves notes whose books are not there (whole, and the next import takes them),
            # never books without their notes.
            if slug not in books and not (killed and count == before):
                self.fail("lost-or-duplicated", scenario, f"{when}: note {slug}.md for a book not in the library")
        strays = [n for n in others if not TEMP_NAME.match(n)]
        if strays:
            self.fail("note-truncated", scenario, f"{when}: unexpected entries in content/notes/: {strays[:5]}")
        self.check_leftovers(scenario, shelf, when)
        expected_notes = {self.slug_of[i] for i in imported if i in self.reviewed}
        if complete:
            if set(notes) != expected_notes:
                missing = sorted(expected_notes - set(notes))
                self.fail("followup", scenario, f"{when}: {len(missing)} notes missing, e.g. {missing[:3]}")
        elif killed:
            wanted_after = {self.slug_of[i] for i in (imported | set(rows)) if i in self.reviewed}
            written = len(set(notes) & (wanted_after - expected_notes))
            total = len(wanted_after - expected_notes)
            if count == before:
                self.outcome(scenario, "rolled back" if written == 0 else "rolled back, notes in place")
            elif written == total:
                self.outcome(scenario, "committed, notes written")
            else:
                # Renamed after the commit, notes were lost to a kill between (found by an
                # exploratory session): a committed import has every note.
                self.fail("lost-or-duplicated", scenario, f"{when}: committed with {written} of {total} notes")

    # -- add by hand

    def scenario_add(self, quota):
        scenario = "add"
        shelf = self.reference
        _, _, estimate = self.run.run(["add", "--title", "Warm Up", "--author", "Warm Author", "--isbn",
                                       isbn13(800000), "--shelf", "hand"], shelf)
        k = 0
        while self.stats[scenario]["kills"] < quota and k < quota * 3:
            k += 1
            title, author, shelf_name, isbn = f"Fault Add {k}", f"Fault Author {k}", f"fault-shelf-{k}", isbn13(900000 + k)
            args = ["add", "--title", title, "--author", author, "--isbn", isbn, "--shelf", shelf_name,
                    "--shelf", "hand", "--status", "read", "--rating", str(1 + k % 5)]
            before = book_count(shelf)
            # A third right after the start (0–20 ms), a third anywhere, a third 0–5 ms after the
            # library's -wal file starts to change (the commit).
            window = [(0, 0.020), (0, estimate), (0, 0.005)][k % 3]
            trigger = self.wal(shelf) if k % 3 == 2 else None
            landed, delay, secs = self.kill_round(scenario, args, shelf, estimate, trigger=trigger,
                                                  delays=lambda: self.rng.uniform(*window))
            if not landed:
                estimate = secs
            when = f"add #{k} killed {delay * 1000:.1f} ms after {'the -wal changed' if trigger else 'the start'}"
            if not self.check_integrity(scenario, shelf, when):
                continue
            present = self.check_added(scenario, shelf, when, title, author, shelf_name, isbn, before)
            if landed:
                self.outcome(scenario, "added" if present else "not added")
                self.log(f"{when}: {'added' if present else 'not added'}")
            self.check_leftovers(scenario, shelf, when)
            rc, out, _ = self.run.run(args, shelf)
            if present and (rc == 0 or "already on the shelf" not in out):
                self.fail("followup", scenario, f"{when}: adding again: exit {rc}: {out.strip()[:200]}")
            if not present and rc != 0:
                self.fail("followup", scenario, f"{when}: adding again exited {rc}: {out.strip()[:200]}")
            if not self.check_added(scenario, shelf, when + ", then again", title, author, shelf_name, isbn,
                                    before, must=True):
                pass

    def check_added(self, scenario, shelf, when, title, author, shelf_name, isbn, before, must=False):
        rows = query(shelf, "SELECT id, title, status, ratingQuarters FROM book WHERE isbn13 = ?", (isbn,))
        count = book_count(shelf)
        authors = query(shelf, "SELECT id FROM author WHERE name = ?", (author,))
        shelves = query(shelf, "SELECT id FROM shelf WHERE name = ?", (shelf_name,))
        if not rows:
            if count != before or authors or shelves or must:
                self.fail("lost-or-duplicated", scenario,
                          f"{when}: book absent but {count - before} new books, {len(authors)} authors, "
                          f"{len(shelves)} shelves named for it" + (" (it should be there)" if must else ""))
            return False
        book_id, got_title, status, rating = rows[0]
        got_authors = [r[0] for r in query(shelf, "SELECT author.name FROM bookAuthor JOIN author ON author.id = "
                                                  "bookAuthor.authorId WHERE bookId = ? ORDER BY position", (book_id,))]
        got_shelves = sorted(r[0] for r in query(shelf, "SELECT shelf.name FROM bookShelf JOIN shelf ON shelf.id = "
                                                        "bookShelf.shelfId WHERE bookId = ?", (book_id,)))
        if (len(rows) != 1 or count != before + 1 or got_title != title or got_authors != [author]
                or got_shelves != sorted([shelf_name, "hand"]) or status != "read"):
            self.fail("lost-or-duplicated", scenario,
                      f"{when}: half there: {len(rows)} rows, {count - before} new, title {got_title!r}, "
                      f"authors {got_authors}, shelves {got_shelves}, status {status}")
        return True

    # -- note through $EDITOR

    def scenario_note(self, quota):
        scenario = "note"
        shelf = self.reference
        editor = os.path.join(self.root, "editor.sh")
        with open(editor, "w") as f:
            f.write('#!/bin/sh\n: > "$FAULT_MARK.started"\nsleep 0.03\ncat "$FAULT_TEXT" > "$1"\n'
                    ': > "$FAULT_MARK.done"\n')
        os.chmod(editor, 0o755)
        with_notes = sorted(self.reference_notes)
        without = [self.slug_of[i] for i in range(1200) if i not in self.reviewed]
        k = 0
        estimate = None
        while self.stats[scenario]["kills"] < quota and k < quota * 3:
            k += 1
            slug = self.rng.choice(with_notes if k % 2 else without)
            note_path = os.path.join(shelf, "content", "notes", slug + ".md")
            old = open(note_path, "rb").read() if os.path.exists(note_path) else None
            text_path = os.path.join(self.root, f"note-{k}.md")
            new = "".join(f"Line {n} of the long note number {k} for {slug}, written by a slow editor.\n"
                          for n in range(4000)).encode()
            with open(text_path, "wb") as f:
                f.write(new)
            mark = os.path.join(self.root, f"editor-{k}")
            env = {"EDITOR": editor, "FAULT_TEXT": text_path, "FAULT_MARK": mark}
            if estimate is None:  # one un-killed run to time it
                self.run.must(["note", slug], shelf, env)
                _, _, estimate = self.run.run(["note", slug], shelf, env)
                continue
            landed, delay, _ = self.kill_round(scenario, ["note", slug], shelf, estimate, env)
            time.sleep(0.3)  # the editor outlives bookplate: let it finish as an editor would
            if os.path.exists(mark + ".started"):
                for _ in range(100):
                    if os.path.exists(mark + ".done"):
                        break
                    time.sleep(0.05)
            when = f"note {slug} ({'had a note' if old is not None else 'no note yet'}) killed at {delay * 1000:.0f} ms"
            self.check_integrity(scenario, shelf, when)
            got = open(note_path, "rb").read() if os.path.exists(note_path) else None
            if got == new:
                kind = "new"
            elif got == old:
                kind = "old" if old is not None else "absent"
            elif got == b"" and old is None:
                # `note` creates the file before the editor opens it, and removes it if the editor
                # leaves it empty; killed in between, the empty new file stays. Nothing is lost, and
                # an empty note publishes nothing: reported, not a failure.
                kind = "new note left empty"
            else:
                kind = "other"
                self.fail("note-truncated", scenario, f"{when}: note is {len(got or b'')} bytes, neither old nor new")
            if landed:
                self.outcome(scenario, kind)
            self.check_leftovers(scenario, shelf, when)
            rc, out, _ = self.run.run(["note", slug], shelf, {"EDITOR": "true"})
            if rc != 0:
                self.fail("followup", scenario, f"{when}: note again exited {rc}: {out.strip()[:200]}")

    # -- remove and restore

    @staticmethod
    def whereabouts(shelf, slug, note, cover):
        """Where the note's and the cover's bytes are: each copy as 'place' (its folder, under the
        slug) or 'aside' (its folder's .removed/)."""
        def where(folder, name, data):
            found = []
            path = os.path.join(folder, name)
            if os.path.isfile(path) and open(path, "rb").read() == data:
                found.append("place")
            removed = os.path.join(folder, ".removed")
            for entry in sorted(os.listdir(removed)) if os.path.isdir(removed) else []:
                path = os.path.join(removed, entry)
                if os.path.isfile(path) and open(path, "rb").read() == data:
                    found.append("aside")
            return found
        content = os.path.join(shelf, "content")
        return (where(os.path.join(content, "notes"), slug + ".md", note),
                where(os.path.join(content, "covers"), slug + ".jpg", cover))

    def check_removal(self, scenario, shelf, slug, note, cover, when):
        """The book, its note and its cover agree: on the shelf with both in place, or removed, a copy
        kept, both set aside. Returns whether the book is on the shelf (None when the library is damaged)."""
        if not self.check_integrity(scenario, shelf, when):
            return None
        on_shelf = query(shelf, "SELECT count(*) FROM book WHERE slug = ?", (slug,))[0][0] == 1
        kept = query(shelf, "SELECT count(*) FROM removedBook WHERE slug = ?", (slug,))[0][0]
        notes, covers = self.whereabouts(shelf, slug, note, cover)
        want = ["place"] if on_shelf else ["aside"]
        if notes != want or covers != want or kept != (0 if on_shelf else 1):
            self.fail("lost-or-duplicated", scenario,
                      f"{when}: the book is {'on the shelf' if on_shelf else 'removed'} ({kept} kept copies), its "
                      f"note {notes or 'nowhere'}, its cover {covers or 'nowhere'}")
        return on_shelf

    def scenario_remove(self, quota):
        scenario = "remove"
        shelf = os.path.join(self.root, "removal")
        shutil.copytree(self.reference, shelf, symlinks=True)
        self.shelves.append(shelf)
        covers = os.path.join(shelf, "content", "covers")
        os.makedirs(covers, exist_ok=True)
        # A different book each round: a slug removed twice would have two kept copies to choose from.
        slugs = self.rng.sample(sorted(self.reference_notes), min(len(self.reference_notes), quota * 6 + 2))
        estimate = {}
        for k, slug in enumerate(slugs):
            if self.stats[scenario]["kills"] >= quota:
                break
            note = open(os.path.join(shelf, "content", "notes", slug + ".md"), "rb").read()
            cover = b"\xff\xd8\xff\xe0 the cover of " + slug.encode() + b"\n"
            with open(os.path.join(covers, slug + ".jpg"), "wb") as f:
                f.write(cover)
            steps = [("remove", ["remove", slug, "--yes"]), ("restore", ["restore", slug])]
            if not estimate:  # one un-killed run of each, to time them
                for name, args in steps:
                    _, estimate[name] = self.run.must(args, shelf)
                    self.check_removal(scenario, shelf, slug, note, cover, f"{name} {slug}, not killed")
                continue
            on_shelf = True
            for name, args in steps:
                if name == "restore" and on_shelf:
                    break  # the remove was cut short before it took the book: nothing to restore
                # Every other round, 0–2 ms after the library's -wal file first changes (its commit):
                # the files move after it, so the kill falls between the library and the files.
                at_commit = k % 2 == 0
                landed, delay, _ = self.kill_round(
                    scenario, args, shelf, estimate[name],
                    delays=(lambda: self.rng.uniform(0, 0.002)) if at_commit else None,
                    trigger=self.wal(shelf) if at_commit else None)
                when = f"{name} {slug} killed at {delay * 1000:.1f} ms{' after the commit began' if at_commit else ''}"
                self.check_leftovers(scenario, shelf, when)
                if landed:
                    # Where the kill left things, before the next command puts them right.
                    if not self.check_integrity(scenario, shelf, when):
                        return
                    there = query(shelf, "SELECT count(*) FROM book WHERE slug = ?", (slug,))[0][0] == 1
                    note_at, cover_at = self.whereabouts(shelf, slug, note, cover)
                    self.outcome(scenario, f"{name} killed: {'on the shelf' if there else 'removed'}, note "
                                           f"{'+'.join(note_at) or 'nowhere'}, cover {'+'.join(cover_at) or 'nowhere'}")
                # Any command that opens the library finishes a removal or restoration cut short.
                rc, out, _ = self.run.run(["list"], shelf)
                if rc != 0:
                    self.fail("followup", scenario, f"{when}: list exited {rc}: {out.strip()[:200]}")
                on_shelf = self.check_removal(scenario, shelf, slug, note, cover, when + ", then list")
                if on_shelf is None:
                    return
            if not on_shelf:
                self.run.must(["restore", slug], shelf)
                self.check_removal(scenario, shelf, slug, note, cover, f"{slug} restored after the kills")

    # -- builds

    def build_ok(self, scenario, shelf, when):
        rc, out, secs = self.run.run(["build"], shelf)
        if rc != 0:
            self.fail("followup", scenario, f"{when}: build exited {rc}: {out.strip()[:300]}")
        return rc == 0, secs

    def check_no_op(self, scenario, shelf, when):
        site = os.path.join(shelf, "site")
        before = stamps(site)
        rc, out, _ = self.run.run(["build"], shelf)
        after = stamps(site)
        if rc != 0 or before != after:
            changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
            self.fail("not-idempotent", scenario,
                      f"{when}: a build with nothing changed (exit {rc}) touched {len(changed)} files {changed[:4]}")

    def check_site_temps(self, scenario, shelf, when):
        snap = snapshot(os.path.join(shelf, "site"))
        clean, temps = split_temp(snap)
        if temps:
            self.leftovers.append((scenario, when, temps))
            self.fail("leftover", scenario, f"{when}: temporary files still in site/ after an un-killed build: {temps[:3]}")
            for p in temps:
                os.remove(os.path.join(shelf, "site", p))
        return clean

    def fresh_build(self, shelf, name):
        """What a build from scratch makes of the shelf's content and templates."""
        copy = os.path.join(self.root, name)
        copy_shelf_for_fresh_build(shelf, copy)
        out, secs = self.run.must(["build"], copy)
        snap = snapshot(os.path.join(copy, "site"))
        shutil.rmtree(copy, ignore_errors=True)
        return snap, secs

    def set_template(self, shelf, variant):
        path = os.path.join(shelf, "templates", "layout.mustache")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        text = re.sub(r"<!-- fault-test variant \w+ -->\n", "", text)
        if variant != "A":
            text = text.replace("</body>", f"<!-- fault-test variant {variant} -->\n</body>")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)

    def build_delays(self, estimate):
        """Half the kills anywhere in the build, half in its last 40%, where the files are written."""
        def draw():
            if self.rng.random() < 0.5:
                return self.rng.uniform(0, 0.95 * estimate)
            return self.rng.uniform(0.6 * estimate, 0.95 * estimate)
        return draw

    def report_killed_site(self, scenario, when, killed_snap, old, new, full, landed, prefix="", seen=()):
        """Classifies the site a killed build left (taken before any other command) against old and new.
        Temporary files already reported (`seen`, from an earlier kill of the same change) are not again."""
        clean, temps = split_temp(killed_snap)
        temps = [t for t in temps if t not in seen]
        kind, detail = classify(clean, old, new)
        label = prefix + kind + (" +temp files" if temps else "")
        if landed:
            self.outcome(scenario, label)
        if temps:
            self.leftovers.append((scenario, when, temps))
            self.fail("leftover", scenario, f"{when}: {len(temps)} temporary files left in site/: {temps[:3]}")
        if kind == "mix":
            self.fail("mix-full" if full else "mix-incremental", scenario, f"{when}: site/ is a mix: {detail}")
        elif kind == "neither":
            self.fail("site-neither", scenario, f"{when}: site/ is neither old nor new: {detail}")
        else:
            self.log(f"{when}: {label}")

    def after_kill(self, scenario, shelf, when):
        """Right after a kill, before any other command: site/ as it is, leftovers, the library's
        integrity, and the reader's own files in site/ once they were put there."""
        site = os.path.join(shelf, "site")
        snap = snapshot(site)
        self.check_leftovers(scenario, shelf, when)
        self.check_integrity(scenario, shelf, when)
        self.check_readers_files(scenario, shelf, when)
        return snap

    def check_readers_files(self, scenario, shelf, when):
        site = os.path.join(shelf, "site")
        if shelf not in self.readers_files_in:
            return
        lost = readers_files_lost(site)
        if lost:
            self.fail("readers-file", scenario, f"{when}: lost or changed: {lost}")
            put_readers_files(site)

    def scenario_build_full(self, quota):
        scenario = "build-full"
        shelf = self.build_shelf = self.init_shelf("build")
        self.run.must(["import", "goodreads", self.files["shelf"][0]], shelf)
        refs = {}
        for variant in ("A", "B"):
            self.set_template(shelf, variant)
            refs[variant], secs = self.fresh_build(shelf, "fresh-" + variant)
            refs[variant] = split_temp(refs[variant])[0]
        self.set_template(shelf, "A")
        estimate = secs
        print(f"setup: full build of {len(refs['A'])} files takes {secs:.2f}s", flush=True)
        current, old, change = "A", {}, 0
        while self.stats[scenario]["kills"] < quota and change < quota * 2:
            change += 1
            if change > 1:
                current = "B" if current == "A" else "A"
                self.set_template(shelf, current)
            new = refs[current]
            what = "first build" if change == 1 else f"template changed to {current}"
            # Two kills in a row (the second meets what the first left), then an un-killed build.
            seen = set()
            for attempt in (1, 2):
                if self.stats[scenario]["kills"] >= quota:
                    break
                landed, delay, secs = self.kill_round(scenario, ["build"], shelf, estimate,
                                                      delays=self.build_delays(estimate))
                when = f"full build {change}.{attempt} ({what}) killed at {delay:.2f}s"
                killed = self.after_kill(scenario, shelf, when)
                self.report_killed_site(scenario, when, killed, old, new, full=True, landed=landed, seen=seen)
                seen |= set(split_temp(killed)[1])
                if not landed:
                    estimate = secs
                    break
            when = f"full build {change} ({what}), after the kills"
            ok, secs = self.build_ok(scenario, shelf, when + ", build")
            estimate = (estimate + secs) / 2 if change > 1 else estimate
            got = self.check_site_temps(scenario, shelf, when + ", build")
            if ok and not same(got, new):
                self.fail("followup", scenario, f"{when}: the next build is not the new site: {site_diff(got, new)}")
            self.check_no_op(scenario, shelf, when + ", build twice")
            self.check_readers_files(scenario, shelf, when)
            old = got
            if shelf not in self.readers_files_in:
                # From here on the reader keeps a CNAME and a .git in site/, as for GitHub Pages.
                put_readers_files(os.path.join(shelf, "site"))
                self.readers_files_in.add(shelf)

    def scenario_build_incremental(self, quota):
        scenario = "build-incr"
        shelf = self.build_shelf
        site = os.path.join(shelf, "site")
        note_books = [self.slug_of[i] for i in range(1000) if i in self.reviewed]
        unrated = [self.slug_of[i] for i in range(1000) if rating_of(i) == 0]
        state = {"bulk": False}
        notes_dir = os.path.join(shelf, "content", "notes")
        changed_ratings = sum(1 for i in range(1000) if rating_of(i) != rating_of(i, True))

        def change(variant, k):
            """Applies one change; returns (description, revert, reapply, a folder the build writes into)."""
            if variant == "note":
                slug = self.rng.choice(note_books)
                path = os.path.join(notes_dir, slug + ".md")
                before = open(path, "rb").read()
                after = before + f"\n\nAdded in fault round {k}.\n".encode()

                def write(data):
                    with open(path, "wb") as f:
                        f.write(data)
                write(after)
                return (f"note {slug} edited", lambda: write(before), lambda: write(after),
                        os.path.join(site, "books", slug))
            if variant == "edit":
                slug = self.rng.choice(unrated)
                # Ratings are kept in quarter stars; the fixture's are whole.
                (quarters,), = query(shelf, "SELECT ratingQuarters FROM book WHERE slug = ?", (slug,))
                rating = quarters // 4 if quarters else None
                new = (rating or 0) % 5 + 1
                self.run.must(["edit", slug, "--rating", str(new)], shelf)
                return (f"edit {slug} --rating {new}",
                        lambda: self.run.must(["edit", slug, "--rating", str(rating) if rating else "none"], shelf),
                        lambda: self.run.must(["edit", slug, "--rating", str(new)], shelf), site)
            was = state["bulk"]

            def load(bulk):
                self.run.must(["import", "goodreads", self.files["bulk" if bulk else "shelf"][0]], shelf)
                state["bulk"] = bulk
            load(not was)
            return (f"re-import changing {changed_ratings} ratings", lambda: load(was), lambda: load(not was),
                    site)

        # Time each kind of change with one un-killed round.
        estimates = {}
        for variant in ("note", "edit", "bulk"):
            change(variant, 0)
            ok, estimates[variant] = self.build_ok(scenario, shelf, f"timing an incremental build ({variant})")
        print("setup: incremental builds take " + ", ".join(f"{v} {s:.2f}s" for v, s in estimates.items()),
              flush=True)
        old = split_temp(snapshot(site))[0]
        k = 0
        while self.stats[scenario]["kills"] < quota and k < quota * 3:
            k += 1
            variant = ("note", "edit", "bulk")[k % 3]
            # In every other group of three rounds the change is undone after the kill and the site
            # built: it must be the site from before the change.
            revert_first = (k // 3) % 2 == 1
            what, revert, reapply, watch = change(variant, k)
            killed = []
            for attempt in (1,) if revert_first else (1, 2):
                if self.stats[scenario]["kills"] >= quota:
                    break
                estimate = estimates[variant]
                # Rounds that undo the change aim at the write phase: 0–3 ms after the build first
                # writes into the folder of a page it changes. The others kill at a random moment.
                trigger = watch if revert_first else None
                landed, delay, secs = self.kill_round(
                    scenario, ["build"], shelf, estimate, trigger=trigger,
                    delays=(lambda: self.rng.uniform(0, 0.003)) if trigger else self.build_delays(estimate))
                moment = f"{delay * 1000:.1f} ms after it wrote into {os.path.relpath(watch, shelf)}/" if trigger \
                    else f"at {delay:.2f}s"
                when = f"incremental build {k}.{attempt} after {what} killed {moment}"
                killed.append((when, landed, self.after_kill(scenario, shelf, when)))
                if not landed:
                    if not trigger:
                        estimates[variant] = secs
                    break
            when = f"incremental build {k} after {what}, after the kill"
            if revert_first:
                revert()
                ok, _ = self.build_ok(scenario, shelf, when + ", change undone, build")
                got = self.check_site_temps(scenario, shelf, when + ", change undone, build")
                if ok and not same(got, old):
                    stale = [p for p in got if p in old and got[p][0] != old[p][0]]
                    by_kill = split_temp(killed[-1][2])[0] if killed else {}
                    from_kill = sum(1 for p in stale if by_kill.get(p, (None,))[0] == got[p][0])
                    self.fail("stale", scenario,
                              f"{when}, change undone, build: site/ is not the site before the change: "
                              f"{site_diff(got, old)}; {from_kill} of the {len(stale)} differing files are "
                              f"as the killed build wrote them")
                reapply()  # the build after this rewrites the stale pages: they differ from the state's prints
            ok, secs = self.build_ok(scenario, shelf, when + ", build")
            new = self.check_site_temps(scenario, shelf, when + ", build")
            seen = set()
            for kill_when, landed, snap in killed:
                self.report_killed_site(scenario, kill_when, snap, old, new, full=False, landed=landed,
                                        prefix=variant + ": ", seen=seen)
                seen |= set(split_temp(snap)[1])
            self.check_no_op(scenario, shelf, when + ", build twice")
            old = new
        # The site incremental builds leave must be what a build from scratch makes.
        fresh, _ = self.fresh_build(shelf, "fresh-final")
        if not same(old, split_temp(fresh)[0]):
            self.fail("stale", scenario, f"after all incremental rounds, site/ differs from a build from scratch: "
                                         f"{site_diff(old, fresh)}")


def quotas_for(total):
    weight = sum(w for _, w in WEIGHTS)
    quotas = {name: max(1, round(total * w / weight)) for name, w in WEIGHTS}
    while sum(quotas.values()) > max(total, len(WEIGHTS)):
        largest = max(quotas, key=quotas.get)
        quotas[largest] -= 1
    while sum(quotas.values()) < total:
        quotas["build-incr"] += 1
    return quotas


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--kills", type=int, default=DEFAULT_KILLS, help=f"kills in all (default {DEFAULT_KILLS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--tolerate", default="", help="failure categories reported but not failing the run: "
                        + ", ".join(CATEGORIES))
    parser.add_argument("--only", default="", help="run only these scenarios (comma-separated)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    tolerated = {c for c in args.tolerate.split(",") if c}
    if tolerated - set(CATEGORIES):
        parser.error(f"unknown categories {sorted(tolerated - set(CATEGORIES))}")
    quotas = quotas_for(args.kills)
    if args.only:
        quotas = {k: v for k, v in quotas.items() if k in args.only.split(",")}
    print(f"bookplate fault injection: {binary}, seed {args.seed}, kills {quotas}", flush=True)
    started = time.monotonic()
    root = tempfile.mkdtemp(prefix="bookplate-faults-")
    test = Test(binary, root, args.seed, quotas, args.verbose)
    try:
        test.prepare()
        order = ["import", "add", "note", "remove", "build-full", "build-incr"]
        for name in order:
            if name not in quotas:
                continue
            if name == "build-incr" and "build-full" not in quotas:
                test.scenario_build_full(0)
            print(f"{name}: {quotas[name]} kills", flush=True)
            phase = time.monotonic()
            getattr(test, "scenario_" + name.replace("-", "_").replace("incr", "incremental"))(quotas[name])
            test.stats[name]["seconds"] = time.monotonic() - phase
        test.final_sweep()
    except (SetupError, subprocess.TimeoutExpired) as e:
        print(f"setup error: {e}", file=sys.stderr)
        return 2
    finally:
        if args.keep:
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    elapsed = time.monotonic() - started

    print()
    print(f"{'scenario':<12} {'kills':>5} {'missed':>6} {'failures':>8} {'time':>5}  outcomes")
    for name, _ in WEIGHTS:
        if name not in quotas:
            continue
        s = test.stats[name]
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(s["outcomes"].items()))
        print(f"{name:<12} {s['kills']:>5} {s['missed']:>6} {s['failures']:>8} {s['seconds']:>4.0f}s  {outcomes}")
    total_kills = sum(s["kills"] for s in test.stats.values())
    print(f"{'total':<12} {total_kills:>5}  in {elapsed:.0f}s, seed {args.seed}")
    by_category = {}
    for category, scenario, message in test.failures:
        by_category.setdefault(category, []).append((scenario, message))
    if by_category:
        print()
        for category, items in sorted(by_category.items()):
            mark = " (tolerated)" if category in tolerated else ""
            print(f"{category}{mark}: {len(items)} — {CATEGORIES[category]}")
    if test.failures:
        print()
        print("first failure of each kind:")
        for category, items in sorted(by_category.items()):
            print(f"  [{category}] {items[0][0]}: {items[0][1]}")
    failing = [c for c in by_category if c not in tolerated]
    short = [n for n, q in quotas.items() if test.stats[n]["kills"] < q]
    if short:
        print(f"too few kills landed in: {short}")
    print("FAILED" if failing or short else "PASSED")
    return 1 if failing or short else 0


if __name__ == "__main__":
    sys.exit(main())
