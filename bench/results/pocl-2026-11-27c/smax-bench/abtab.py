"""Medians of A/B rounds (ab.sh, ../nt/ab.sh): per mode and shape, each variant's median GB/s and
% of copy over the rounds, and the second variant / the first.
Usage: abtab.py OUT_DIR VARIANTS [numpy]   (VARIANTS: base,new,new8 or new,nt)"""
import csv, glob, re, statistics, sys
from collections import defaultdict
d, variants = sys.argv[1], sys.argv[2].split(',')
gbps, pct = defaultdict(list), defaultdict(list)
for f in sorted(glob.glob(d + '/*-*-[0-9].csv')):
    m = re.match(r'.*/(%s)-(.+)-(\d)\.csv' % '|'.join(variants), f)
    if not m:
        continue
    v, mode, _ = m.groups()
    for row in csv.DictReader(open(f)):
        if row['algo'] == 'auto' and row['status'] == 'ok':
            k = (mode, row['rows'] + 'x' + row['cols'], v)
            gbps[k].append(float(row['gbps'])); pct[k].append(float(row['pct_copy']))
shapes = sorted({k[1] for k in gbps}, key=lambda s: int(s.split('x')[1]))
med = lambda xs: statistics.median(xs) if xs else float('nan')
a, b = variants[0], variants[1]
for m in ['f32', 'bf16', 'f16']:
    print(f'\n### {m}\n')
    print('| shape | ' + ' | '.join(f'{v} GB/s' for v in variants) + ' | ' +
          ' | '.join(f'{v} % copy' for v in variants) + f' | {b} / {a} |')
    print('|---|' + '---:|' * (2 * len(variants) + 1))
    for s in shapes:
        g = [med(gbps[(m, s, v)]) for v in variants]
        p = [med(pct[(m, s, v)]) for v in variants]
        print(f'| {s} | ' + ' | '.join(f'{x:.2f}' for x in g) + ' | ' +
              ' | '.join(f'{x:.1f}' for x in p) + f' | {g[1] / g[0]:.2f} |')
if len(sys.argv) > 3:
    nump = defaultdict(list)
    for f in glob.glob(d + '/numpy-*.txt'):
        for line in open(f):
            t = line.split()
            nump[t[0]].append(float(t[3]))
    print('\n### numpy (f32, one core), median GB/s\n')
    print(' | '.join(f'{s} {med(nump[s]):.2f}' for s in shapes))
