"""Keeps, of cases.json and swift-mustache's outputs for them, every case swift-mustache rendered
and the first 80 it rejected as syntax errors; drops those its reader overflowed on (a file that
ends inside what could be a tag), which Bookplate reads."""
import json

cases = json.load(open("cases.json"))
outputs = json.load(open("swift-mustache-2.1.1.json"))
rendered = [(case, output) for case, output in zip(cases, outputs) if output not in ("<error>", "<overflow>")]
rejected = [(case, output) for case, output in zip(cases, outputs) if output == "<error>"][:80]
kept = rendered + rejected
json.dump([case for case, _ in kept], open("cases.json", "w"), indent=0)
json.dump([output for _, output in kept], open("swift-mustache-2.1.1.json", "w"))
print(f"{len(rendered)} rendered, {len(rejected)} rejected, of {len(cases)}")
