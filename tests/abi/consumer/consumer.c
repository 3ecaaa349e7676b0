/* consumer.c - builds against an installed smax through smax.h alone. */
#include <smax/smax.h>
#include <stdio.h>

int main(void)
{
    smax_problem p = smax_problem_make(2, 3);
    printf("smax %s (%s): %s\n", smax_version_string(), smax_backend_name(),
           smax_status_string(smax_plan(NULL, &p, NULL)));
    return smax_plan(NULL, &p, NULL) == SMAX_ERROR_INVALID_HANDLE ? 0 : 1;
}
