#!/usr/bin/env python3
"""Draws the blind labelling packets of the cls-v3 held-out classification set.

Run: python3 /work/heldout/cls-v3/draw.py [--force]
Made the same way as testdata/classification/bench/frozen-v2/draw.py (up to 9 tools per server
for reviewer A, stopping at >= 380 tools; reviewer B a seeded subset of >= 160 tools, at most 4
per server; vendor annotations removed: only name, title, description, inputSchema,
outputSchema are kept), with seed 20261202, from the fresh captures in
/work/heldout/cls-v3/surfaces (packages captured 2026-12-02 by internal/capture, none of them in
testdata/npmcorpus or testdata/corpus). Servers with 0 tools are skipped.

The pool (the capture files present when the packets were first drawn) is written to
packets/pool.txt and reused on later runs, so the draw is the same byte for byte even after more
captures arrive. Each packet is written to a temporary name and renamed into place, so a reader
never sees a partial file. An existing packet is not overwritten without --force.
"""
import glob, json, os, random, sys

base = os.path.dirname(os.path.abspath(__file__))
surf = os.path.join(base, 'surfaces')
out = os.path.join(base, 'packets')
os.makedirs(out, exist_ok=True)
pool_path = os.path.join(out, 'pool.txt')


def write_atomic(name, obj):
    tmp = os.path.join(out, '.' + name + '.tmp')
    with open(tmp, 'w') as f:
        json.dump(obj, f, indent=1, ensure_ascii=False)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, os.path.join(out, name))


if os.path.exists(os.path.join(out, 'cls_packet.json')) and '--force' not in sys.argv:
    sys.exit('packets already drawn; not rewriting them (use --force)')
if os.path.exists(pool_path):
    files = [os.path.join(surf, l.strip()) for l in open(pool_path) if l.strip()]
else:
    files = sorted(glob.glob(os.path.join(surf, '*.json')))
    tmp = pool_path + '.tmp'
    open(tmp, 'w').write(''.join(os.path.basename(f) + '\n' for f in files))
    os.replace(tmp, pool_path)
rest = sorted(files)
rng = random.Random(20261202)
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
# B first, then A: labellers poll for cls_packet.json, so B is in place when A appears.
write_atomic('cls_packet_b.json', {"note": "Second reviewer's packet: a seeded subset (seed 7, at most 4 tools per server) of the first packet (cls-v3, held out).", "servers": bp})
write_atomic('cls_packet.json', {"note": "Blind labelling packet: tools drawn by a seeded random draw (seed 20261202) from fresh npm captures of 2026-12-02 (held out, cls-v3); vendor annotations removed.", "servers": packet})
print(len(files), "files in the pool;", len(packet), "servers,", ntools, "tools; reviewer B:", len(bp), "servers,", len(sub), "tools")
