#!/usr/bin/env python3
"""Hostile-input browser test: no text from strangers may run script on the published site.

Creates a fresh shelf in a temporary folder, fills it with hostile records through Bookplate's
real entry points (the Goodreads, StoryGraph, LibraryThing, BookWyrm and Bookplate JSON imports, `add` by
hand, and `add google:…` / `add openlibrary:…` against a local catalog server serving hostile
JSON and images), makes content/site.yaml hostile too, builds the site and opens every page in
headless Chromium from file://. Every payload that would run calls `mark('ID')` or `alert('ID')`,
ID naming its record (see Tests/browser/hostile/README.md).

A page fails when a marker fired (or `window.__pwned` was filled), a dialog was asked for, an
uncaught script error happened, an element has an `on…` attribute, a <script> is not one Bookplate
ships on a clean shelf, a URL attribute uses a scheme other than http(s) (or a relative path
leaving site/), or an <iframe>/<object>/<embed>/<style>/<base>/<frame> element is present. The run
also fails when the build wrote outside site/ and content/, a site file lies outside site/,
feed.xml, sitemap.xml or a cover SVG is not well-formed XML (or an SVG carries script), the search
index does not parse, or a private note was published.

Usage: check_hostile.py BOOKPLATE_BINARY [ARTEFACTS_DIR] [--keep]
"""
import csv
import http.server
import io
import json
import os
import pathlib
import re
import sqlite3
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ElementTree
import zlib

from selenium import webdriver
from selenium.common.exceptions import UnexpectedAlertPresentException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

HERE = pathlib.Path(__file__).resolve().parent
FIXTURES = HERE / "hostile"
HIGHLIGHTS = HERE.parent / "BookplateKitTests" / "Fixtures" / "highlights"
KINDLE_HOSTILE = HIGHLIGHTS / "kindle" / "hostile.txt"
KOREADER_HOSTILE = HIGHLIGHTS / "koreader" / "hostile.json"
READWISE_HOSTILE = HIGHLIGHTS / "readwise" / "hostile.csv"
COMMAND_TIMEOUT = 60
# Every marker and dialog seen on any page: the payloads that ran.
RAN = set()

# Installed before any page script runs, in every document and frame: the marker payloads
# call, dialogs recorded instead of shown, uncaught errors kept.
HOOK = r"""
(function () {
  var here = window;
  function record(list, value) {
    var target = here;
    try { if (here.top.__hostile) { target = here.top; } } catch (e) {}
    (target.__hostile = target.__hostile || { marks: [], dialogs: [], errors: [] })[list].push(String(value));
  }
  here.__hostile = here.__hostile || { marks: [], dialogs: [], errors: [] };
  here.mark = function (id) { record("marks", id); };
  ["alert", "confirm", "prompt", "print"].forEach(function (name) {
    here[name] = function (message) { record("dialogs", name + "(" + message + ")"); return null; };
  });
  here.open = function (url) { record("dialogs", "open(" + url + ")"); return null; };
  here.addEventListener("error", function (event) {
    if (event instanceof ErrorEvent) { record("errors", event.message + " at " + event.filename + ":" + event.lineno); }
  });
})();
"""

# Everything a page check needs from the DOM, gathered in one round trip.
INSPECT = r"""
const urlAttributes = ["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background",
                       "ping", "cite", "codebase", "manifest", "lowsrc", "dynsrc", "srcset", "imagesrcset"];
const result = { onAttributes: [], scripts: [], urls: [], forbidden: [], srcdoc: [], refresh: [] };
for (const element of document.querySelectorAll("*")) {
  const tag = element.tagName.toLowerCase();
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith("on")) {
      result.onAttributes.push(tag + "[" + name + "=" + attribute.value.slice(0, 80) + "]");
    }
    if (name === "srcdoc") { result.srcdoc.push(tag); }
    if (urlAttributes.includes(name)) {
      const values = name.endsWith("srcset")
        ? attribute.value.split(",").map(s => s.trim().split(/\s+/)[0]) : [attribute.value];
      for (const value of values) {
        let resolved = null;
        try { resolved = new URL(value, document.baseURI).href; } catch (e) {}
        result.urls.push({ tag: tag, attribute: name, value: value, resolved: resolved });
      }
    }
  }
  if (["iframe", "frame", "frameset", "object", "embed", "applet", "style", "base", "portal",
       "foreignobject"].includes(tag)) {
    result.forbidden.push(tag);
  }
  if (tag === "meta" && (element.getAttribute("http-equiv") || "").toLowerCase() === "refresh") {
    result.refresh.push(element.getAttribute("content"));
  }
}
for (const script of document.scripts) {
  result.scripts.push({ src: script.getAttribute("src"), resolved: script.src || null,
                        type: script.getAttribute("type"), text: script.text });
}
result.stylesheetCount = document.styleSheets.length;
const state = window.__hostile || { marks: ["(hook missing)"], dialogs: [], errors: [] };
result.marks = state.marks.concat(Array.isArray(window.__pwned) ? window.__pwned : []);
result.dialogs = state.dialogs; result.errors = state.errors;
result.url = location.href;
return result;
"""

# Fires the handlers of any element that carries one (there should be none).
TRIGGER = r"""
let fired = 0;
for (const element of Array.from(document.querySelectorAll("*"))) {
  if (!Array.from(element.attributes).some(a => a.name.toLowerCase().startsWith("on"))) { continue; }
  fired += 1;
  try { element.focus(); } catch (e) {}
  for (const kind of ["focus", "mouseover", "mouseenter", "click", "toggle", "load", "error", "start"]) {
    try { element.dispatchEvent(new MouseEvent(kind, { bubbles: true, cancelable: true })); } catch (e) {}
  }
}
return fired;
"""


# ---------------------------------------------------------------------------------------------
# Catalog server


def png(width=4, height=6):
    """A small valid PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x80\x40\x20" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def polyglot_gif(record_id):
    """A GIF header followed by HTML: a valid image to Bookplate's sniffing, script to a careless server."""
    return (b"GIF89a\x04\x00\x06\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00"
            + f"<script>mark('{record_id}')</script><svg onload=mark('{record_id}b')>".encode())


# Images are binary, so they are made here rather than kept as fixtures. CV ids trace a hit.
COVERS = {
    "/covers/fine.png": ("image/png", png()),
    "/covers/polyglot.gif": ("image/gif", polyglot_gif("CV01")),
    "/covers/b/id/9003-L.jpg": ("image/gif", polyglot_gif("CV02")),
    "/covers/html-as-image.png": ("image/png", b"<!doctype html><script>mark('CV03')</script>"),
    "/covers/b/id/9001-L.jpg": ("image/png", png(6, 9)),
    "/covers/b/id/9004-L.jpg": ("image/svg+xml", b"<svg xmlns='http://www.w3.org/2000/svg' onload=\"mark('CV04')\"/>"),
    "/covers/a/id/9103-M.jpg": ("image/png", png(5, 5)),
    "/covers/a/id/9104-M.jpg": ("image/png", png(5, 7)),
}


class CatalogServer:
    """Serves Tests/browser/hostile/catalog/ (a request path maps to a file, `.json` optional)
    and the images above; `{BASE}` in a JSON file becomes the server's address."""

    def __init__(self):
        self.requests = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                path = urllib.parse.urlsplit(self.path).path
                status, kind, body = server.answer(path)
                server.requests.append((status, self.path))
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def answer(self, path):
        if path in COVERS:
            kind, body = COVERS[path]
            return 200, kind, body
        relative = urllib.parse.unquote(path).lstrip("/")
        root = (FIXTURES / "catalog").resolve()
        for candidate in (relative, relative + ".json"):
            file = (root / candidate).resolve()
            if str(file).startswith(str(root) + os.sep) and file.is_file():
                text = file.read_text(encoding="utf-8").replace("{BASE}", self.base)
                return 200, "application/json; charset=utf-8", text.encode()
        return 404, "application/json", b'{"error": "notfound"}'

    def stop(self):
        self.httpd.shutdown()


# ---------------------------------------------------------------------------------------------
# Running Bookplate


class Runner:
    def __init__(self, binary, env):
        self.binary = binary
        self.env = env
        self.log = []  # (label, exit code, first error line)

    def run(self, label, args, cwd, check=False):
        started = time.time()
        try:
            done = subprocess.run([self.binary, *args], cwd=cwd, env=self.env, capture_output=True, text=True,
                                  timeout=COMMAND_TIMEOUT, errors="replace")
            code, output = done.returncode, done.stdout + done.stderr
        except subprocess.TimeoutExpired:
            code, output = "timeout", f"timed out after {COMMAND_TIMEOUT} s"
        lines = [line for line in output.splitlines() if line.strip()]
        errors = [line for line in lines if re.search(r"error|warning|skipp|refus|could not|failed|not ", line, re.I)]
        detail = (errors or lines or [""])[0][:220]
        self.log.append((label, code, detail, output))
        note = f"  — {detail}" if code != 0 or errors else ""
        print(f"  exit {code:<3} {label} ({time.time() - started:.1f} s){note}")
        if check and code != 0:
            raise SystemExit(f"error: '{label}' failed:\n{output}")
        return code, output


def hostile_settings(runner, shelf, probe_site):
    """Writes content/site.yaml with, for each key, the most hostile candidate Bookplate accepts.
    Returns the refused (key, value, error) triples and the accepted values."""
    candidates = json.loads((FIXTURES / "settings.json").read_text(encoding="utf-8"))
    candidates.pop("_comment", None)
    chosen = {key: 0 for key in candidates}
    refused = []

    def write():
        lines = [f"{key}: {json.dumps(values[chosen[key]])}" for key, values in candidates.items()]
        (shelf / "content" / "site.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")

    while True:
        write()
        code, output = runner.run("build (settings probe)", ["build", "--output", str(probe_site)], shelf)
        if code == 0:
            break
        match = re.search(r"site\.yaml:(\d+): .*?'([a-z_]+)'", output)
        key = match.group(2) if match else None
        if key not in chosen or chosen[key] + 1 >= len(candidates[key]):
            raise SystemExit(f"error: no accepted value for a setting:\n{output}")
        refused.append((key, candidates[key][chosen[key]], output.strip().splitlines()[-1]))
        chosen[key] += 1
    shutil.rmtree(probe_site, ignore_errors=True)
    return refused, {key: values[chosen[key]] for key, values in candidates.items()}


def goodreads_file(folder):
    """The Goodreads fixture plus rows that do not belong in a readable file: a 100 KB title and
    control characters."""
    text = (FIXTURES / "goodreads.csv").read_text(encoding="utf-8")
    columns = next(csv.reader(io.StringIO(text)))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\r\n")
    base = {column: "" for column in columns}
    base.update({"Author": "Hostile Tester", "Exclusive Shelf": "read", "Date Read": "2024/03/01",
                 "Date Added": "2024/01/01", "ISBN": '=""', "ISBN13": '=""', "Number of Pages": "999"})
    huge = "GR31 a 100 KB title " + "<script>mark('GR31')</script>\" onmouseover=mark('GR31b') " * 1800
    writer.writerow({**base, "Book Id": "90031", "Title": huge[:100_000]})
    controls = "".join(chr(c) for c in range(1, 32) if c not in (9, 10, 13)) + "\x7f"
    writer.writerow({**base, "Book Id": "90032",
                     "Title": f"GR32 control characters {controls} <script>mark('GR32')</script>"})
    # Series named in titles become series pages: markup, a path and absurd places in them.
    writer.writerow({**base, "Book Id": "90035",
                     "Title": "GR35 series (<script>mark('GR35')</script>, #1; \" onmouseover=mark('GR35b') x=\", #2)"})
    writer.writerow({**base, "Book Id": "90036", "Title": "GR36 series (../../gr36, #99999; NaN, #1e309)"})
    file = folder / "goodreads.csv"
    file.write_text(text + out.getvalue(), encoding="utf-8", newline="")
    return file


def kobo_files(folder):
    """A KoboReader.sqlite whose titles, passages, notes and chapters carry markup, script links
    and escape codes, and one whose Text column is computed as an 800-million-character string."""
    hostile = folder / "KoboReader.sqlite"
    hostile.unlink(missing_ok=True)
    db = sqlite3.connect(hostile)
    db.executescript("""
        CREATE TABLE content (ContentID TEXT, ContentType TEXT, Title TEXT, Attribution TEXT, ISBN TEXT,
                              BookTitle TEXT);
        CREATE TABLE Bookmark (BookmarkID TEXT, VolumeID TEXT, ContentID TEXT, Text TEXT, Annotation TEXT,
                               DateCreated TEXT, Type TEXT, Hidden TEXT);
    """)
    book = "file:///mnt/onboard/<b>evil</b>.kepub.epub"
    db.executemany("INSERT INTO content VALUES (?, ?, ?, ?, ?, ?)", [
        (book, "6", "<svg onload=mark('KB1')>Kobo Book</svg>\x1b[31m", "<img src=x onerror=mark('KB2')>", "x",
         None),
        (book + "#ch1", "899", "<script>mark('KB3')</script>", None, None, "Kobo Book"),
    ])
    db.executemany("INSERT INTO Bookmark VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [
        ("k1", book, book + "#ch1", "<script>mark('KB4')</script> stays text", "[x](javascript:mark('KB5'))",
         "2024-05-06T10:00:00.000", "highlight", "false"),
        ("k2", book, book + "#ch1", "A passage \x1b]0;title\x07 with escape codes",
         "<img src=x onerror=mark('KB6')> and <a href=\"javascript:mark('KB7')\">a link</a>", "not a date",
         "note", "false"),
    ])
    db.commit()
    db.close()
    gigabyte = folder / "gigabyte.sqlite"
    gigabyte.unlink(missing_ok=True)
    db = sqlite3.connect(gigabyte)
    db.executescript("""
        CREATE TABLE content (ContentID TEXT, ContentType TEXT, Title TEXT, Attribution TEXT);
        CREATE TABLE Bookmark (BookmarkID TEXT, VolumeID TEXT, Size INTEGER,
                               Text TEXT GENERATED ALWAYS AS (hex(zeroblob(Size))) VIRTUAL);
        INSERT INTO content VALUES ('book', '6', 'A Book', 'A Writer');
        INSERT INTO Bookmark (BookmarkID, VolumeID, Size) VALUES ('b1', 'book', 1);
        PRAGMA writable_schema = ON;
        UPDATE sqlite_master SET sql = replace(sql, 'zeroblob(Size)', 'zeroblob(Size * 400000000)')
            WHERE name = 'Bookmark';
        PRAGMA writable_schema = OFF;
    """)
    db.commit()
    db.close()
    return hostile, gigabyte


def apple_books_documents(folder):
    """Apple Books' Documents folder with both stores (BKLibrary, AEAnnotation), whose titles,
    authors, passages and notes carry markup, script links and escape codes."""
    documents = folder / "Documents"
    shutil.rmtree(documents, ignore_errors=True)
    (documents / "BKLibrary").mkdir(parents=True)
    (documents / "AEAnnotation").mkdir(parents=True)
    db = sqlite3.connect(documents / "BKLibrary" / "BKLibrary-1-091020131601.sqlite")
    db.executescript("""
        CREATE TABLE ZBKLIBRARYASSET (Z_PK INTEGER PRIMARY KEY, ZASSETID VARCHAR, ZTITLE VARCHAR,
            ZAUTHOR VARCHAR, ZLANGUAGE VARCHAR, ZISFINISHED INTEGER, ZREADINGPROGRESS FLOAT,
            ZDATEFINISHED TIMESTAMP, ZCREATIONDATE TIMESTAMP);
    """)
    db.execute("INSERT INTO ZBKLIBRARYASSET VALUES (1, 'AB1', ?, ?, ?, 1, 1.0, 775828800, 'soon')",
               ("<svg onload=mark('AB1')>Apple Book</svg>\x1b[31m", "<img src=x onerror=mark('AB2')> & Eve",
                "\"><script>mark('AB3')</script>"))
    db.commit()
    db.close()
    db = sqlite3.connect(documents / "AEAnnotation" / "AEAnnotation_v10312011_1727_local.sqlite")
    db.executescript("""
        CREATE TABLE ZAEANNOTATION (Z_PK INTEGER PRIMARY KEY, ZANNOTATIONASSETID VARCHAR,
            ZANNOTATIONSELECTEDTEXT VARCHAR, ZANNOTATIONNOTE VARCHAR, ZANNOTATIONLOCATION VARCHAR,
            ZANNOTATIONCREATIONDATE TIMESTAMP, ZANNOTATIONDELETED INTEGER);
    """)
    db.executemany("INSERT INTO ZAEANNOTATION VALUES (?, 'AB1', ?, ?, ?, ?, 0)", [
        (1, "<script>mark('AB4')</script> stays text", "[x](javascript:mark('AB5'))",
         "epubcfi(/6/4[<script>mark('AB6')</script>]!/4/2/1:0)", 774871200),
        (2, "A passage \x1b]0;title\x07 with escape codes",
         "<img src=x onerror=mark('AB7')> and <a href=\"javascript:mark('AB8')\">a link</a>",
         "\"><script>mark('AB9')</script>", "not a date"),
    ])
    db.commit()
    db.close()
    return documents


def fill_library(runner, shelf, work):
    """Every entry point, one hostile record after another."""
    print("imports:")
    runner.run("import goodreads", ["import", "goodreads", str(goodreads_file(work))], shelf)
    runner.run("import storygraph", ["import", "storygraph", str(FIXTURES / "storygraph.csv")], shelf)
    runner.run("import librarything", ["import", "librarything", str(FIXTURES / "librarything.tsv")], shelf)
    runner.run("import bookwyrm", ["import", "bookwyrm", str(FIXTURES / "bookwyrm.csv")], shelf)
    runner.run("import bookplate", ["import", "bookplate", str(FIXTURES / "bookplate.json")], shelf)
    # Highlights with markup, a javascript: link in a note, bytes that are not UTF-8, entries run
    # together: their books are added with them, and every page they reach is opened below.
    runner.run("import kindle", ["import", "kindle", str(KINDLE_HOSTILE), "--add-missing"], shelf)
    runner.run("import koreader", ["import", "koreader", str(KOREADER_HOSTILE), "--add-missing"], shelf)
    runner.run("import readwise", ["import", "readwise", str(READWISE_HOSTILE), "--add-missing"], shelf)
    kobo, gigabyte = kobo_files(work)
    runner.run("import kobo", ["import", "kobo", str(kobo), "--add-missing"], shelf)
    # A column computed as a gigabyte string from a few bytes: refused in one line, not built.
    runner.run("import kobo (gigabyte column)", ["import", "kobo", str(gigabyte), "--add-missing"], shelf)
    runner.run("import kobo (not SQLite)", ["import", "kobo", str(KINDLE_HOSTILE)], shelf)
    runner.run("import apple-books", ["import", "apple-books", str(apple_books_documents(work))], shelf)
    print("add by hand:")
    for entry in json.loads((FIXTURES / "add.json").read_text(encoding="utf-8")):
        runner.run(f"add {entry['id']} by hand", ["add", *entry["args"]], shelf)
    print("add from the catalogs (local hostile server):")
    for target in ["google:HGB01", "google:HGB02", "google:HGB03", "google:HGB04", "google:HGB05",
                   "google:HGB06", "openlibrary:OL9001W", "openlibrary:OL9002W", "openlibrary:OL9003W",
                   "openlibrary:OL9004W", "openlibrary:OL9005W", "openlibrary:OL9006M"]:
        runner.run(f"add {target}", ["add", target, "--status", "read", "--finished", "2023-07-07"], shelf)


# ---------------------------------------------------------------------------------------------
# Checks on files


def snapshot(root, allowed):
    """Every path below `root` outside the `allowed` folders, with its size and modification time."""
    seen = {}
    for folder, folders, files in os.walk(root):
        here = pathlib.Path(folder)
        folders[:] = [name for name in folders if (here / name) not in allowed]
        for name in folders + files:
            path = here / name
            info = path.lstat()
            # A folder's own date changes whenever an entry in it does (site/ swapped in): only
            # its presence counts. A file counts by size and date.
            is_file = path.is_file() and not path.is_symlink()
            seen[str(path.relative_to(root))] = (info.st_size, info.st_mtime_ns) if is_file else ("folder",)
    return seen


def build_state_version():
    """The build state's format version, as BuildStateStore.swift declares it (read there, so that
    a new version is not a failure of this check)."""
    source = (HERE.parent.parent / "Sources" / "BookplateSite" / "BuildStateStore.swift").read_text()
    return int(re.search(r"static let formatVersion = (\d+)", source).group(1))


def build_state_paths(state, site):
    """The site paths the build state (BuildStateStore.swift) names for `site`, and what is wrong with the file."""
    problems = []
    version = build_state_version()
    try:
        connection = sqlite3.connect(f"file:{state}?mode=ro", uri=True)
        try:
            if connection.execute("PRAGMA user_version").fetchone()[0] != version:
                problems.append(f"build state is not of version {version} (BuildStateStore.formatVersion)")
            rows = connection.execute(
                "SELECT output.path FROM output JOIN site ON site.id = output.siteId WHERE site.path = ?",
                (os.path.abspath(site),)).fetchall()
            unfinished = connection.execute(
                "SELECT count(*) FROM site WHERE path = ? AND NOT finished", (os.path.abspath(site),)).fetchone()[0]
        finally:
            connection.close()
    except sqlite3.Error as error:
        return [], [f"build state cannot be read: {error}"]
    paths = [row[0] for row in rows]
    if unfinished:
        problems.append("build state says the last build did not finish")
    if not paths:
        problems.append("build state names no files")
    return paths, problems


def site_file_problems(site, content):
    problems = []
    real_site = os.path.realpath(site)
    for folder, folders, files in os.walk(site):
        for name in folders + files:
            path = os.path.join(folder, name)
            if os.path.islink(path):
                problems.append(f"site file is a symbolic link: {path}")
            if not os.path.realpath(path).startswith(real_site + os.sep):
                problems.append(f"site file outside site/: {path}")
    state = content / ".bookplate" / "build-state.sqlite"
    paths, state_problems = build_state_paths(state, site) if state.exists() else ([], ["no build state beside the library"])
    problems += state_problems
    for path in paths:
        parts = path.split("/")
        if path.startswith("/") or ".." in parts or "." in parts or "" in parts:
            problems.append(f"build state names a path that is not plain: {path!r}")
        elif not (site / path).is_file():
            problems.append(f"build state names a file the site lacks: {path!r}")
    return problems


def xml_problems(site):
    problems = []
    for name in ("feed.xml", "sitemap.xml"):
        file = site / name
        if not file.exists():
            problems.append(f"{name} missing (base_url is set, so it should exist)")
            continue
        try:
            ElementTree.parse(file)
        except ElementTree.ParseError as error:
            problems.append(f"{name} is not well-formed XML: {error}")
    for file in sorted(site.rglob("*.svg")):
        try:
            tree = ElementTree.parse(file)
        except ElementTree.ParseError as error:
            problems.append(f"{file.relative_to(site)} is not well-formed XML, so browsers show a broken "
                            f"image (not script): {error}")
            continue
        for element in tree.iter():
            tag = element.tag.rsplit("}", 1)[-1].lower()
            if tag in ("script", "foreignobject", "iframe", "style"):
                problems.append(f"{file.relative_to(site)} holds <{tag}>")
            for attribute in element.attrib:
                if attribute.rsplit("}", 1)[-1].lower().startswith("on"):
                    problems.append(f"{file.relative_to(site)} has attribute {attribute}")
    return problems


def search_index(site):
    """The parsed search index, or an error string."""
    file = site / "search-index.js"
    text = file.read_text(encoding="utf-8")
    # The letters the search folds on the first line, the entries on the second.
    folds_prefix, prefix = "window.BOOKPLATE_SEARCH_FOLDS = ", "window.BOOKPLATE_SEARCH_INDEX = "
    lines = text.split("\n", 1)
    if (len(lines) != 2 or not lines[0].startswith(folds_prefix) or not lines[0].endswith(";")
            or not lines[1].startswith(prefix) or not lines[1].rstrip().endswith(";")):
        return None, f"search-index.js has an unexpected shape: {text[:80]!r}"
    if re.search(r"</script|<!--|<script", text, re.I):
        return None, "search-index.js holds a raw </script, <script or <!--"
    try:
        folds = json.loads(lines[0][len(folds_prefix):].rstrip(";"))
        entries = json.loads(lines[1][len(prefix):].rstrip().rstrip(";"))
    except ValueError as error:
        return None, f"search-index.js does not parse as JSON: {error}"
    # A letter is spelt in ASCII ("ø": "o"), or written as the one letter it stands for (Persian
    # "ک": Arabic "ك"): nothing else, no markup.
    if not all(len(letter) == 1 and (spelling.isascii() or (len(spelling) == 1 and spelling.isalpha()))
               for letter, spelling in folds.items()):
        return None, f"search-index.js folds letters to something other than ASCII or one letter: {folds!r}"
    for entry in entries:
        # A book's page, or a highlight's place on it.
        if not re.fullmatch(r"books/[a-z0-9]+(-[a-z0-9]+)*/index\.html(#h-[0-9a-f]{12})?", entry.get("u", "")):
            return None, f"search index entry with an unexpected address: {entry.get('u')!r}"
    return entries, None


# ---------------------------------------------------------------------------------------------
# Checks in the browser


def open_browser():
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files", "--window-size=1280,1600", "--no-first-run",
                     "--disable-extensions", "--disable-background-networking"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("unhandledPromptBehavior", "accept and notify")
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(10)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    return driver


def load(driver, uri):
    """Opens `uri`, waits until it is complete, and returns the DOM report (or raises)."""
    driver.get(uri)
    deadline = time.time() + 10
    while driver.execute_script("return document.readyState") != "complete" and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(0.05)
    fired = driver.execute_script(TRIGGER)
    if fired:
        time.sleep(0.1)
    report = driver.execute_script(INSPECT)
    report["fired"] = fired
    return report


def url_problem(value, resolved, site, root_relative_ok):
    """Why a URL attribute is not acceptable, or None. Allowed: http(s), and relative paths that
    stay inside the site (the 404 page, served from any depth, links from the site's root)."""
    cleaned = re.sub(r"[\t\n\r]", "", value).strip("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f"
                                                    "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d"
                                                    "\x1e\x1f ")
    scheme = re.match(r"([a-zA-Z][a-zA-Z0-9+.\-]*):", cleaned)
    if scheme:
        if scheme.group(1).lower() not in ("http", "https"):
            return f"scheme {scheme.group(1)}: in {value[:100]!r}"
        return None
    if cleaned[:2] in ("//", "\\\\", "/\\", "\\/"):
        return f"scheme-relative address to another host: {value[:100]!r}"
    if cleaned.startswith("/") and root_relative_ok:
        return None
    if not resolved or not resolved.startswith("file://"):
        return f"relative address resolving to {resolved!r}"
    target = os.path.realpath(urllib.parse.unquote(urllib.parse.urlsplit(resolved).path))
    if not (target + os.sep).startswith(os.path.realpath(site) + os.sep):
        return f"relative address leaving site/: {value[:100]!r} → {target}"
    return None


def page_problems(report, page, site, allowed, raw_html):
    problems = []
    RAN.update(report["marks"] + report["dialogs"])
    if report["marks"]:
        problems.append(f"markers fired: {sorted(set(report['marks']))}")
    if report["dialogs"]:
        problems.append(f"dialogs: {report['dialogs'][:5]}")
    if report["errors"]:
        problems.append(f"uncaught script errors: {report['errors'][:3]}")
    if report["url"] != page.as_uri() and not report["url"].startswith(page.as_uri() + "?"):
        problems.append(f"page navigated away to {report['url'][:120]}")
    if report["onAttributes"]:
        problems.append(f"event-handler attributes: {report['onAttributes'][:5]}")
    if report["fired"]:
        problems.append(f"{report['fired']} elements with handlers were triggered")
    if report["forbidden"]:
        problems.append(f"forbidden elements: {sorted(set(report['forbidden']))}")
    if report["srcdoc"]:
        problems.append(f"srcdoc attributes on {report['srcdoc']}")
    if report["refresh"]:
        problems.append(f"meta refresh: {report['refresh']}")
    ok_scripts = 0
    injected = 0
    for script in report["scripts"]:
        if script["src"] is not None:
            resolved = urllib.parse.unquote(urllib.parse.urlsplit(script["resolved"] or "").path)
            relative = os.path.relpath(os.path.realpath(resolved), os.path.realpath(site)) if resolved else None
            if relative in allowed["src"] and not script["text"].strip():
                ok_scripts += 1
                # Added by search.js, so not among the file's own <script openings.
                injected += relative in allowed["injected"]
            else:
                problems.append(f"foreign script src={script['src'][:100]!r}")
        elif (script["type"] or "").lower() in allowed["inline"]:
            try:
                json.loads(script["text"])
                ok_scripts += 1
            except ValueError as error:
                problems.append(f"JSON-LD does not parse ({error}): {script['text'][:100]!r}")
            if "</script" in script["text"].lower():
                problems.append("JSON-LD text holds </script")
        else:
            problems.append(f"foreign inline script type={script['type']!r}: {script['text'][:100]!r}")
    raw_scripts = len(re.findall(r"<script\b", raw_html, re.I))
    if raw_scripts != ok_scripts - injected:
        problems.append(f"the file has {raw_scripts} '<script' openings but {ok_scripts} are Bookplate's")
    root_relative_ok = page.name == "404.html" and page.parent == site
    for url in report["urls"]:
        problem = url_problem(url["value"], url["resolved"], site, root_relative_ok)
        if problem:
            problems.append(f"<{url['tag']} {url['attribute']}>: {problem}")
    return problems


def missing_targets(report, site):
    missing = set()
    for url in report["urls"]:
        resolved = url["resolved"] or ""
        if resolved.startswith("file://"):
            path = pathlib.Path(urllib.parse.unquote(urllib.parse.urlsplit(resolved).path))
            if str(path).startswith(str(site)) and not path.exists():
                missing.add(str(path.relative_to(site)))
    return missing


def allowed_scripts(runner, clean):
    """The scripts Bookplate ships, from a clean shelf with one ordinary book."""
    runner.run("init (clean shelf)", ["init", str(clean)], clean.parent, check=True)
    runner.run("add (clean shelf)", ["add", "--title", "Ordinary Book", "--author", "Ann Author", "--shelf",
                                     "plain", "--status", "read", "--finished", "2024-01-01", "--rating", "4"],
               clean, check=True)
    runner.run("build (clean shelf)", ["build"], clean, check=True)
    site = clean / "site"
    allowed = {"src": set(), "inline": set(), "injected": set()}
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        for attributes, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.I | re.S):
            src = re.search(r' src="([^"]*)"', attributes)
            kind = re.search(r'type="([^"]*)"', attributes)
            # The search index, which search.js loads the first time the search box is used.
            index = re.search(r'data-index="([^"]*)"', attributes)
            if index:
                allowed["src"].add(os.path.normpath(os.path.relpath(page.parent / index.group(1), site)))
                allowed["injected"].add(os.path.normpath(os.path.relpath(page.parent / index.group(1), site)))
            if src:
                # By its file: the page links it with its version (`search.js?v=…`), and a script
                # met in the browser is read by the path it was loaded from.
                path = urllib.parse.unquote(urllib.parse.urlsplit(src.group(1)).path)
                allowed["src"].add(os.path.normpath(os.path.relpath(page.parent / path, site)))
            else:
                allowed["inline"].add(kind.group(1).lower() if kind else "")
    return allowed


def check_search(driver, site, entries, results):
    """The index parsed in the page, and searches (typed and from ?q=) show hostile titles as text."""
    index = site / "index.html"
    problems = []
    load(driver, index.as_uri())
    # The index is loaded the first time the search box is focused.
    driver.execute_script("document.getElementById('search-input').focus()")
    count = -1
    for _ in range(100):
        count = driver.execute_script(
            "return Array.isArray(window.BOOKPLATE_SEARCH_INDEX) ? window.BOOKPLATE_SEARCH_INDEX.length : -1")
        if count >= 0:
            break
        time.sleep(0.05)
    if count != len(entries):
        problems.append(f"the page's search index has {count} entries, search-index.js {len(entries)}")
    for query in ("GR0", "script", "mark", "javascript", "onerror"):
        # Typed through the input event rather than keystrokes, so an overlay cannot stop it.
        shown = driver.execute_script(
            "const box = document.getElementById('search-input'); box.value = arguments[0];"
            "box.dispatchEvent(new Event('input', { bubbles: true }));"
            "return document.querySelectorAll('#search-results a').length", query)
        if query == "GR0" and shown < 9:
            problems.append(f"searching 'GR0' shows {shown} results, expected at least 9")
    titles = driver.execute_script(
        "return Array.from(document.querySelectorAll('#search-results a')).map(a => a.textContent)")
    report = driver.execute_script(INSPECT)
    report["fired"] = 0
    problems += page_problems(report, index, site, results["allowed"], index.read_text(encoding="utf-8"))
    query = urllib.parse.quote("<img src=x onerror=mark('Q01')> GR")
    report = load(driver, index.as_uri() + "?q=" + query)
    problems += page_problems(report, index, site, results["allowed"], index.read_text(encoding="utf-8"))
    if not driver.execute_script("return window.BOOKPLATE_SEARCH_INDEX !== undefined"):
        problems.append("a search from ?q= did not load the search index")
    return problems, len(titles)


# ---------------------------------------------------------------------------------------------
# The terminal and the CSV export


CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_and_export_problems(runner, shelf, root):
    """A book whose title and author carry terminal escapes, then every command that prints text
    from outside: no control character reaches the terminal; the CSV export holds no formula
    (but Goodreads' own ="…" ISBN cells) and no NUL."""
    problems = []
    title = "\x1b]0;pwned\x07\x1b[2JEscaped \x9b31m title =1+1"
    runner.run("add escapes", ["add", "--title", title, "--author", "\x1b[31mRed\x1b[0m Author"], shelf)
    slugs = sorted(path.name for path in (shelf / "site" / "books").iterdir()) + ["escaped-title-1-1"]
    commands = [["list"], ["list", "--json"], ["list", "--sort", "author"]]
    commands += [["show", slug] for slug in slugs[:40]]
    for args in commands:
        code, output = runner.run(" ".join(args[:2]), args, shelf)
        found = CONTROL.search(output)
        if found:
            problems.append(f"'bookplate {' '.join(args)}' printed control character {found.group()!r}")
    csv_path = root / "export.csv"
    runner.run("export csv", ["export", "--format", "csv", "--output", str(csv_path)], shelf, check=True)
    data = csv_path.read_bytes()
    if b"\x00" in data:
        problems.append("the CSV export holds a NUL byte")
    for row in csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")):
        for cell in row:
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not re.fullmatch(r'="[0-9X]*"', cell):
                problems.append(f"the CSV export has a formula cell: {cell[:60]!r}")
    return problems

# ---------------------------------------------------------------------------------------------
# The preview server


def raw_request(port, data, read=True, timeout=15):
    """Sends `data` as it is on a new connection; the answer's status (None if none came)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        try:
            connection.sendall(data)
        except OSError:
            pass  # the server refused while the body was still going out; its answer follows
        if not read:
            return None
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except OSError:
            pass
    match = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return int(match.group(1)) if match else None


def cpu_seconds(pid):
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def preview_problems(runner, shelf):
    """`bookplate serve` under hostile clients: two 5 MB POSTs (what a page on another origin can
    send with fetch(…, {mode: "no-cors"})), a 32 KB URL, 20 KB of headers, a silent client, a
    trickling one, another Host. Pages are still served meanwhile, the server is idle again once
    the clients have gone, and SIGTERM ends it within a second with clients still connected."""
    problems = []
    process = subprocess.Popen([runner.binary, "serve", "--port", "0"], cwd=shelf, env=runner.env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        if not match:
            return [f"serve printed no address: {first!r}"]
        port = int(match.group(1))
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        get = b"GET / HTTP/1.1\r\n" + host + b"\r\n"
        deadline = time.time() + 60
        while raw_request(port, get) != 200 and time.time() < deadline:
            time.sleep(0.2)

        body = b"a" * (5 * 1024 * 1024)
        post = b"POST / HTTP/1.1\r\n" + host + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
        posts = [threading.Thread(target=raw_request, args=(port, post)) for _ in range(2)]
        silent = socket.create_connection(("127.0.0.1", port))
        trickler = socket.create_connection(("127.0.0.1", port))
        for thread in posts:
            thread.start()
        for index, byte in enumerate(b"GET / HTTP/1.1\r\nX-Slow: 1"[:6]):
            trickler.send(bytes([byte]))
            time.sleep(0.1)
        expected = {
            "a GET while the posts are sent": (get, 200),
            "a POST of 5 MB": (post, 405),
            "a 32 KB URL": (b"GET /" + b"a" * 32768 + b" HTTP/1.1\r\n" + host + b"\r\n", 414),
            "20 KB of headers": (b"GET / HTTP/1.1\r\n" + host + b"X-Pad: " + b"b" * 20000 + b"\r\n\r\n", 431),
            "a GET with a body": (b"GET / HTTP/1.1\r\n" + host + b"Content-Length: 3\r\n\r\nabc", 413),
            "a rebinding Host": (b"GET / HTTP/1.1\r\nHost: evil.example:" + str(port).encode() + b"\r\n\r\n", 403),
            "a HEAD": (b"HEAD / HTTP/1.1\r\n" + host + b"\r\n", 200),
        }
        for label, (data, status) in expected.items():
            started = time.time()
            answer = raw_request(port, data)
            elapsed = time.time() - started
            print(f"  {label}: {answer} in {elapsed * 1000:.0f} ms")
            if answer != status:
                problems.append(f"serve answered {label} with {answer}, not {status}")
            elif elapsed > 5:
                problems.append(f"serve took {elapsed:.1f} s to answer {label}")
        for thread in posts:
            thread.join(timeout=30)
        silent.close()
        trickler.close()
        time.sleep(0.5)
        before = cpu_seconds(process.pid)
        time.sleep(2)
        busy = cpu_seconds(process.pid) - before
        print(f"  CPU time over 2 s once the clients had gone: {busy:.2f} s")
        if busy > 0.5:
            problems.append(f"serve used {busy:.2f} s of CPU in 2 s with no client")

        # SIGTERM with clients connected: an idle one and a POST still sending.
        idle = socket.create_connection(("127.0.0.1", port))
        sender = socket.create_connection(("127.0.0.1", port))
        sender.sendall(b"POST / HTTP/1.1\r\n" + host + b"Content-Length: 100000000\r\n\r\n")
        time.sleep(0.2)
        started = time.time()
        process.send_signal(signal.SIGTERM)
        try:
            code = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            problems.append("serve was still running 10 s after SIGTERM")
        else:
            elapsed = time.time() - started
            print(f"  SIGTERM with two clients connected: exit {code} after {elapsed * 1000:.0f} ms")
            # It stops cleanly, then ends by the signal, as every command does (README).
            if code != -signal.SIGTERM or elapsed > 1.5:
                problems.append(f"serve ended {elapsed:.2f} s after SIGTERM with exit {code}")
        idle.close()
        sender.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        output = (process.stdout.read() if process.stdout else "") + (process.stderr.read() if process.stderr else "")
        found = CONTROL.search(output.replace("\n", ""))
        if found:
            problems.append(f"serve printed control character {found.group()!r}")
    return problems


def main():
    args = [a for a in sys.argv[1:] if a != "--keep"]
    keep = "--keep" in sys.argv
    if not args:
        raise SystemExit("usage: check_hostile.py BOOKPLATE_BINARY [ARTEFACTS_DIR] [--keep]")
    binary = str(pathlib.Path(args[0]).resolve())
    artefacts = pathlib.Path(args[1] if len(args) > 1 else "Tests/Artifacts/hostile").resolve()
    artefacts.mkdir(parents=True, exist_ok=True)
    started = time.time()
    root = pathlib.Path(tempfile.mkdtemp(prefix="bookplate-hostile-")).resolve()
    server = CatalogServer()
    env = {key: value for key, value in os.environ.items() if not key.startswith("BOOKPLATE_")}
    env.update({
        "HOME": str(root / "home"), "XDG_CACHE_HOME": str(root / "home" / ".cache"),
        "BOOKPLATE_CACHE_DIR": str(root / "cache"),
        "BOOKPLATE_GOOGLE_BOOKS_URL": server.base + "/google",
        "BOOKPLATE_OPEN_LIBRARY_URL": server.base + "/openlibrary",
        "BOOKPLATE_COVERS_URL": server.base + "/covers",
        "GOOGLE_BOOKS_API_KEY": "", "VISUAL": "false", "EDITOR": "false",
    })
    (root / "home").mkdir()
    runner = Runner(binary, env)
    shelf = root / "shelf"
    site = shelf / "site"
    failures = []
    driver = None
    try:
        print("shelf:")
        runner.run("init", ["init", str(shelf)], root, check=True)
        refused_settings, settings = hostile_settings(runner, shelf, root / "probe-site")
        fill_library(runner, shelf, root)
        results = {"allowed": allowed_scripts(runner, root / "clean")}
        print(f"Bookplate's own scripts (clean shelf): src {sorted(results['allowed']['src'])}, "
              f"inline {sorted(results['allowed']['inline'])}")

        print("build:")
        allowed_folders = {site, shelf / "content"}
        before = snapshot(root, allowed_folders)
        runner.run("build", ["build"], shelf, check=True)
        after = snapshot(root, allowed_folders)
        outside = sorted(path for path in after if before.get(path) != after[path])
        gone = sorted(path for path in before if path not in after)
        for path in outside:
            failures.append(f"build wrote outside site/ and content/: {path}")
        for path in gone:
            failures.append(f"build removed outside site/ and content/: {path}")
        failures += site_file_problems(site, shelf / "content")
        failures += xml_problems(site)
        entries, problem = search_index(site)
        if problem:
            failures.append(problem)
            entries = []
        for file in site.rglob("*"):
            if file.is_file():
                data = file.read_bytes()
                for secret in (b"GR22-PRIVATE", b"LT05-PRIVATE", b"BJ03-PRIVATE"):
                    if secret in data:
                        failures.append(f"private note {secret.decode()} published in {file.relative_to(site)}")

        print("terminal and export:")
        failures += terminal_and_export_problems(runner, shelf, root)
        print("preview server:")
        # A shelf of its own: serve rebuilds its site, and the checks below read the hostile one.
        runner.run("init preview shelf", ["init", str(root / "preview-shelf")], root, check=True)
        failures += preview_problems(runner, root / "preview-shelf")

        pages = sorted(site.rglob("*.html"))
        # Covers and photos are documents too when opened by their address: the SVG placeholders
        # hold titles, the downloaded images come from the catalog server (polyglots included).
        images = sorted(path for path in site.rglob("*")
                        if path.suffix.lower() in (".svg", ".gif", ".png", ".jpg", ".jpeg", ".webp"))
        print(f"build and file checks done at {time.time() - started:.0f} s")
        print(f"browser: {len(pages)} pages and {len(images)} cover and photo files from file://")
        driver = open_browser()
        missing = set()
        page_failures = 0
        for page in pages + images:
            name = str(page.relative_to(site))
            try:
                report = load(driver, page.as_uri())
            except UnexpectedAlertPresentException as alert:
                problems = [f"a real dialog opened: {alert.alert_text!r}"]
            except WebDriverException as error:
                problems = [f"browser error: {str(error).splitlines()[0][:200]}"]
            else:
                if page.suffix == ".html":
                    problems = page_problems(report, page, site, results["allowed"],
                                             page.read_text(encoding="utf-8"))
                    missing |= missing_targets(report, site)
                else:
                    RAN.update(report["marks"] + report["dialogs"])
                    problems = [p for p in (
                        f"markers fired: {report['marks']}" if report["marks"] else None,
                        f"dialogs: {report['dialogs']}" if report["dialogs"] else None,
                        f"scripts in an image: {len(report['scripts'])}" if report["scripts"] else None,
                        f"event-handler attributes: {report['onAttributes']}" if report["onAttributes"] else None,
                    ) if p]
            if problems:
                page_failures += 1
                failures.append(f"{name}: " + "; ".join(problems))
                print(f"FAIL {name}: " + "; ".join(problems)[:2000])
            else:
                print(f"ok   {name}")

        try:
            problems, shown = check_search(driver, site, entries, results)
        except WebDriverException as error:
            problems, shown = [f"browser error: {str(error).splitlines()[0][:200]}"], 0
        if problems:
            failures += [f"search: {p}" for p in problems]
            print("FAIL search: " + "; ".join(problems))
        else:
            print(f"ok   search: index of {len(entries)} books parsed in the page; hostile queries showed "
                  f"{shown} results as text, no marker fired")

        # Screenshots of a few hostile book pages.
        by_prefix = {entry["t"][:4]: entry["u"] for entry in entries}
        for record in ("GR01", "GR05", "GB02", "OL03", "AD10"):
            if record in by_prefix:
                try:
                    driver.get((site / by_prefix[record]).as_uri())
                    driver.save_screenshot(str(artefacts / f"book-{record}.png"))
                except WebDriverException:
                    pass

        refused = [(label, code, detail) for label, code, detail, _ in runner.log if code != 0
                   and "probe" not in label]
        print("\nrefused by Bookplate (exit code not 0):")
        for label, code, detail in refused or [("none", "", "")]:
            print(f"  {label}: {detail}")
        print("settings refused:")
        for key, value, error in refused_settings or [("none", "", "")]:
            print(f"  {key}: {value!r} — {error}")
        print("settings used: " + json.dumps(settings, ensure_ascii=True))
        skipped = [line for _, _, _, output in runner.log for line in output.splitlines()
                   if re.match(r"\s*(line \d+|skipped)", line, re.I)]
        if skipped:
            print("rows skipped by imports:")
            for line in skipped:
                print("  " + line.strip()[:200])
        if missing:
            print(f"note: {len(missing)} internal link targets do not exist: {sorted(missing)[:10]}")
        not_found = sorted({path for status, path in server.requests if status == 404})
        print(f"catalog server: {len(server.requests)} requests, 404 for {len(not_found)}")

        elapsed = time.time() - started
        print(f"\nhostile: {len(entries)} records, {len(pages)} pages opened (+{len(images)} cover and photo "
              f"files), {len(RAN)} scripts ran, {len(failures)} failures, {elapsed:.0f} s")
        if RAN:
            print("payloads that ran: " + ", ".join(sorted(RAN)))
        if failures:
            print("FAILURES:")
            for failure in failures:
                print("  " + failure[:1000])
        return 1 if failures else 0
    finally:
        if driver:
            driver.quit()
        server.stop()
        if keep:
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
