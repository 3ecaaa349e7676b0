/*
 * conf_report.c - counting outcomes. Every failure gets its own line with
 * details; skips are listed with their reason (grouped at the end, so a
 * reason repeated by many cases is printed once with its count); the run
 * ends with exactly "N passed, N failed, N skipped".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "conf.h"

static long n_pass, n_fail, n_skip;
static int verbose_mode;

/* Distinct skip reasons with counts. */
#define MAX_REASONS 64
static struct {
    char reason[256];
    long count;
} reasons[MAX_REASONS];
static int n_reasons;

/* The largest error/threshold ratio per rule, and where it was seen. */
static const char *const rule_name[CONF_RULE_COUNT] = {
    "forward, f32 out", "forward, 16-bit out (ulps)", "backward"};
static double worst_ratio[CONF_RULE_COUNT];
static char worst_where[CONF_RULE_COUNT][256];

static char group_name[64];
static struct timespec group_start;

void conf_report_init(int verbose)
{
    verbose_mode = verbose;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)(t.tv_sec - t0->tv_sec) +
           1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

static void end_group(void)
{
    if (group_name[0])
        printf("  ... %s done in %.1f s\n", group_name,
               seconds_since(&group_start));
}

void conf_group(const char *name)
{
    end_group();
    snprintf(group_name, sizeof group_name, "%s", name);
    timespec_get(&group_start, TIME_UTC);
    printf("[%s] (so far: %ld passed, %ld failed, %ld skipped)\n", name,
           n_pass, n_fail, n_skip);
    fflush(stdout);
}

void conf_pass(const char *fmt, ...)
{
    ++n_pass;
    if (verbose_mode) {
        va_list ap;
        va_start(ap, fmt);
        printf("pass: ");
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
}

void conf_fail(const char *fmt, ...)
{
    ++n_fail;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
}

void conf_skip(const char *reason, const char *fmt, ...)
{
    ++n_skip;
    if (verbose_mode) {
        va_list ap;
        va_start(ap, fmt);
        printf("skip: ");
        vprintf(fmt, ap);
        printf(": %s\n", reason);
        va_end(ap);
    }
    for (int i = 0; i < n_reasons; ++i)
        if (strcmp(reasons[i].reason, reason) == 0) {
            ++reasons[i].count;
            return;
        }
    if (n_reasons < MAX_REASONS) {
        snprintf(reasons[n_reasons].reason, sizeof reasons[0].reason, "%s",
                 reason);
        reasons[n_reasons++].count = 1;
    } else {
        ++reasons[MAX_REASONS - 1].count; /* folded into the last reason */
    }
}

void conf_note_error(conf_rule rule, double ratio, const char *where)
{
    if (ratio > worst_ratio[rule]) {
        worst_ratio[rule] = ratio;
        snprintf(worst_where[rule], sizeof worst_where[rule], "%s", where);
    }
}

long conf_failures(void)
{
    return n_fail;
}

long conf_report_finish(void)
{
    end_group();
    group_name[0] = '\0';
    if (n_reasons > 0) {
        printf("skipped cases by reason:\n");
        for (int i = 0; i < n_reasons; ++i)
            printf("  %ld x skipped: %s\n", reasons[i].count,
                   reasons[i].reason);
    }
    for (int r = 0; r < CONF_RULE_COUNT; ++r)
        if (worst_ratio[r] > 0.0)
            printf("largest error seen, %s: %.3f of the threshold (%s)\n",
                   rule_name[r], worst_ratio[r], worst_where[r]);
    printf("%ld passed, %ld failed, %ld skipped\n", n_pass, n_fail, n_skip);
    fflush(stdout);
    return n_fail;
}
