"""Writes cases.json: random Mustache templates, partials and data (seeded, so the same every
run) for checking Bookplate's renderer against swift-mustache 2.1.1, which the theme was written for.
See README.md for how the expected outputs were recorded."""
import json, random, sys
random.seed(7)
COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 400
names = ["a","b","c","list","flag","no","s","n","obj","obj.s","obj.a","a.b",".","empty(list)","count(list)","first()","index()","last()","uppercased(s)","empty(s)"]
def tag(level=-1):
    k = random.random()
    nm = random.choice(names)
    if k < 0.25: return "{{%s}}" % nm
    if k < 0.3: return "{{{%s}}}" % nm
    if k < 0.33: return "{{& %s }}" % nm
    if k < 0.38: return "{{! c%d }}" % random.randint(0,9)
    if k < 0.42 and level < 2: return "{{> p%d}}" % random.randint(level+1,2)
    return None
def body(depth, level=-1, blocks=True):
    parts = []
    for _ in range(random.randint(1,6)):
        r = random.random()
        if r < 0.2: parts.append(random.choice(["\n","\r\n"," ","  ","\t","x","yz","<b>"]))
        elif r < 0.45 and depth < 3:
            nm = random.choice(names)
            sig = random.choice("#^")
            ws = random.choice(["","\n","  ","\n  "])
            parts.append("%s{{%s%s}}%s%s%s{{/%s}}%s" % (random.choice(["","  ","\n"]), sig, nm, ws, body(depth+1, level, blocks), random.choice(["","\n","  "]), nm, random.choice(["","\n"])))
        elif r < 0.5 and depth < 2 and blocks:
            blk = random.choice(["t","u"])
            parts.append("{{$%s}}%s{{/%s}}" % (blk, body(depth+1, level, blocks), blk))
        else:
            t = tag(level)
            parts.append(t if t else "w")
    return "".join(parts)
def value(depth=0):
    r = random.random()
    if r < 0.25: return {"s": random.choice(["", "x", "a\nb", "<&>", "hi there"])}
    if r < 0.4: return {"i": random.randint(0,3)}
    if r < 0.55: return {"b": random.random()<0.5}
    if r < 0.75 and depth < 2: return {"l": [value(depth+1) for _ in range(random.randint(0,3))]}
    if depth < 2: return {"o": {k: value(depth+1) for k in random.sample(["a","b","s","n","list","flag"], random.randint(0,3))}}
    return {"s": "leaf"}
cases = []
for i in range(COUNT):
    data = {k: value() for k in random.sample(["a","b","c","list","flag","no","s","n","obj"], random.randint(2,8))}
    partials = {"p%d" % j: body(1, j) for j in range(3)}
    main = body(0)
    if random.random() < 0.3:
        partials["parent"] = "P{{$t}}dt{{/t}}\n  {{$u}}du{{/u}}\n"
        main = random.choice(["","  ","\n"]) + "{{<parent}}" + random.choice(["","\n"]) + "{{$t}}" + body(1, 2, False) + "{{/t}}" + random.choice(["","\n  "]) + "{{/parent}}" + main
    cases.append({"main": main, "partials": partials, "data": data})
json.dump(cases, open("cases.json", "w"), indent=0)
