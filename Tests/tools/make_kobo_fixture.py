#!/usr/bin/env python3
"""Writes Tests/BookplateKitTests/Fixtures/highlights/kobo/KoboReader.sqlite.

A small database in the shape of a Kobo's `.kobo/KoboReader.sqlite`: the `Bookmark` table as
firmware 4.x declares it, and the columns of `content` that a highlights reader looks at (the
real table has some 120). The rows are made up; what each one stands for is in the fixture
folder's README.md.

    python3 Tests/tools/make_kobo_fixture.py            # writes the fixture
    python3 Tests/tools/make_kobo_fixture.py OUT.sqlite # writes it elsewhere

Small pages (1 KB) keep the file a few kilobytes, so it is a seed for the fuzzer too.
"""

import os
import pathlib
import sqlite3
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = REPO / "Tests/BookplateKitTests/Fixtures/highlights/kobo/KoboReader.sqlite"

BOOKMARK = """
CREATE TABLE Bookmark (
  BookmarkID TEXT NOT NULL,
  VolumeID TEXT NOT NULL,
  ContentID TEXT NOT NULL,
  StartContainerPath TEXT NOT NULL,
  StartContainerChildIndex INTEGER NOT NULL,
  StartOffset INTEGER NOT NULL,
  EndContainerPath TEXT NOT NULL,
  EndContainerChildIndex INTEGER NOT NULL,
  EndOffset INTEGER NOT NULL,
  Text TEXT,
  Annotation TEXT,
  ExtraAnnotationData BLOB,
  DateCreated TEXT,
  ChapterProgress REAL NOT NULL DEFAULT 0,
  Hidden BOOL NOT NULL DEFAULT 0,
  Version TEXT,
  DateModified TEXT,
  Creator TEXT,
  UUID TEXT,
  UserID TEXT,
  SyncTime TEXT,
  Published BIT default false,
  ContextString TEXT,
  Type TEXT,
  Color INTEGER DEFAULT 0,
  PRIMARY KEY (BookmarkID) )
"""

# The real table has many more columns; these are the ones readers of highlights use.
CONTENT = """
CREATE TABLE content(
  ContentID TEXT NOT NULL,
  ContentType TEXT NOT NULL,
  MimeType TEXT NOT NULL,
  BookID TEXT,
  BookTitle TEXT,
  Title TEXT COLLATE NOCASE,
  Attribution TEXT COLLATE NOCASE,
  VolumeIndex INTEGER,
  ___UserID TEXT NOT NULL,
  ISBN TEXT,
  Subtitle TEXT,
  PRIMARY KEY (ContentID) )
"""

PRINCE = "3f2c9f1e-6a1b-4c5e-9d2a-0b7e1c2d3e4f"
OMENS = "file:///mnt/onboard/Books/Good Omens.epub"
HOSTILE = "file:///mnt/onboard/Books/Hostile Book.kepub.epub"
LOST = "file:///mnt/onboard/Books/Cien a%C3%B1os de soledad.epub"
USER = "a1b2c3d4-0000-0000-0000-000000000000"

# ContentID, ContentType, MimeType, BookID, BookTitle, Title, Attribution, VolumeIndex, ISBN
CONTENTS = [
    # A store book (a Kobo EPUB): its chapters are rows of type 899, one for each entry of the
    # table of contents, "-1", "-2"… after the file they are in.
    (PRINCE, "6", "application/x-kobo-epub+zip", None, None, "Le Petit Prince",
     "Antoine de Saint-Exupéry", -1, "9780156012195"),
    (PRINCE + "!OEBPS!xhtml/chapter21.xhtml-1", "899", "application/xhtml+xml", PRINCE, "Le Petit Prince",
     "XXI", None, 21, None),
    (PRINCE + "!OEBPS!xhtml/chapter21.xhtml-2", "899", "application/xhtml+xml", PRINCE, "Le Petit Prince",
     "Le renard", None, 22, None),
    # A side-loaded EPUB by two authors: its chapters are rows of type 9.
    (OMENS, "6", "application/epub+zip", None, None, "Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch",
     "Terry Pratchett, Neil Gaiman", -1, ""),
    (OMENS + "#(3)OEBPS/ch03.xhtml", "9", "application/epub+zip", OMENS, "Good Omens", "In the Beginning", None, 3,
     None),
    (HOSTILE, "6", "application/x-kobo-epub+zip", None, None, "Hostile Book", "Mallory", -1, "not an isbn"),
]

# BookmarkID, VolumeID, ContentID, Text, Annotation, DateCreated, DateModified, Hidden, Type
BOOKMARKS = [
    ("e1f0c6a2-0001", PRINCE, PRINCE + "!OEBPS!xhtml/chapter21.xhtml",
     "\n        On ne voit bien qu'avec le cœur. L'essentiel est invisible pour les yeux.\n    ",
     "Le *renard*, to the prince.", "2023-04-01T10:22:33.000", "2023-04-02T08:00:00.000", "false", "note"),
    ("e1f0c6a2-0002", OMENS, OMENS + "#(3)OEBPS/ch03.xhtml",
     "It was a nice day.\nAll the days had been nice.", None, "2024-01-15T21:03:09Z", None, "false", "highlight"),
    # Deleted on the device: hidden, never imported.
    ("e1f0c6a2-0003", OMENS, OMENS + "#(3)OEBPS/ch03.xhtml", "A highlight the reader deleted.", None,
     "2024-01-15T21:04:00Z", None, "true", "highlight"),
    # A dog-ear: a page marked, no passage.
    ("e1f0c6a2-0004", PRINCE, PRINCE + "!OEBPS!xhtml/chapter21.xhtml", None, None, "2023-04-01T10:30:00.000", None,
     "false", "dogear"),
    # A dog-ear with a note: no passage to keep the note on.
    ("e1f0c6a2-0005", PRINCE, PRINCE + "!OEBPS!xhtml/chapter21.xhtml", None, "Read this again.",
     "2023-04-01T10:31:00.000", None, "false", "dogear"),
    # Handwriting on a Kobo Elipsa: no text.
    ("e1f0c6a2-0006", PRINCE, PRINCE + "!OEBPS!xhtml/chapter21.xhtml", None, None, "2023-04-01T10:32:00.000", None,
     "false", "markup"),
    ("e1f0c6a2-0007", HOSTILE, HOSTILE + "!!OEBPS/text.xhtml", "<script>alert(1)</script> stays text",
     "[click](javascript:alert(1))", "2024-05-06T10:01:00.000", None, "false", "note"),
    ("e1f0c6a2-0008", HOSTILE, HOSTILE + "!!OEBPS/text.xhtml", "   ", None, "2024-05-06T10:02:00.000", None, "false",
     "highlight"),
    # Older firmware wrote no Type, and no milliseconds; the date here is not one.
    ("e1f0c6a2-0009", HOSTILE, HOSTILE + "!!OEBPS/text.xhtml", "A highlight with a broken date.", None, "yesterday",
     None, "false", None),
    ("e1f0c6a2-0010", OMENS, OMENS + "#(3)OEBPS/ch03.xhtml", "Older firmware wrote no milliseconds.", None,
     "2012-06-20T02:58:24", None, "false", None),
    # A book the content table has lost (removed from the device): named by its file.
    ("e1f0c6a2-0011", LOST, LOST + "#(1)OEBPS/ch01.xhtml", "Muchos años después, frente al pelotón de fusilamiento…",
     None, "2019-09-30T18:00:39.000", None, "false", "highlight"),
    # A store book the content table has lost: nothing names it.
    ("e1f0c6a2-0012", "0b7e1c2d-9999-4c5e-9d2a-3f2c9f1e6a1b", "0b7e1c2d-9999-4c5e-9d2a-3f2c9f1e6a1b!!x.xhtml",
     "Orphaned passage.", None, "2019-09-30T18:01:00.000", None, "false", "highlight"),
]


def write(path):
    path = pathlib.Path(path)
    if path.exists():
        path.unlink()
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size = 1024")
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute(BOOKMARK)
    db.execute(CONTENT)
    db.execute("CREATE TABLE DbVersion(version INTEGER NOT NULL, PRIMARY KEY(version))")
    db.execute("INSERT INTO DbVersion VALUES (174)")
    for row in CONTENTS:
        content_id, kind, mime, book_id, book_title, title, author, index, isbn = row
        db.execute(
            "INSERT INTO content (ContentID, ContentType, MimeType, BookID, BookTitle, Title, Attribution,"
            " VolumeIndex, ___UserID, ISBN) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (content_id, kind, mime, book_id, book_title, title, author, index, USER, isbn))
    for row in BOOKMARKS:
        bookmark_id, volume, content, text, note, created, modified, hidden, kind = row
        db.execute(
            "INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, StartContainerPath, StartContainerChildIndex,"
            " StartOffset, EndContainerPath, EndContainerChildIndex, EndOffset, Text, Annotation, DateCreated,"
            " ChapterProgress, Hidden, DateModified, Type) VALUES (?, ?, ?, 'span#kobo\\.1\\.1', -99, 0,"
            " 'span#kobo\\.1\\.2', -99, 12, ?, ?, ?, 0.5, ?, ?, ?)",
            (bookmark_id, volume, content, text, note, created, hidden, modified, kind))
    db.commit()
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    write(sys.argv[1] if len(sys.argv) > 1 else DEFAULT)
