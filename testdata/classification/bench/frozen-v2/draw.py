#!/usr/bin/env python3
"""Draws the blind labelling packets of the frozen-v2 classification half.

Run from the repository root: python3 testdata/classification/bench/frozen-v2/draw.py OUTDIR
Writes OUTDIR/cls_packet.json (reviewer A: every tool) and OUTDIR/cls_packet_b.json
(reviewer B: a seeded subset). Servers come from testdata/npmcorpus, excluding those of the
tuning half; vendor annotations are removed. The packets are not committed: this script makes
them again, byte for byte, from the committed captures.
"""
import glob, json, os, random, sys

out = sys.argv[1]
tuning = json.load(open('testdata/classification/bench/tuning.json'))
seen = set(i['file'] for i in tuning['items'])
rest = [f for f in sorted(glob.glob('testdata/npmcorpus/surfaces/*.json')) if os.path.basename(f) not in seen]
rng = random.Random(20261201)
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
    if ntools >= 380:
        break
json.dump({"note": "Blind labelling packet: tools drawn by a seeded random draw (seed 20261201) from testdata/npmcorpus servers not in the tuning half; vendor annotations removed.", "servers": packet},
          open(os.path.join(out, 'cls_packet.json'), 'w'), indent=1, ensure_ascii=False)
pairs = [(s['file'], t['name']) for s in packet for t in s['tools']]
rng2 = random.Random(7)
rng2.shuffle(pairs)
count, sub = {}, []
for f, n in pairs:
    if count.get(f, 0) >= 4:
        continue
    count[f] = count.get(f, 0) + 1
    sub.append((f, n))
    if len(sub) >= 160:
        break
subset = set(sub)
bp = [dict(s, tools=[t for t in s['tools'] if (s['file'], t['name']) in subset]) for s in packet]
bp = [s for s in bp if s['tools']]
json.dump({"note": "Second reviewer's packet: a seeded subset (seed 7, at most 4 tools per server) of the first packet.", "servers": bp},
          open(os.path.join(out, 'cls_packet_b.json'), 'w'), indent=1, ensure_ascii=False)
print(len(packet), "servers,", ntools, "tools; reviewer B:", len(sub), "tools")
