/*
 * problem_versions.c - the growth rule of smax_problem (smax.h): a caller
 * compiled against an older, shorter smax_problem keeps working, and the
 * library never reads or writes past the caller's struct_size.
 *
 * A version-1 caller is simulated with a byte image: SMAX_PROBLEM_SIZE_V1
 * bytes of problem followed by canary bytes standing for whatever the
 * caller keeps after its (shorter) struct.
 */
#include <smax/smax.h>

#include <stdio.h>
#include <string.h>

#define CANARY 0xA5

static int failures;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

typedef union v1_image {
    smax_problem full; /* alignment, and room for the canaries */
    unsigned char bytes[sizeof(smax_problem) + 16];
} v1_image;

static int canaries_intact(const v1_image *img)
{
    for (size_t i = SMAX_PROBLEM_SIZE_V1; i < sizeof img->bytes; ++i)
        if (img->bytes[i] != CANARY)
            return 0;
    return 1;
}

/* Device-free: smax_problem_init writes exactly struct_size bytes. */
static void init_writes_only_its_size(void)
{
    v1_image img;
    memset(img.bytes, CANARY, sizeof img.bytes);
    smax_problem_init(&img.full, SMAX_PROBLEM_SIZE_V1, 4, 100);
    expect(canaries_intact(&img),
           "smax_problem_init(V1 size) leaves the bytes past it alone");
    expect(img.full.struct_size == SMAX_PROBLEM_SIZE_V1 && img.full.rows == 4 &&
               img.full.cols == 100 && img.full.y_row_stride == 100 &&
               img.full.scale == 1.0f,
           "smax_problem_init(V1 size) fills the version-1 fields");
    smax_problem p = smax_problem_make(2, 3);
    expect(p.struct_size == sizeof(smax_problem) && p.dy_row_stride == 3,
           "smax_problem_make sets struct_size and the newest fields");
}

/* With a device: a version-1 problem plans, and bad sizes are refused. */
static int with_context(smax_context ctx)
{
    v1_image img;
    memset(img.bytes, CANARY, sizeof img.bytes);
    smax_problem_init(&img.full, SMAX_PROBLEM_SIZE_V1, 4, 100);
    smax_plan_info plan;
    smax_status st = smax_plan(ctx, &img.full, &plan);
    expect(st == SMAX_SUCCESS, "a version-1 problem plans (forward)");
    /* The canaries after it would be a garbage dy_row_stride if read. */
    st = smax_plan_backward(ctx, &img.full, &plan);
    expect(st == SMAX_SUCCESS,
           "a version-1 problem plans (backward: dy stride = y stride)");
    expect(canaries_intact(&img), "planning writes nothing past struct_size");

    smax_problem p = smax_problem_make(4, 100);
    p.struct_size = SMAX_PROBLEM_SIZE_V1 - 1;
    expect(smax_plan(ctx, &p, &plan) == SMAX_ERROR_INVALID_VALUE,
           "struct_size below version 1 is INVALID_VALUE");
    p.struct_size = sizeof(smax_problem) + 8;
    expect(smax_plan(ctx, &p, &plan) == SMAX_ERROR_INVALID_VALUE,
           "struct_size past this library's struct is INVALID_VALUE");
    p.struct_size = 0;
    expect(smax_softmax(ctx, &p, NULL, 0, NULL, 0) == SMAX_ERROR_INVALID_VALUE,
           "an uninitialised (zero) struct_size is INVALID_VALUE");
    return 0;
}

int main(void)
{
    init_writes_only_its_size();
    smax_context ctx = NULL;
    smax_status st = smax_context_create(&ctx);
    if (st == SMAX_ERROR_NO_DEVICE) {
        printf("skipped: the device part (no %s device); %d failures in the "
               "device-free part\n",
               smax_backend_name(), failures);
        return failures ? 1 : 77;
    }
    if (st != SMAX_SUCCESS) {
        printf("FAIL: smax_context_create: %s\n", smax_status_string(st));
        return 1;
    }
    with_context(ctx);
    smax_context_destroy(ctx);
    printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
