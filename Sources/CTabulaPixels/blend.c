#include "CTabulaPixels.h"

// Two channels at a time in 32 bits (red and blue, then alpha and green), each scaled by
// `255 − alpha` and divided by 255 with rounding: t = x·a + 128, (t + t / 256) / 256.
__attribute__((target_clones("avx2", "default")))
void tabula_blend_over(uint32_t *restrict destination, ptrdiff_t destinationStride,
                       const uint32_t *restrict source, ptrdiff_t sourceStride,
                       int width, int height) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = destination + y * destinationStride;
        const uint32_t *s = source + y * sourceStride;
        for (int x = 0; x < width; x++) {
            uint32_t over = s[x], under = d[x];
            uint32_t inverse = 255 - (over >> 24);
            uint32_t rb = (under & 0x00FF00FFu) * inverse + 0x00800080u;
            rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
            uint32_t ag = ((under >> 8) & 0x00FF00FFu) * inverse + 0x00800080u;
            ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
            d[x] = over + (rb | ag);
        }
    }
}
