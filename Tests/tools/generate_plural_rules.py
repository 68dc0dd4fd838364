#!/usr/bin/env python3
"""Writes Sources/BookplateSite/PluralCategory+Rules.swift from the CLDR's cardinal plural rules.

The rules are CLDR's `supplemental/plurals.json` (plurals-type-cardinal), kept beside this script
in `cldr/plurals.json` as the unicode-org/cldr-json repository has it (cldr-core, CLDR 47; its
Unicode License V3 in `cldr/LICENSE`). They are the rules `Intl.PluralRules` follows in the
browser, where `search.js` words its counts: written out here, the pages word theirs the same way.

Bookplate counts whole numbers only, so each rule is written for them: the operands of a number's
fraction and exponent (v, w, f, t, e, c) are 0, and i is n. Rules that then read the same are
written once, and the languages that count alike share it.

    python3 Tests/tools/generate_plural_rules.py [plurals.json] \
        > Sources/BookplateSite/PluralCategory+Rules.swift

Without a path it reads `cldr/plurals.json`. Its output is passed through `swift format`, so that
the file is written as the lint wants it.
"""

import json
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
OUTPUT = "Sources/BookplateSite/PluralCategory+Rules.swift"
CATEGORIES = ["zero", "one", "two", "few", "many"]
# The operands of a whole number's fraction and exponent, and what they are for one.
ZERO_OPERANDS = {"v", "w", "f", "t", "e", "c"}


def relation(text):
    """`n % 10 = 2..4,9` as ("n", 10, "=", [(2, 4), (9, 9)]), or True/False when it reads an
    operand that is 0 for whole numbers."""
    match = re.fullmatch(r"\s*([niftvwec])\s*(?:%\s*(\d+))?\s*(!=|=)\s*([\d.,\s]+?)\s*", text)
    if not match:
        sys.exit(f"cannot read the relation {text!r}")
    operand, modulus, operator, ranges = match.groups()
    spans = []
    for part in ranges.split(","):
        low, _, high = part.strip().partition("..")
        spans.append((int(low), int(high or low)))
    spans = merged(spans)
    if operand in ZERO_OPERANDS:
        holds = any(low <= 0 <= high for low, high in spans)
        return holds if operator == "=" else not holds
    return ("n", int(modulus) if modulus else None, operator, spans)


def merged(spans):
    """Spans in order, those that touch joined: `0,1` and `0..1` read the same."""
    joined = []
    for low, high in sorted(spans):
        if joined and low <= joined[-1][1] + 1:
            joined[-1] = (joined[-1][0], max(high, joined[-1][1]))
        else:
            joined.append((low, high))
    return joined


def condition(text):
    """A rule's condition as a list of and-groups of relations, for whole numbers: [] when it
    never holds, [[]] when it always does."""
    groups = []
    for alternative in text.split(" or "):
        relations = []
        for part in alternative.split(" and "):
            read = relation(part)
            if read is False:
                relations = None
                break
            if read is not True:
                relations.append(read)
        if relations is not None:
            groups.append(relations)
    if any(not group for group in groups):
        return [[]]
    # `n = 0 or n = 1` is `n = 0..1`: alternatives that each test one operand for values are one.
    single = {}
    for group in groups:
        if len(group) == 1 and group[0][2] == "=":
            single.setdefault(group[0][:2], []).append(group)
    for key, alike in single.items():
        if len(alike) > 1:
            spans = merged([span for group in alike for span in group[0][3]])
            groups = [group for group in groups if group not in alike]
            groups.insert(0, [(key[0], key[1], "=", spans)])
    return groups


def swift_relation(read, alone):
    _, modulus, operator, spans = read
    operand = f"n % {modulus}" if modulus else "n"
    if all(low == high for low, high in spans):
        if len(spans) == 1:
            return f"{operand} {'==' if operator == '=' else '!='} {spans[0][0]}"
        test = f"[{', '.join(str(low) for low, _ in spans)}].contains({operand})"
    else:
        parts = [f"({low}...{high}).contains({operand})" if low != high else f"{operand} == {low}"
                 for low, high in spans]
        test = " || ".join(parts)
        if len(parts) > 1 and (operator == "!=" or not alone):
            test = f"({test})"
    return test if operator == "=" else f"!{test}" if test.startswith("(") or test.startswith("[") else f"!({test})"


def swift_condition(groups):
    alone = len(groups) == 1
    written = []
    for group in groups:
        relations = " && ".join(swift_relation(read, alone and len(group) == 1) for read in group)
        written.append(f"({relations})" if len(group) > 1 and not alone else relations)
    return " || ".join(written)


def main():
    path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "cldr" / "plurals.json"
    data = json.loads(path.read_text(encoding="utf-8"))["supplemental"]
    version = data["version"].get("_cldrVersion", "?")
    languages = data["plurals-type-cardinal"]
    # The root locale: a browser counts a language it does not know by its own (English) rules.
    languages.pop("und", None)
    rules = {}
    for language, entries in sorted(languages.items()):
        rule = []
        for category in CATEGORIES:
            text = entries.get(f"pluralRule-count-{category}")
            if text is None:
                continue
            groups = condition(text.split("@")[0].strip())
            if groups:
                rule.append((category, swift_condition(groups) if groups != [[]] else "true"))
        rules.setdefault(tuple(rule), []).append(language)
    # Rules in the order of their first language.
    ordered = sorted(rules.items(), key=lambda item: item[1][0])
    number = {rule: index + 1 for index, (rule, _) in enumerate(ordered)}

    lines = [
        f"// Generated by Tests/tools/generate_plural_rules.py from CLDR {version}'s cardinal plural rules",
        "// (unicode-org/cldr-json, cldr-core/supplemental/plurals.json, Unicode License V3: see",
        "// Tests/tools/cldr/). Do not edit; rerun:",
        "//     python3 Tests/tools/generate_plural_rules.py > Sources/BookplateSite/PluralCategory+Rules.swift",
        "",
        "extension PluralCategory {",
        f"    /// The CLDR's {len(ordered)} rules for whole numbers, by the code of each language it has rules",
        "    /// for (`pt-PT` apart from `pt`): the number of its rule in ``category(_:rule:)``.",
        "    static let ruleOfLanguage: [String: Int] = [",
    ]
    for language in sorted(languages):
        rule = next(rule for rule, members in rules.items() if language in members)
        lines.append(f'        "{language.lower()}": {number[rule]},')
    lines += [
        "    ]",
        "",
        "    /// The category of the whole number `n` by rule `rule` of ``ruleOfLanguage``; `other` when",
        "    /// no rule's condition holds.",
        "    static func category(_ n: UInt, rule: Int) -> PluralCategory {",
        "        switch rule {",
    ]
    for rule, members in ordered:
        lines.append(f"        case {number[rule]}:")
        line = "            //"
        for member in members:
            if len(line) + len(member) + 2 > 110:
                lines.append(line)
                line = "            //"
            line += f" {member},"
        lines.append(line.rstrip(","))
        if not rule:
            lines.append("            return .other")
        for category, test in rule:
            lines.append(f"            if {test} {{ return .{category} }}")
    lines += [
        "        default:",
        "            break",
        "        }",
        "        return .other",
        "    }",
        "}",
        "",
    ]
    source = "\n".join(lines)
    formatted = subprocess.run(
        ["swift", "format", "--configuration", str(REPOSITORY / ".swift-format"), "--assume-filename", OUTPUT],
        input=source, capture_output=True, text=True, cwd=REPOSITORY)
    if formatted.returncode != 0:
        sys.exit(f"swift format failed: {formatted.stderr}")
    sys.stdout.write(formatted.stdout)


if __name__ == "__main__":
    main()
