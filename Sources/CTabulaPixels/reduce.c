#include "CTabulaPixels.h"

#include <stdlib.h>

// Each reduced pixel is the average of a block of `factor` × `factor` source pixels. The
// block's rows are summed first, in two 16-bit lanes per word (blue and red, then green
// and alpha: at most 32 rows of 255 fit a lane), a loop of plain additions the compiler
// makes vector; then each block's columns are summed per channel and divided, rounding to
// the nearest. A block cut by the right or bottom edge averages the pixels it has.
// `opaqueSource` reads every alpha byte as 255 (an RGB24 surface leaves it undefined).
void tabula_reduce_box(const uint32_t *restrict source, ptrdiff_t sourceStride, int width, int height,
                       int factor, bool opaqueSource, uint32_t *restrict destination, ptrdiff_t destinationStride) {
    if (width <= 0 || height <= 0 || factor < 1 || factor > 32) return;
    uint32_t *even = malloc(sizeof(uint32_t) * 2 * (size_t)width);
    if (!even) return;
    uint32_t *odd = even + width;
    const int reducedWidth = (width + factor - 1) / factor;
    const uint32_t fill = opaqueSource ? 0xFF000000u : 0;
    for (int y0 = 0, row = 0; y0 < height; y0 += factor, row++) {
        const int rows = height - y0 < factor ? height - y0 : factor;
        for (int x = 0; x < width; x++) even[x] = odd[x] = 0;
        for (int y = y0; y < y0 + rows; y++) {
            const uint32_t *s = source + y * sourceStride;
            for (int x = 0; x < width; x++) {
                const uint32_t pixel = s[x] | fill;
                even[x] += pixel & 0x00FF00FFu;
                odd[x] += (pixel >> 8) & 0x00FF00FFu;
            }
        }
        uint32_t *d = destination + row * destinationStride;
        for (int column = 0; column < reducedWidth; column++) {
            const int x0 = column * factor, x1 = x0 + factor < width ? x0 + factor : width;
            uint32_t b = 0, r = 0, g = 0, a = 0;
            for (int x = x0; x < x1; x++) {
                b += even[x] & 0xFFFFu;
                r += even[x] >> 16;
                g += odd[x] & 0xFFFFu;
                a += odd[x] >> 16;
            }
            const uint32_t n = (uint32_t)(rows * (x1 - x0)), half = n / 2;
            d[column] = (a + half) / n << 24 | (r + half) / n << 16 | (g + half) / n << 8 | (b + half) / n;
        }
    }
    free(even);
}
