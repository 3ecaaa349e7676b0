import sys,re,glob,collections
d=sys.argv[1]; sets=sys.argv[2].split(',')
for st in sets:
  T=collections.defaultdict(dict); P={}
  for f in sorted(glob.glob(f"{d}/{st}-*.txt")):
    base=f.split('/')[-1][:-4]; parts=base.split('-')
    if parts[0]!=st: continue
    r=parts[2]
    shape=None
    for line in open(f):
      w=line.split()
      if w and re.match(r'^\d+x\d+$',w[0]): shape=w[0]
      if w and w[0]=='auto' and shape:
        # time is col after worst rel; find 'ok'
        i=w.index('ok') if 'ok' in w else w.index('FAIL')
        t=float(w[i+2]); pc=float(w[i+4])
        T[shape].setdefault(r,[]).append((t,pc)); P[(shape,r)]=' '.join(w[2:i])
  rs=sorted({r for s in T for r in T[s]}, key=lambda r:(r!='A',r!='cuda',r))
  print(f"== {st}: time us (mean of rounds) / %copy; " + ' '.join(rs))
  for s in T:
    row=[]
    for r in rs:
      v=T[s].get(r)
      if v: row.append(f"{r}:{sum(x[0] for x in v)/len(v):8.1f}/{sum(x[1] for x in v)/len(v):5.1f}")
    print(f"{s:14s} "+'  '.join(row), '|', P.get((s,'A'),''), '|', P.get((s,'B'),''))
