import csv, glob, collections, statistics as st, sys
O=sys.argv[1]
d=collections.defaultdict(list)
for f in glob.glob(O+"/*.csv"):
    kind,x,_=f.split("/")[-1].split("-")
    for r in csv.DictReader(open(f)):
        if r["algo"]!="auto": continue
        d[(kind,f'{r["rows"]}x{r["cols"]}',x)].append((float(r["gbps"]),r["status"]))
xs=sorted(set(k[2] for k in d))
print("| mode | shape | " + " | ".join(f"{x} GB/s" for x in xs) + " | " + " | ".join(f"{x}/A" for x in xs if x!="A") + " |")
print("|---|---|" + "---|"*(2*len(xs)-1))
for k in sorted(set((a,b) for a,b,_ in d)):
    cols=[]; med={}
    for x in xs:
        v=[g for g,_ in d[k+(x,)]]; med[x]=st.median(v); cols.append(", ".join("%.1f"%g for g in v))
    bad=any(s!="ok" for x in xs for _,s in d[k+(x,)])
    print(f"| {k[0]} | {k[1]} | " + " | ".join(cols) + " | " + " | ".join("%.2f"%(med[x]/med["A"]) for x in xs if x!="A") + (" BAD" if bad else "") + " |")
