import csv,sys,collections
rows=list(csv.reader(open(sys.argv[1])))
h=next(i for i,r in enumerate(rows) if any('Warp Stall Sampling' in c for c in r))
hd=rows[h]; ci=hd.index('Instructions Executed'); cs=hd.index('Source')
cst=hd.index('Warp Stall Sampling (All Samples)')
c=collections.Counter(); st=collections.Counter(); nl=collections.Counter()
for r in rows[h+1:]:
    try: n=int(r[ci] or 0); s=float(r[cst] or 0)
    except: continue
    c[n]+=n; st[n]+=s; nl[n]+=1
tot=sum(c.values()); ts=sum(st.values())
warps=int(sys.argv[2])
for n,v in sorted(c.items(), key=lambda x:-x[1])[:20]:
    print(f"exec/warp {n/warps:8.2f}: lines {nl[n]:5d} insns {100*v/tot:5.1f}%  stalls {100*st[n]/ts:5.1f}%")
print("total insns/warp", tot/warps)
