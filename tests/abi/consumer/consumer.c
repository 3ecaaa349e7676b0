/* consumer.c - builds against an installed smax through its headers
 * alone (those without a vendor's headers), as C and as C++ (the consumer
 * project compiles it both ways). With --context it also creates a
 * context: 0 and the backend's name where one runs, 77 and the reason
 * where none finds a device. */
#include <smax/smax.h>
#include <smax/smax_shard.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    smax_problem p = smax_problem_make(2, 3);
    printf("smax %s (%s): %s\n", smax_version_string(), smax_backend_name(),
           smax_status_string(smax_plan(NULL, &p, NULL)));
    if (smax_plan(NULL, &p, NULL) != SMAX_ERROR_INVALID_HANDLE)
        return 1;
    if (argc < 2 || strcmp(argv[1], "--context") != 0)
        return 0;
    smax_context ctx;
    const smax_status st = smax_context_create(&ctx);
    if (st == SMAX_ERROR_NO_DEVICE) {
        printf("no device: %s\n", smax_last_error(NULL));
        return 77;
    }
    if (st != SMAX_SUCCESS) {
        printf("%s: %s\n", smax_status_string(st), smax_last_error(NULL));
        return 1;
    }
    printf("backend %s\n", smax_backend_name());
    smax_context_destroy(ctx);
    return 0;
}
