/*
 * bench_report.c - the table on stdout and the CSV / JSON files.
 */
#include "bench.h"

#include <errno.h>
#include <math.h>
#include <string.h>

const char *bench_status_name(int status)
{
    switch (status) {
    case BENCH_OK: return "ok";
    case BENCH_NA: return "n/a";
    case BENCH_FAIL: return "FAIL";
    case BENCH_ERROR: return "ERROR";
    case BENCH_SKIP: return "skipped";
    }
    return "?";
}

static int is_copy(const bench_result *r) { return strcmp(r->algo, "copy") == 0; }

static void plan_str(const bench_result *r, char *buf, size_t n)
{
    int len;
    if (is_copy(r) || r->group_size == 0) {
        snprintf(buf, n, "-");
        return;
    }
    len = snprintf(buf, n, "g%u", r->group_size);
    if (r->rows_per_group > 1 && len < (int)n)
        len += snprintf(buf + len, n - (size_t)len, " r%u", r->rows_per_group);
    if (r->chunks_per_row > 1 && len < (int)n)
        len += snprintf(buf + len, n - (size_t)len, " c%lld",
                        (long long)r->chunks_per_row);
    if (r->merge_levels > 0 && len < (int)n)
        len += snprintf(buf + len, n - (size_t)len, " L%u%s", r->merge_levels,
                        r->cluster ? "K" : r->reread ? "R" : "");
    if (len < (int)n)
        snprintf(buf + len, n - (size_t)len, " v%u", r->vector_width);
}

/* What GB/s counts, in words. */
static const char *bytes_counted(const bench_meta *m)
{
    return m->backward ? "y and dy read once + dx written once"
                       : "x read once + y written once";
}

/* What the check's worst_rel column measures for this run. */
static const char *worst_legend(const bench_meta *m)
{
    if (m->backward)
        return "the worst |error| / allowed of the gradient rule, times its "
               "trh (smax_check_backward)";
    if (strcmp(m->y_dtype, "f32"))
        return "the largest distance in ulps of the output type from the "
               "float64 reference rounded once (at most 1; "
               "smax_check_output_half)";
    return "the largest relative error, elements and row sums "
           "(smax_check_output; trh grows with log2(cols))";
}

static int has_time(const bench_result *r)
{
    return (r->status == BENCH_OK || r->status == BENCH_FAIL) &&
           r->t.us > 0;
}

void bench_print_head(FILE *f, const bench_meta *m)
{
    char b1[32], b2[32];

    fprintf(f, "\nsmax-bench: smax %s, backend %s, device \"%s\" (%s, %u "
               "compute units, %s)\n",
            m->version, m->backend, m->device, m->vendor, m->compute_units,
            bench_bytes_str((double)m->global_mem_bytes, b1));
    fprintf(f, "%s%s, x %s, y %s; time = %s over up to %d batches of the "
               "per-launch time of back-to-back launches;\n",
            m->log_softmax ? "log-softmax" : "softmax",
            m->backward ? " gradient" : "", m->x_dtype, m->y_dtype,
            m->stat_min ? "the fastest" : "median", m->reps);
    fprintf(f, "cold L2 approximated by rotating buffers over >= %s; GB/s = "
               "(%s) / time;\n",
            bench_bytes_str(m->rotate_bytes, b2), bytes_counted(m));
    fprintf(f, "%% copy = this GB/s / that of smax_buffer_copy moving as many "
               "bytes (half read, half written), timed the same way in this "
               "run;\nworst rel = %s.\n\n", worst_legend(m));
    fprintf(f, "%-18s %-11s %-11s %-16s %-6s %9s %11s %9s %7s %9s\n", "shape",
            "algo", "ran", "plan", "check", "worst rel", "time us", "GB/s",
            "% copy", "auto/best");
    fprintf(f, "%-18s %-11s %-11s %-16s %-6s %9s %11s %9s %7s %9s\n",
            "------------------", "-----------", "-----------",
            "----------------", "------", "---------", "-----------",
            "---------", "-------", "---------");
}

void bench_print_rows(FILE *f, const bench_result *r, size_t first,
                      size_t end)
{
    size_t i;

    for (i = first; i < end; i++) {
        const bench_result *x = &r[i];
        char shape[48], plan[64], rel[16], tus[24], gbs[16], pct[16], vs[16];
        int new_shape = i == 0 || r[i - 1].rows != x->rows ||
                        r[i - 1].cols != x->cols;
        snprintf(shape, sizeof shape, "%lldx%lld", (long long)x->rows,
                 (long long)x->cols);
        plan_str(x, plan, sizeof plan);
        snprintf(rel, sizeof rel, "-");
        if (!is_copy(x) && (x->status == BENCH_OK || x->status == BENCH_FAIL))
            snprintf(rel, sizeof rel, "%.2e", x->worst_rel);
        snprintf(tus, sizeof tus, "-");
        snprintf(gbs, sizeof gbs, "-");
        snprintf(pct, sizeof pct, "-");
        snprintf(vs, sizeof vs, "%s", "");
        if (has_time(x)) {
            snprintf(tus, sizeof tus, "%.1f", x->t.us);
            snprintf(gbs, sizeof gbs, "%.2f", x->gbps);
            if (x->pct_copy > 0)
                snprintf(pct, sizeof pct, "%.1f", x->pct_copy);
            if (x->vs_best > 0)
                snprintf(vs, sizeof vs, "%.2f", x->vs_best);
        }
        fprintf(f, "%-18s %-11s %-11s %-16s %-6s %9s %11s %9s %7s %9s\n",
                new_shape ? shape : "", x->algo, x->ran[0] ? x->ran : "-", plan,
                is_copy(x) && x->status == BENCH_OK ? "-"
                                                    : bench_status_name(x->status),
                rel, tus, gbs, pct, vs);
        if (x->note[0] && x->status != BENCH_OK)
            fprintf(f, "%-18s   %.*s\n", "", 200, x->note);
    }
}

void bench_print_tail(FILE *f, const bench_meta *m, const bench_result *r,
                      size_t n)
{
    size_t i;
    int counts[5] = {0, 0, 0, 0, 0}, runs = 0;

    for (i = 0; i < n; i++)
        if (!is_copy(&r[i])) {
            runs++;
            counts[r[i].status]++;
        }
    fprintf(f, "\n");
    if (m->have_overhead)
        fprintf(f, "launch overhead (1x1, auto): %.2f us per launch back to "
                   "back, %.2f us for one launch + synchronize; "
                   "1-element copy: %.2f us\n",
                m->overhead_batched_us, m->overhead_single_us,
                m->copy_overhead_batched_us);
    fprintf(f, "%d runs: %d ok, %d FAILED verification, %d errors, %d n/a "
               "(forced algorithm not supported), %d skipped\n",
            runs, counts[BENCH_OK], counts[BENCH_FAIL], counts[BENCH_ERROR],
            counts[BENCH_NA], counts[BENCH_SKIP]);
}

/* ---- CSV ------------------------------------------------------------------ */

static void csv_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static FILE *open_output(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "smax-bench: cannot write %s: %s\n", path,
                strerror(errno));
    return f;
}

int bench_write_csv(const char *path, const bench_meta *m,
                    const bench_result *r, size_t n)
{
    size_t i;
    FILE *f = open_output(path);
    if (!f)
        return -1;
    fprintf(f, "backend,device,version,x_dtype,y_dtype,direction,log,rows,"
               "cols,algo,ran,status,"
               "group_size,rows_per_group,chunks_per_row,merge_levels,"
               "vector_width,bad,worst_rel,trh,median_us,min_us,max_us,"
               "single_us,launches_per_batch,batches,slots,gbps,pct_copy,"
               "auto_vs_best,note\n");
    for (i = 0; i < n; i++) {
        const bench_result *x = &r[i];
        csv_str(f, m->backend);
        fputc(',', f);
        csv_str(f, m->device);
        fputc(',', f);
        csv_str(f, m->version);
        fprintf(f, ",%s,%s,%s", m->x_dtype, m->y_dtype,
                m->backward ? "backward" : "forward");
        fprintf(f, ",%d,%lld,%lld,%s,%s,%s,%u,%u,%lld,%u,%u,%lld,%.6g,%.6g,"
                   "%.4f,%.4f,%.4f,%.4f,%d,%d,%d,%.4f,%.2f,%.4f,",
                m->log_softmax, (long long)x->rows, (long long)x->cols,
                x->algo, x->ran, bench_status_name(x->status), x->group_size,
                x->rows_per_group, (long long)x->chunks_per_row,
                x->merge_levels, x->vector_width, (long long)x->bad,
                x->worst_rel, x->trh, x->t.median_us, x->t.min_us, x->t.max_us,
                x->t.single_us, x->t.per_batch, x->t.batches, x->slots,
                x->gbps, x->pct_copy, x->vs_best);
        csv_str(f, x->note);
        fputc('\n', f);
    }
    if (fclose(f)) {
        fprintf(stderr, "smax-bench: error writing %s\n", path);
        return -1;
    }
    return 0;
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* JSON has no NaN/inf: write null for those. */
static void json_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.6g", v);
    else
        fputs("null", f);
}

int bench_write_json(const char *path, const bench_meta *m,
                     const bench_result *r, size_t n)
{
    size_t i;
    FILE *f = open_output(path);
    if (!f)
        return -1;
    fputs("{\n  \"tool\": \"smax-bench\",\n  \"version\": ", f);
    json_str(f, m->version);
    fputs(",\n  \"backend\": ", f);
    json_str(f, m->backend);
    fputs(",\n  \"device\": ", f);
    json_str(f, m->device);
    fputs(",\n  \"vendor\": ", f);
    json_str(f, m->vendor);
    fprintf(f, ",\n  \"global_mem_bytes\": %llu,\n  \"compute_units\": %u,\n",
            (unsigned long long)m->global_mem_bytes, m->compute_units);
    fputs("  \"date\": ", f);
    json_str(f, m->date);
    fputs(",\n  \"command\": ", f);
    json_str(f, m->command);
    fprintf(f, ",\n  \"x_dtype\": \"%s\",\n  \"y_dtype\": \"%s\",\n"
               "  \"direction\": \"%s\",\n  \"log_softmax\": %s,\n"
               "  \"max_batches\": %d,\n  \"time_stat\": \"%s\",\n"
               "  \"rotate_bytes\": %.0f,\n",
            m->x_dtype, m->y_dtype, m->backward ? "backward" : "forward",
            m->log_softmax ? "true" : "false", m->reps,
            m->stat_min ? "min" : "median", m->rotate_bytes);
    fprintf(f, "  \"bytes_counted\": \"%s\",\n", bytes_counted(m));
    fputs("  \"copy\": \"smax_buffer_copy of half the bytes counted (read, "
          "then written)\",\n  \"worst_rel\": ", f);
    json_str(f, worst_legend(m));
    fputs(",\n", f);
    if (m->have_overhead) {
        fputs("  \"launch_overhead\": {\"shape\": \"1x1\", \"algo\": \"auto\", "
              "\"batched_us\": ", f);
        json_num(f, m->overhead_batched_us);
        fputs(", \"single_us\": ", f);
        json_num(f, m->overhead_single_us);
        fputs(", \"copy_batched_us\": ", f);
        json_num(f, m->copy_overhead_batched_us);
        fputs("},\n", f);
    }
    fputs("  \"results\": [\n", f);
    for (i = 0; i < n; i++) {
        const bench_result *x = &r[i];
        fprintf(f, "    {\"rows\": %lld, \"cols\": %lld, \"algo\": ",
                (long long)x->rows, (long long)x->cols);
        json_str(f, x->algo);
        fputs(", \"ran\": ", f);
        json_str(f, x->ran);
        fputs(", \"status\": ", f);
        json_str(f, bench_status_name(x->status));
        fprintf(f, ", \"group_size\": %u, \"rows_per_group\": %u, "
                   "\"chunks_per_row\": %lld, \"merge_levels\": %u, "
                   "\"vector_width\": %u, \"bad\": %lld, \"worst_rel\": ",
                x->group_size, x->rows_per_group, (long long)x->chunks_per_row,
                x->merge_levels, x->vector_width, (long long)x->bad);
        json_num(f, x->worst_rel);
        fputs(", \"trh\": ", f);
        json_num(f, x->trh);
        fputs(", \"median_us\": ", f);
        json_num(f, x->t.median_us);
        fputs(", \"min_us\": ", f);
        json_num(f, x->t.min_us);
        fputs(", \"max_us\": ", f);
        json_num(f, x->t.max_us);
        fputs(", \"single_us\": ", f);
        json_num(f, x->t.single_us);
        fprintf(f, ", \"launches_per_batch\": %d, \"batches\": %d, "
                   "\"slots\": %d, \"gbps\": ",
                x->t.per_batch, x->t.batches, x->slots);
        json_num(f, x->gbps);
        fputs(", \"pct_copy\": ", f);
        json_num(f, x->pct_copy);
        fputs(", \"auto_vs_best\": ", f);
        json_num(f, x->vs_best);
        fputs(", \"note\": ", f);
        json_str(f, x->note);
        fprintf(f, "}%s\n", i + 1 < n ? "," : "");
    }
    fputs("  ]\n}\n", f);
    if (fclose(f)) {
        fprintf(stderr, "smax-bench: error writing %s\n", path);
        return -1;
    }
    return 0;
}
