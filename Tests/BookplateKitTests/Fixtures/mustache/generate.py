"""Writes cases.json: random Mustache templates, partials and data for checking Bookplate's
renderer against swift-mustache 2.1.1, which the theme was written for. Seeded: the same file every
run. Templates mix text (LF, CRLF and lone CR line breaks), indentation, variables, sections,
inverted sections, comments, partials, parents with blocks, set delimiters and transforms; data
mixes text, numbers, booleans, lists and objects ({"s": …}, {"i": …}, {"b": …}, {"l": […]},
{"o": {…}}). See README.md for how the expected outputs were recorded.

    python3 generate.py [COUNT] [SEED] [OUTPUT]
"""
import json, random, sys
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 11)
COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 600
names = ["a","b","c","list","flag","no","s","n","obj","obj.s","obj.a","a.b",".","..",".s","empty(list)","count(list)",
         "first()","index()","last()","even()","odd()","uppercased(s)","empty(s)","reversed(list)","sorted(list)",
         "first(list)","last(list)","plusone(n)","equalzero(n)","reversed(s)","count(reversed(list))","",
         "obj.list","odd(n)","capitalized(s)"]
DELIMS = [("{{","}}"),("<%","%>"),("{{{","}}}"),("<!--","-->"),("((","))")]
def T(d, inner): return d[0] + inner + d[1]
def ws(): return random.choice(["", " ", "  ", "\t", " \t"])
def text():
    return random.choice(["\n","\r\n"," ","  ","\t","x","yz","<b>","{","}","%",">","<","\r","-","|","]","[","(", ")", "=", "!"])
def tag(d, level):
    k = random.random()
    nm = random.choice(names)
    if k < 0.22: return T(d, ws() + nm + ws())
    if k < 0.27: return T(d, "{" + nm + "}") + "}"
    if k < 0.31: return T(d, "& " + nm + " ")
    if k < 0.37: return T(d, "! c%s " % random.choice(["", "\n", "x\ny", "}", "%", "-"]))
    if k < 0.45 and level < 2: return T(d, ">" + ws() + "p%d" % random.randint(level+1, 2) + ws())
    return None
def body(depth, level, d, blocks=True):
    parts = []
    for _ in range(random.randint(1, 7)):
        r = random.random()
        if r < 0.25:
            parts.append(text())
        elif r < 0.32:
            nd = random.choice(DELIMS)
            parts.append(random.choice(["", "  ", "\n", "\n  "]) + T(d, "=" + ws() + nd[0] + " " + nd[1] + ws() + "=") + random.choice(["", "\n", " \n"]))
            d = nd
        elif r < 0.52 and depth < 3:
            nm = random.choice(names)
            sig = random.choice("#^")
            inner, d2 = body(depth+1, level, d, blocks)
            parts.append("%s%s%s%s%s%s%s" % (random.choice(["", "  ", "\n", "\n  ", "\n\t"]), T(d, sig + nm), random.choice(["", "\n", "  ", "\n  ", "\r\n", " \n"]), inner,
                          random.choice(["", "\n", "  ", "\n  "]), T(d2, "/" + nm), random.choice(["", "\n", "\r\n", " \n"])))
        elif r < 0.58 and depth < 2 and blocks:
            blk = random.choice(["t", "u"])
            inner, d2 = body(depth+1, level, d, blocks)
            parts.append("%s%s%s%s%s%s" % (random.choice(["", "  ", "\n  "]), T(d, "$" + blk), random.choice(["", "\n"]), inner, T(d2, "/" + blk), random.choice(["", "\n"])))
        else:
            t = tag(d, level)
            parts.append(random.choice(["", "", "\n", "\n  ", "  "]) + t + random.choice(["", "", "\n", " \n"]) if t else "w")
    return "".join(parts), d
def value(depth=0):
    r = random.random()
    if r < 0.25: return {"s": random.choice(["", "x", "a\nb", "<&>", "hi there", "b", "a"])}
    if r < 0.4: return {"i": random.randint(0, 3)}
    if r < 0.55: return {"b": random.random() < 0.5}
    if r < 0.75 and depth < 2:
        kind = random.random()
        if kind < 0.4: return {"l": [{"s": random.choice(["b","a","c"])} for _ in range(random.randint(0,3))]}
        return {"l": [value(depth+1) for _ in range(random.randint(0, 3))]}
    if depth < 2: return {"o": {k: value(depth+1) for k in random.sample(["a","b","s","n","list","flag"], random.randint(0, 3))}}
    return {"s": "leaf"}
cases = []
D0 = ("{{","}}")
for i in range(COUNT):
    data = {k: value() for k in random.sample(["a","b","c","list","flag","no","s","n","obj"], random.randint(2, 8))}
    partials = {"p%d" % j: body(1, j, D0)[0] for j in range(3)}
    main = body(0, -1, D0)[0]
    if random.random() < 0.35:
        partials["parent"] = random.choice(["P{{$t}}dt{{/t}}\n  {{$u}}du{{/u}}\n", "  {{$t}}\n  dt\n  {{/t}}\n{{#flag}}\n    {{$u}}\n    du\n    {{/u}}\n{{/flag}}\n{{>p2}}", body(1, 1, D0)[0]])
        ov, d2 = body(1, 2, D0, False)
        ov2, d3 = body(1, 2, D0, False)
        main = random.choice(["", "  ", "\n", "x "]) + "{{<parent}}" + random.choice(["", "\n", "\n  "]) + "{{$t}}" + random.choice(["", "\n", "\n  "]) + ov + T(d2, "/t") + random.choice(["", "\n  ", "\n"]) \
            + (("{{$u}}" + random.choice(["", "\n", "\n    "]) + ov2 + T(d3, "/u") + random.choice(["", "\n"])) if random.random() < 0.5 else "") + "{{/parent}}" + random.choice(["", "\n", " \n"]) + main
    cases.append({"main": main, "partials": partials, "data": data})
json.dump(cases, open(sys.argv[3] if len(sys.argv) > 3 else "cases.json", "w"), indent=0)
