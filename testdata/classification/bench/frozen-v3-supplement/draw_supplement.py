#!/usr/bin/env python3
"""Draws a supplementary pair of packets from the cls-v3 captures NOT in packets/pool.txt.

Run: python3 /work/heldout/cls-v3/draw_supplement.py [--force]
The main packets (draw.py) were released at 44 servers, when the pool held fewer tools than the
targets (A >= 380, B >= 160). This draws the shortfall from the servers captured afterwards, by
the same rules and seeds (seed 20261202; B subset seed 7; up to 9 tools per server for A, at most 4
for B; vendor annotations removed), into packets-supplement/, so the two together can reach the
targets without changing the packets labellers already have. Its pool is frozen in
packets-supplement/pool.txt like the main one.
"""
import glob, json, os, random, sys

base = os.path.dirname(os.path.abspath(__file__))
surf = os.path.join(base, 'surfaces')
out = os.path.join(base, 'packets-supplement')
os.makedirs(out, exist_ok=True)
pool_path = os.path.join(out, 'pool.txt')
main = json.load(open(os.path.join(base, 'packets', 'cls_packet.json')))
main_b = json.load(open(os.path.join(base, 'packets', 'cls_packet_b.json')))
need_a = 380 - sum(len(s['tools']) for s in main['servers'])
need_b = 160 - sum(len(s['tools']) for s in main_b['servers'])
main_pool = set(l.strip() for l in open(os.path.join(base, 'packets', 'pool.txt')) if l.strip())


def write_atomic(name, obj):
    tmp = os.path.join(out, '.' + name + '.tmp')
    with open(tmp, 'w') as f:
        json.dump(obj, f, indent=1, ensure_ascii=False)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, os.path.join(out, name))


if os.path.exists(os.path.join(out, 'cls_packet_2.json')) and '--force' not in sys.argv:
    sys.exit('supplement already drawn; not rewriting it (use --force)')
if os.path.exists(pool_path):
    files = [os.path.join(surf, l.strip()) for l in open(pool_path) if l.strip()]
else:
    files = [f for f in sorted(glob.glob(os.path.join(surf, '*.json'))) if os.path.basename(f) not in main_pool]
    tmp = pool_path + '.tmp'
    open(tmp, 'w').write(''.join(os.path.basename(f) + '\n' for f in files))
    os.replace(tmp, pool_path)
rest = sorted(files)
rng = random.Random(20261202)
rng.shuffle(rest)
packet, ntools = [], 0
for f in rest:
    if ntools >= need_a:
        break
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
    if len(sub) >= need_b:
        break
    if count.get(f, 0) >= 4:
        continue
    count[f] = count.get(f, 0) + 1
    sub.append((f, n))
subset = set(sub)
bp = [dict(s, tools=[t for t in s['tools'] if (s['file'], t['name']) in subset]) for s in packet]
bp = [s for s in bp if s['tools']]
write_atomic('cls_packet_b_2.json', {"note": "Supplement to cls_packet_b.json (cls-v3, held out): a seeded subset (seed 7, at most 4 tools per server) of cls_packet_2.json.", "servers": bp})
write_atomic('cls_packet_2.json', {"note": "Supplement to cls_packet.json (cls-v3, held out): tools drawn by a seeded random draw (seed 20261202) from servers captured after the main packets' pool was frozen; vendor annotations removed.", "servers": packet})
print(len(files), "files in the pool; need", need_a, "/", need_b, ";", len(packet), "servers,", ntools, "tools; reviewer B:", len(bp), "servers,", len(sub), "tools")
