#include <stdio.h>
#include <math.h>
#include <string.h>
#include <stdint.h>
static float as_f(uint32_t u){float f;memcpy(&f,&u,4);return f;}
static uint32_t as_u(float f){uint32_t u;memcpy(&u,&f,4);return u;}
static float myexp(float d){
    float dc = d < -104.0f ? -104.0f : d;
    dc = dc > 100.0f ? 100.0f : dc;
    float t = dc * 1.44269504088896341f;
    int k = (int)(t + (t < 0.0f ? -0.5f : 0.5f));
    float kf = (float)k;
    float r = dc - kf * 0.693359375f;      /* ln2 hi: 8 bits, k*hi exact */
    r = r - kf * -2.12194440e-4f;          /* ln2 lo */
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    float y = p * (r * r) + r + 1.0f;
    int k1 = k >> 1, k2 = k - k1;
    y = y * as_f((uint32_t)(k1 + 127) << 23) * as_f((uint32_t)(k2 + 127) << 23);
    y = d < -104.0f ? 0.0f : y;
    return d != d ? d : y;
}
int main(){
    double worst=0; float wx=0; double worst_abs_sub=0;
    for (uint32_t u = 0x80000000u; u <= 0xC2D00000u; u++) { /* -0 .. -104 */
        float x = as_f(u);
        double ref = exp((double)x);
        float y = myexp(x);
        if (ref >= 1.1754943508222875e-38) {
            double ulp = ldexp(1.0, ilogb(ref) - 23);
            double e = fabs(y - ref) / ulp;
            if (e > worst) { worst = e; wx = x; }
        } else {
            double e = fabs(y-ref)/ldexp(1.0,-149);
            if (e>worst_abs_sub) worst_abs_sub=e;
        }
        if (u == 0xffffffffu) break;
    }
    printf("worst %.3f ulp at %.9g ; subnormal worst %.3f min-denormals\n", worst, wx, worst_abs_sub);
    printf("%g %g %g %g %g\n", myexp(-INFINITY), myexp(NAN), myexp(0), myexp(80), myexp(100));
    /* positive side */
    worst=0;
    for (uint32_t u = 0; u <= as_u(88.7f); u++) { float x=as_f(u); double ref=exp((double)x); float y=myexp(x);
        double ulp = ldexp(1.0, ilogb(ref) - 23); double e=fabs(y-ref)/ulp; if(e>worst){worst=e;wx=x;} }
    printf("pos worst %.3f ulp at %.9g\n", worst, wx);
}
