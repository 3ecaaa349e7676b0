import csv, glob, collections, sys
d=collections.defaultdict(list)
O=sys.argv[1] if len(sys.argv)>1 else "/tmp/pocl57/split/out"
for f in sorted(glob.glob(O+"/*.csv")):
    m=f.split("/")[-1].rsplit("-",1)[0]
    for r in csv.DictReader(open(f)):
        if r["algo"] in ("online","multiblock","auto"):
            d[(m,f'{r["rows"]}x{r["cols"]}',r["algo"])].append((float(r["gbps"]), r["status"], r["ran"], r["chunks_per_row"]))
ms=sorted(set(k[0] for k in d)); ss=[]
for k in d:
    if k[1] not in ss: ss.append(k[1])
print("| mode | shape | one item a row (online), GB/s | split (multiblock), GB/s | auto (ran) |")
print("|---|---|---|---|---|")
for m in ms:
    for s in ss:
        on=d[(m,s,"online")]; mb=d[(m,s,"multiblock")]; au=d[(m,s,"auto")]
        bad=[x for x in on+mb+au if x[1]!="ok"]
        print(f"| {m} | {s} | {', '.join('%.1f'%x[0] for x in on)} | {', '.join('%.1f'%x[0] for x in mb)} (c{mb[0][3]}) | {', '.join('%.1f'%x[0] for x in au)} ({au[0][2]}){' BAD' if bad else ''} |")
