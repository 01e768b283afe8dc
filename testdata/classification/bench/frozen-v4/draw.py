#!/usr/bin/env python3
"""Draws the blind labelling packets of classification frozen-v4 (held out).

Pool: the 23 servers captured fresh on 2026-12-02 (see frozen-v3's README) that were in no
frozen-v3 packet, frozen in pool.txt. Same rules as frozen-v2/v3's draw.py: seed 20261204, up to
9 tools per server for reviewer A, vendor annotations removed (name, title, description,
inputSchema, outputSchema only); reviewer B gets a seeded subset (seed 7, at most 4 per server).
Run: python3 draw.py   (writes packets/cls_packet.json and packets/cls_packet_b.json)
"""
import glob, json, os, random
base = os.path.dirname(os.path.abspath(__file__))
pool = os.path.join(base, 'pool.txt')
if not os.path.exists(pool):
    open(pool, 'w').write(''.join(os.path.basename(f) + '\n' for f in sorted(glob.glob(os.path.join(base, 'surfaces', '*.json')))))
rest = sorted(os.path.join(base, 'surfaces', l.strip()) for l in open(pool) if l.strip())
rng = random.Random(20261204)
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
def write(name, obj):
    tmp = os.path.join(base, 'packets', '.' + name)
    json.dump(obj, open(tmp, 'w'), indent=1, ensure_ascii=False)
    os.replace(tmp, os.path.join(base, 'packets', name))
write('cls_packet_b.json', {"note": "Blind labelling packet (reviewer B): seeded subset (seed 7, at most 4 per server) of reviewer A's packet; vendor annotations removed.", "servers": bp})
write('cls_packet.json', {"note": "Blind labelling packet: tools drawn by a seeded random draw (seed 20261204) from servers captured fresh on 2026-12-02; vendor annotations removed.", "servers": packet})
print(len(packet), "servers,", ntools, "tools; reviewer B:", len(bp), "servers,", len(sub), "tools")
