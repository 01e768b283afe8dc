#!/usr/bin/env python3
"""Draws the blind labelling packets of classification frozen-v4, part 2 (held out).

Pool: the licensed captures (surfaces/, not private/) of cls-v4 part 2, fresh npm servers captured
on 2026-12-02 by internal/capture (see README.md), frozen in pool.txt when first drawn.
Same rules as ../draw.py (frozen-v4 part 1): seeded shuffle of the pool (seed 20261205), up to 9
tools per server for reviewer A (kept in served order), vendor annotations removed (name, title,
description, inputSchema, outputSchema only); reviewer B gets a seeded subset (seed 7, at most 4 per
server). Servers without tools are skipped.
Run: python3 draw.py   (writes ../packets2/cls_packet.json and ../packets2/cls_packet_b.json;
refuses to overwrite them unless --force, which redraws the same bytes from pool.txt)
"""
import glob, json, os, random, sys
base = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(os.path.dirname(base), 'packets2')
if os.path.exists(os.path.join(out, 'cls_packet.json')) and '--force' not in sys.argv:
    sys.exit('packets exist; not rewritten (use --force to redraw from pool.txt)')
pool = os.path.join(base, 'pool.txt')
if not os.path.exists(pool):
    open(pool, 'w').write(''.join(os.path.basename(f) + '\n' for f in sorted(glob.glob(os.path.join(base, 'surfaces', '*.json')))))
rest = sorted(os.path.join(base, 'surfaces', l.strip()) for l in open(pool) if l.strip())
rng = random.Random(20261205)
rng.shuffle(rest)
packet, ntools = [], 0
for f in rest:
    d = json.load(open(f))
    tools = d.get('tools') or []
    if not tools:
        continue
    sel = list(range(len(tools)))
    rng.shuffle(sel)
    sel = sorted(sel[:9])
    items = [{k: tools[i][k] for k in ('name', 'title', 'description', 'inputSchema', 'outputSchema') if k in tools[i]} for i in sel]
    packet.append({"file": os.path.basename(f), "package": d.get('package'), "serverInfo": d.get('serverInfo'),
                   "instructions": (d.get('instructions') or '')[:2000],
                   "allToolNames": [x.get('name') for x in tools][:80], "tools": items})
    ntools += len(items)
pairs = [(s['file'], t['name']) for s in packet for t in s['tools']]
rng2 = random.Random(7)
rng2.shuffle(pairs)
count, sub = {}, []
for f, n in pairs:
    if count.get(f, 0) >= 4:
        continue
    count[f] = count.get(f, 0) + 1
    sub.append((f, n))
subset = set(sub)
bp = [dict(s, tools=[t for t in s['tools'] if (s['file'], t['name']) in subset]) for s in packet]
bp = [s for s in bp if s['tools']]
os.makedirs(out, exist_ok=True)
def write(name, obj):
    tmp = os.path.join(out, '.' + name)
    json.dump(obj, open(tmp, 'w'), indent=1, ensure_ascii=False)
    os.replace(tmp, os.path.join(out, name))
write('cls_packet_b.json', {"note": "Blind labelling packet (reviewer B, frozen-v4 part 2): seeded subset (seed 7, at most 4 per server) of reviewer A's packet; vendor annotations removed.", "servers": bp})
write('cls_packet.json', {"note": "Blind labelling packet (frozen-v4 part 2): tools drawn by a seeded random draw (seed 20261205) from servers captured fresh on 2026-12-02; vendor annotations removed.", "servers": packet})
print(len(packet), "servers,", ntools, "tools; reviewer B:", len(bp), "servers,", len(sub), "tools")
