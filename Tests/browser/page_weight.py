#!/usr/bin/env python3
"""How heavy a built Bookplate site is for a visitor: the home page's size, the largest page and
file of the site, and the home page's DOMContentLoaded in headless Chromium from file:// (the
median of five loads, each in a fresh tab with the cache cleared).

Usage: page_weight.py SITE_DIR            prints one line of figures
       page_weight.py SITE_DIR --check    also exits 1 when the home page is over 300 KB or
                                          300 ms, or any page over 1 MB (the aims of issue 15)
"""
import pathlib
import statistics
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

HOME_LIMIT = 300 * 1024
PAGE_LIMIT = 1024 * 1024
LOAD_LIMIT_MS = 300


def weigh(site):
    """(home bytes, (largest page bytes, path), (largest file bytes, path))."""
    home = (site / "index.html").stat().st_size
    pages = [(path.stat().st_size, path) for path in site.rglob("*.html")]
    files = [(path.stat().st_size, path) for path in site.rglob("*") if path.is_file()]
    return home, max(pages), max(files)


def dom_content_loaded(page, loads=5):
    """Median milliseconds from navigation start to the end of DOMContentLoaded."""
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files", "--window-size=390,844"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(page.as_uri())  # the first load warms Chromium itself, not the page
        times = []
        for _ in range(loads):
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            driver.get("about:blank")
            driver.get(page.as_uri())
            times.append(driver.execute_script(
                "const t = performance.getEntriesByType('navigation')[0];"
                "return t.domContentLoadedEventEnd - t.startTime;"))
        return statistics.median(times)
    finally:
        driver.quit()


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: page_weight.py SITE_DIR [--check]")
    site = pathlib.Path(sys.argv[1]).resolve()
    home, (page_size, page), (file_size, file) = weigh(site)
    loaded = dom_content_loaded(site / "index.html")
    print(f"home {home / 1024:.0f} KB, DOMContentLoaded {loaded:.0f} ms; largest page "
          f"{page_size / 1024:.0f} KB ({page.relative_to(site)}); largest file {file_size / 1024:.0f} KB "
          f"({file.relative_to(site)})")
    if "--check" in sys.argv:
        problems = []
        if home > HOME_LIMIT:
            problems.append(f"the home page is {home / 1024:.0f} KB, over {HOME_LIMIT // 1024} KB")
        if loaded > LOAD_LIMIT_MS:
            problems.append(f"the home page takes {loaded:.0f} ms to DOMContentLoaded, over {LOAD_LIMIT_MS} ms")
        if page_size > PAGE_LIMIT:
            problems.append(f"{page.relative_to(site)} is {page_size / 1024:.0f} KB, over 1 MB")
        for problem in problems:
            print(f"FAIL {problem}")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
