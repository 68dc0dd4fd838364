#!/usr/bin/env python3
"""Builds a French shelf of 1,236 books with the given bookplate binary and opens its split pages in
headless Chromium, from file://: the home page, page 3 of a year's list, a book found there, the
year's statistics page and a search. Each must load with no console error and every image
decoded, in French, and fit a phone's width (390 px) without scrolling sideways, a note holding a
long address and a book's title of one 171-letter word included. A search finding 1,234 books
says so with its thousands grouped as the pages group them. The statistics page is then built
and checked in German and Spanish, whose headings are longer, and the Spanish search writes
1234 whole, as Spanish pages do. Phone-width screenshots are kept in
the artefacts folder.

Usage: check_large_site.py BOOKPLATE ARTEFACTS_DIR
"""
import csv
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from check_site import console_errors, open_browser, wait_for_images  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[2]
HEADER = ["Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
          "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
          "Original Publication Year", "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions",
          "Exclusive Shelf", "My Review", "Spoiler", "Private Notes", "Read Count", "Owned Copies"]
LONG_TITLE = ("Lopadotemachoselachogaleokranioleipsanodrimhypotrimmatosilphiokarabomelitokatakechymeno"
              "kichlepikossyphophattoperisteralektryonoptekephalliokigklopeleiolagoiosiraiobaphetraganopterygon")


# French groups thousands with a narrow no-break space: "1 234".
GROUP = "\u202f"


def make_shelf(binary, root):
    """A French shelf: 320 books read in 2024, 894 to read, 10 being read; one with a cover."""
    subprocess.run([binary, "init", str(root)], check=True, capture_output=True)
    settings = root / "content" / "site.yaml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("language: en", "language: fr")
                        + "goal: 40\n", encoding="utf-8")
    rows = []
    # Ten more read in 2023, so that the statistics page has a table of two years.
    for number in range(370):
        shelf = "read" if number < 320 or number >= 360 else ("to-read" if number < 350 else "currently-reading")
        year = 2023 if number >= 360 else 2024
        read = f"{year}/{number % 12 + 1:02d}/{number % 28 + 1:02d}" if shelf == "read" else ""
        rows.append([str(number), f"Livre {number:04d}", f"Autrice {number % 40}", "", "", "", "",
                     str(number % 5 + 1) if shelf == "read" else "0", "", "Éditions", "Poche",
                     str(100 + number), "2001", "", read, "2024/01/01", shelf, "", shelf, "", "", "", "1", "0"])
    # More books to read, so that a search finds more than a thousand (1,234 "Livre"s in all).
    for number in range(370, 1234):
        rows.append([str(number + 1000), f"Livre {number:04d}", f"Autrice {number % 40}", "", "", "", "", "0", "",
                     "Éditions", "Poche", str(100 + number), "2001", "", "", "2024/01/01", "to-read", "",
                     "to-read", "", "", "", "0", "0"])
    # A title of one word of 171 letters, finished last and the longest: it is on the home page, the
    # year's first page, the statistics and its author's page, whose cards must wrap it.
    rows.append(["370", LONG_TITLE, "Aristophane", "", "", "", "", "5", "", "Éditions", "Poche", "9999", "2001", "",
                 "2024/12/31", "2024/01/01", "read", "", "read", "", "", "", "1", "0"])
    # Letters with no accent to take off: the search finds them as their slugs spell them.
    rows.append(["371", "Łucja à Tromsø", "Ødegaard", "", "", "", "", "0", "", "Éditions", "Poche", "200", "2001",
                 "", "", "2024/01/01", "to-read", "", "to-read", "", "", "", "0", "0"])
    export = root / "export.csv"
    with export.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(HEADER)
        writer.writerows(rows)
    subprocess.run([binary, "import", "goodreads", str(export)], cwd=root, check=True, capture_output=True)
    covers = root / "content" / "covers"
    covers.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "content" / "covers" / "fledgling.jpg", covers / "livre-0099.jpg")
    # One long word: it widened a phone's page, which then scrolled sideways.
    (root / "content" / "notes" / "livre-0099.md").write_text(
        "Lu sur https://example.org/une/tres/longue/adresse/qui/ne/finit/pas/et/continue/encore/index.html hier.\n",
        encoding="utf-8")
    subprocess.run([binary, "build"], cwd=root, check=True, capture_output=True)
    return root / "site"


def main():
    if len(sys.argv) < 3:
        raise SystemExit("usage: check_large_site.py BOOKPLATE ARTEFACTS_DIR")
    binary = pathlib.Path(sys.argv[1]).resolve()
    artefacts = pathlib.Path(sys.argv[2]).resolve()
    artefacts.mkdir(parents=True, exist_ok=True)
    passed, failed = 0, 0
    with tempfile.TemporaryDirectory(prefix="bookplate-large-") as folder:
        site = make_shelf(binary, pathlib.Path(folder) / "shelf")
        driver = open_browser()
        driver.set_window_size(390, 1600)
        try:
            def check(kind, page, expect, language="fr"):
                nonlocal passed, failed
                driver.get(page.as_uri())
                broken = wait_for_images(driver)
                errors = console_errors(driver)
                driver.save_screenshot(str(artefacts / f"{language}-{kind}-phone.png"))
                text = driver.find_element(By.TAG_NAME, "body").text
                lang = driver.execute_script("return document.documentElement.lang")
                width = driver.execute_script("return document.documentElement.scrollWidth")
                if broken or errors or expect not in text or lang != language or width > 390:
                    failed += 1
                    print(f"FAIL {kind}: {page.relative_to(site)}: broken {broken}, errors {errors}, "
                          f"lang {lang!r}, '{expect}' {'found' if expect in text else 'missing'}, "
                          f"{width} px wide")
                else:
                    passed += 1
                    print(f"ok   {kind}: {page.relative_to(site)} ('{expect}' shown, no console errors)")

            check("home", site / "index.html", "Toute l’étagère")
            check("home-count", site / "index.html", f"1{GROUP}236 livres")
            check("year-page-1", site / "read" / "2024" / "index.html", LONG_TITLE[:40])
            check("author", site / "authors" / "aristophane" / "index.html", LONG_TITLE[:40])
            third = site / "read" / "2024" / "page" / "3" / "index.html"
            check("year-page-3", third, "Page 3 sur 4")
            # A book reached from page 3, as a reader would: the link's target.
            driver.get(third.as_uri())
            link = driver.find_element(By.CSS_SELECTOR, ".book-card-title a").get_attribute("href")
            book = pathlib.Path(link.removeprefix("file://"))
            check("book", book, "Terminé le")
            check("cover-book", site / "books" / "livre-0099" / "index.html", "par Autrice 19")
            check("year-stats", site / "stats" / "2024" / "index.html", "Mois par mois")
            check("stats", site / "stats" / "index.html", "Note moyenne")

            def search(query, expect, why):
                """Types `query` into the home page's search box and waits for the status `expect`."""
                nonlocal passed, failed
                driver.get((site / "index.html").as_uri())
                driver.find_element(By.ID, "search-input").send_keys(query)
                status = ""
                for _ in range(100):
                    status = driver.find_element(By.ID, "search-status").text
                    if status == expect:
                        break
                    time.sleep(0.05)
                width = driver.execute_script("return document.documentElement.scrollWidth")
                if status == expect and not console_errors(driver) and width <= 390:
                    passed += 1
                    print(f"ok   search: '{query}': {why} ('{expect}')")
                else:
                    failed += 1
                    print(f"FAIL search: '{query}': status {status!r}, {width} px wide")

            search("Livre 0042", "1 livre trouvé", "found, the index loaded on first use")
            search(LONG_TITLE[:30], "1 livre trouvé", "the long title wraps in the results")
            search("lucja tromso odegaard", "1 livre trouvé", "ł, ø and Ø found as l, o and o")
            search("zzzz", "0 livre trouvé", "French takes the singular for none")
            search("livre", f"1{GROUP}234 livres trouvés · les 100 premiers affichés : ajoutez un mot pour affiner",
                   "thousands grouped as the pages group them; only the first hundred listed, and said so")
            # The statistics page in the languages with the longest headings.
            settings = site.parent / "content" / "site.yaml"
            for language, expect in (("de", "Durchschnittliche Bewertung"), ("es", "Valoración media")):
                text = settings.read_text(encoding="utf-8")
                settings.write_text(
                    "\n".join(f"language: {language}" if line.startswith("language:") else line
                              for line in text.splitlines()) + "\n", encoding="utf-8")
                subprocess.run([binary, "build"], cwd=site.parent, check=True, capture_output=True)
                check("stats", site / "stats" / "index.html", expect, language)
            # The site is Spanish now, which groups thousands only from five digits, pages and search alike.
            search("livre", "1234 libros encontrados · se muestran los 100 primeros: añade una palabra para afinar",
                   "Spanish leaves four digits whole, as its pages do")
        finally:
            driver.quit()
    print(f"large French site: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
