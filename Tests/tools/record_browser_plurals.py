#!/usr/bin/env python3
"""Records the plural category Chromium's Intl.PluralRules gives each count, for the test that
holds the pages' counts to the search's (PluralRulesTests).

For every language of `cldr/plurals.json`, and a few tags a site may be written in (a region or
a script after the language, an old code, a language no rule is written for), it asks headless
Chromium for the category of every count from 0 to 200 and of a few larger ones, and writes them
to Tests/BookplateKitTests/Fixtures/plurals/chromium.json: for each tag, the locale Chromium
resolved it to and one letter a count (z zero, 1 one, t two, f few, m many, o other).

    python3 Tests/tools/record_browser_plurals.py [CHROMIUM]

CHROMIUM is /usr/bin/chromium unless given. Rerun it when the CLDR's rules are regenerated.
"""

import json
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
FIXTURE = HERE.parent / "BookplateKitTests" / "Fixtures" / "plurals" / "chromium.json"
COUNTS = list(range(201)) + [1000, 1001, 1002, 1011, 1012, 20000, 40000, 100000, 1000000, 1000001,
                             1100000, 2000000]
EXTRA_TAGS = ["sr-Latn", "sr-Cyrl-RS", "pt-BR", "fr-CA", "es-419", "zh-Hant-TW", "iw", "in", "ji", "iw-IL",
              "tlh", "xx"]
LETTER = {"zero": "z", "one": "1", "two": "t", "few": "f", "many": "m", "other": "o"}

PAGE = """<!doctype html><meta charset="utf-8"><pre id="out"></pre><script>
var tags = %s, counts = %s, letters = %s, out = {};
tags.forEach(function (tag) {
  var rules = new Intl.PluralRules(tag);
  out[tag] = {locale: rules.resolvedOptions().locale,
              forms: counts.map(function (n) { return letters[rules.select(n)]; }).join("")};
});
document.getElementById("out").textContent = JSON.stringify({tags: out});
</script>"""


def main():
    chromium = sys.argv[1] if len(sys.argv) > 1 else "/usr/bin/chromium"
    cldr = json.loads((HERE / "cldr" / "plurals.json").read_text(encoding="utf-8"))
    tags = sorted(tag for tag in cldr["supplemental"]["plurals-type-cardinal"] if tag != "und") + EXTRA_TAGS
    with tempfile.TemporaryDirectory() as folder:
        page = pathlib.Path(folder) / "plurals.html"
        page.write_text(PAGE % (json.dumps(tags), json.dumps(COUNTS), json.dumps(LETTER)), encoding="utf-8")
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
                             capture_output=True, text=True, timeout=120, check=True).stdout
    found = re.search(r'<pre id="out">(.*)</pre>', dom)
    if not found:
        sys.exit("Chromium wrote no results")
    recorded = json.loads(found.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
    # The user agent says only the major version: the browser says all of it.
    version = subprocess.run([chromium, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    # One line a tag, so that a change of Chromium's reads as a diff of the tags it changed.
    lines = [f' "chromium": {json.dumps(version)},', f' "counts": {json.dumps(COUNTS)},', ' "tags": {']
    lines += [f'  {json.dumps(tag)}: {json.dumps(recorded["tags"][tag], sort_keys=True)},' for tag in tags]
    lines[-1] = lines[-1].rstrip(",")
    FIXTURE.write_text("{\n" + "\n".join(lines) + "\n }\n}\n", encoding="utf-8")
    print(f"wrote {FIXTURE.relative_to(HERE.parent.parent)}: {len(tags)} tags")


if __name__ == "__main__":
    main()
