/* max groups resident on one SM at once, from (start, end, smid) triples */
static int max_resident(const unsigned long long *r, int n)
{
    int best = 0;
    for (int i = 0; i < n; ++i) {            /* at each start, count overlapping on the same SM */
        int c = 0;
        for (int j = 0; j < n; ++j)
            if (r[3*j+2] == r[3*i+2] && r[3*j] <= r[3*i] && r[3*j+1] > r[3*i]) ++c;
        if (c > best) best = c;
    }
    return best;
}
