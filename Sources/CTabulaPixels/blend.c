#include "CTabulaPixels.h"

// x · a / 255 for the two channels held in the low bytes of each half of `pair`.
static inline uint32_t scale_pair(uint32_t pair, uint32_t a) {
    uint32_t t = pair * a + 0x00800080u;
    return ((t + ((t >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

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
            d[x] = over + (scale_pair(under & 0x00FF00FFu, inverse) | scale_pair((under >> 8) & 0x00FF00FFu, inverse) << 8);
        }
    }
}

__attribute__((target_clones("avx2", "default")))
void tabula_blend_over_alpha(uint32_t *restrict destination, ptrdiff_t destinationStride,
                             const uint32_t *restrict source, ptrdiff_t sourceStride,
                             int width, int height, uint32_t alpha) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = destination + y * destinationStride;
        const uint32_t *s = source + y * sourceStride;
        for (int x = 0; x < width; x++) {
            uint32_t pixel = s[x], under = d[x];
            uint32_t over = scale_pair(pixel & 0x00FF00FFu, alpha) | scale_pair((pixel >> 8) & 0x00FF00FFu, alpha) << 8;
            uint32_t inverse = 255 - (over >> 24);
            d[x] = over + (scale_pair(under & 0x00FF00FFu, inverse) | scale_pair((under >> 8) & 0x00FF00FFu, inverse) << 8);
        }
    }
}
