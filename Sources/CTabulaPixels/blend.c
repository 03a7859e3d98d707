#include "CTabulaPixels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// x · a / 255 for the two channels held in the low bytes of each half of `pair`.
static inline uint32_t scale_pair(uint32_t pair, uint32_t a) {
    uint32_t t = pair * a + 0x00800080u;
    return ((t + ((t >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

// One pixel: `over` (already scaled) plus `under` scaled by 255 − over's alpha.
static inline uint32_t over_pixel(uint32_t over, uint32_t under) {
    uint32_t inverse = 255 - (over >> 24);
    return over + (scale_pair(under & 0x00FF00FFu, inverse) | scale_pair((under >> 8) & 0x00FF00FFu, inverse) << 8);
}

// `pixel` with each channel scaled by alpha / 255.
static inline uint32_t scale_pixel(uint32_t pixel, uint32_t alpha) {
    return scale_pair(pixel & 0x00FF00FFu, alpha) | scale_pair((pixel >> 8) & 0x00FF00FFu, alpha) << 8;
}

// The portable loops: two channels at a time in 32 bits (red and blue, then alpha and
// green), each scaled and divided by 255 with rounding, t = x·a + 128, (t + t / 256) / 256.
static void blend_rows(uint32_t *restrict destination, ptrdiff_t destinationStride,
                       const uint32_t *restrict source, ptrdiff_t sourceStride,
                       int width, int height, uint32_t alpha, uint32_t fill) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = destination + y * destinationStride;
        const uint32_t *s = source + y * sourceStride;
        if (alpha == 255) {
            for (int x = 0; x < width; x++) d[x] = over_pixel(s[x] | fill, d[x]);
        } else {
            for (int x = 0; x < width; x++) d[x] = over_pixel(scale_pixel(s[x] | fill, alpha), d[x]);
        }
    }
}

#if defined(__x86_64__)
// Eight pixels at a time, as sixteen 16-bit lanes twice: blue and red (the even bytes),
// then green and alpha (the odd bytes, shifted down). A product of two channels (at most
// 255 · 255) plus 128 fits a lane, and (t + t / 256) / 256 is (t · 257) / 65536, the high
// half of one multiplication, for every 16-bit t: the rounding is the portable loop's,
// and pixman's, to the bit. Splitting by masks and shifts, not by unpacking bytes, keeps
// the loop off the one port that shuffles.
__attribute__((target("avx2")))
static inline __m256i divide_by_255(__m256i product) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(product, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(257));
}

// Eight pixels `over` (the source, `fill` or-ed in) over eight `under`: the source scaled
// by `alpha` (when it is not 255), plus the destination scaled by 255 − the scaled
// source's alpha.
__attribute__((target("avx2")))
static inline __m256i blend_eight(__m256i over, __m256i under, uint32_t alpha, bool opaqueSource) {
    const __m256i evenBytes = _mm256_set1_epi16(0x00FF);
    __m256i overEven = _mm256_and_si256(over, evenBytes), overOdd = _mm256_srli_epi16(over, 8);
    if (alpha != 255) {
        const __m256i scale = _mm256_set1_epi16((short)alpha);
        overEven = divide_by_255(_mm256_mullo_epi16(overEven, scale));
        overOdd = divide_by_255(_mm256_mullo_epi16(overOdd, scale));
    }
    // Each pixel's alpha (the top lane of its odd half) in both of its lanes; for an
    // opaque source scaled by `alpha` it is `alpha` itself ((255·a + 128)·257 >> 16
    // is a for every byte a), the same for every pixel.
    __m256i inverse = _mm256_set1_epi16((short)(255 - alpha));
    if (!opaqueSource) {
        __m256i overAlpha = _mm256_srli_epi32(overOdd, 16);
        inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_or_si256(overAlpha, _mm256_slli_epi32(overAlpha, 16)));
    }
    __m256i underEven = divide_by_255(_mm256_mullo_epi16(_mm256_and_si256(under, evenBytes), inverse));
    __m256i underOdd = divide_by_255(_mm256_mullo_epi16(_mm256_srli_epi16(under, 8), inverse));
    return _mm256_or_si256(_mm256_add_epi16(overEven, underEven),
                           _mm256_slli_epi16(_mm256_add_epi16(overOdd, underOdd), 8));
}

// A mask of the first `count` (0 to 8) of eight 32-bit lanes.
__attribute__((target("avx2")))
static inline __m256i first_lanes(int count) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// The last pixels of a span [first, width) of a row whose length is not a whole number of
// eights (390 points wide is 48 eights and 6): [x, width), fewer than eight. The span's
// last eight are blended as one more vector, and the lanes before x, done already, are put
// back as they were read. Plain loads and stores: masked ones (vpmaskmovd) are microcoded
// on some processors and took a third of a fading row's time. A span shorter than eight
// goes pixel by pixel.
__attribute__((target("avx2")))
static inline void blend_tail_avx2(uint32_t *restrict d, const uint32_t *restrict s, int first, int x, int width,
                                   uint32_t alpha, uint32_t fill, bool opaqueSource) {
    if (x >= width) return;
    if (width - first < 8) {
        for (; x < width; x++) {
            uint32_t over = s[x] | fill;
            d[x] = over_pixel(alpha == 255 ? over : scale_pixel(over, alpha), d[x]);
        }
        return;
    }
    const int start = width - 8;
    __m256i over = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + start)), _mm256_set1_epi32((int)fill));
    __m256i under = _mm256_loadu_si256((const __m256i *)(d + start));
    __m256i done = first_lanes(x - start);
    _mm256_storeu_si256((__m256i *)(d + start),
                        _mm256_blendv_epi8(blend_eight(over, under, alpha, opaqueSource), under, done));
}

// One row's pixels [0, count) of an opaque source faded over the destination (see
// fade_rows_avx2): sixteen, then eight at a time, then the last few.
__attribute__((target("avx2")))
static inline void fade_span_avx2(uint32_t *restrict d, const uint32_t *restrict s, int count, uint32_t alpha) {
    const __m256i filled = _mm256_set1_epi32((int)0xFF000000u);
    int x = 0;
    for (; x + 16 <= count; x += 16) {
        __m256i over0 = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + x)), filled);
        __m256i over1 = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + x + 8)), filled);
        __m256i under0 = _mm256_loadu_si256((const __m256i *)(d + x));
        __m256i under1 = _mm256_loadu_si256((const __m256i *)(d + x + 8));
        __m256i same = _mm256_and_si256(_mm256_cmpeq_epi32(over0, under0), _mm256_cmpeq_epi32(over1, under1));
        if (_mm256_movemask_epi8(same) == -1) continue;
        _mm256_storeu_si256((__m256i *)(d + x), blend_eight(over0, under0, alpha, true));
        _mm256_storeu_si256((__m256i *)(d + x + 8), blend_eight(over1, under1, alpha, true));
    }
    for (; x + 8 <= count; x += 8) {
        __m256i over = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + x)), filled);
        __m256i under = _mm256_loadu_si256((const __m256i *)(d + x));
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(over, under)) == -1) continue;
        _mm256_storeu_si256((__m256i *)(d + x), blend_eight(over, under, alpha, true));
    }
    blend_tail_avx2(d, s, 0, x, count, alpha, 0xFF000000u, true);
}

// An opaque source at an opacity below 255 (a row fading in or out): every pixel blends,
// so there is no clear or opaque block to look for, only blocks the same above and below
// (a fading row's background over the table's), which stay as they are at any opacity:
// c·a/255 + c·(255 − a)/255, each rounded, is c exactly, as the two fractions add up to
// one and neither is a half (255 is odd). That is most of a row, so the test is the loop's
// whole cost there: one comparison, of sixteen pixels at a time.
__attribute__((target("avx2")))
static void fade_rows_avx2(uint32_t *restrict destination, ptrdiff_t destinationStride,
                           const uint32_t *restrict source, ptrdiff_t sourceStride,
                           int width, int height, uint32_t alpha) {
    for (int y = 0; y < height; y++)
        fade_span_avx2(destination + y * destinationStride, source + y * sourceStride, width, alpha);
}

// Eight pixels of an opaque source faded over an opaque destination, unless their
// colours are all the same already (see fade_rows_avx2): `over` is read as the source
// before its alpha byte is filled in.
__attribute__((target("avx2")))
static inline void fade_eight_rgb_avx2(uint32_t *restrict d, __m256i over, __m256i under, uint32_t alpha) {
    const __m256i colour = _mm256_set1_epi32(0x00FFFFFF);
    if (_mm256_testz_si256(_mm256_xor_si256(over, under), colour)) return;
    over = _mm256_or_si256(over, _mm256_set1_epi32((int)0xFF000000u));
    _mm256_storeu_si256((__m256i *)d, blend_eight(over, under, alpha, true));
}

// An opaque source at an opacity below 255 over a destination whose alpha bytes nobody
// reads (an RGB24 frame): as fade_rows_avx2, with the colours compared without their
// alpha bytes, so that the source's is not filled in first, and thirty-two pixels at a
// time (a fading row is mostly its background over the same background; the test is
// all the loop does there: four loads folded into four exclusive ors, three ors and
// one test for thirty-two pixels).
__attribute__((target("avx2")))
static void fade_rows_rgb_avx2(uint32_t *restrict destination, ptrdiff_t destinationStride,
                               const uint32_t *restrict source, ptrdiff_t sourceStride,
                               int width, int height, uint32_t alpha) {
    const __m256i colour = _mm256_set1_epi32(0x00FFFFFF);
    for (int y = 0; y < height; y++) {
        uint32_t *d = destination + y * destinationStride;
        const uint32_t *s = source + y * sourceStride;
        int x = 0;
        for (; x + 32 <= width; x += 32) {
            __m256i s0 = _mm256_loadu_si256((const __m256i *)(s + x)), s1 = _mm256_loadu_si256((const __m256i *)(s + x + 8));
            __m256i s2 = _mm256_loadu_si256((const __m256i *)(s + x + 16)), s3 = _mm256_loadu_si256((const __m256i *)(s + x + 24));
            __m256i d0 = _mm256_loadu_si256((const __m256i *)(d + x)), d1 = _mm256_loadu_si256((const __m256i *)(d + x + 8));
            __m256i d2 = _mm256_loadu_si256((const __m256i *)(d + x + 16)), d3 = _mm256_loadu_si256((const __m256i *)(d + x + 24));
            __m256i differ = _mm256_or_si256(_mm256_or_si256(_mm256_xor_si256(s0, d0), _mm256_xor_si256(s1, d1)),
                                             _mm256_or_si256(_mm256_xor_si256(s2, d2), _mm256_xor_si256(s3, d3)));
            if (_mm256_testz_si256(differ, colour)) continue;
            fade_eight_rgb_avx2(d + x, s0, d0, alpha);
            fade_eight_rgb_avx2(d + x + 8, s1, d1, alpha);
            fade_eight_rgb_avx2(d + x + 16, s2, d2, alpha);
            fade_eight_rgb_avx2(d + x + 24, s3, d3, alpha);
        }
        for (; x + 8 <= width; x += 8)
            fade_eight_rgb_avx2(d + x, _mm256_loadu_si256((const __m256i *)(s + x)),
                                _mm256_loadu_si256((const __m256i *)(d + x)), alpha);
        blend_tail_avx2(d, s, 0, x, width, alpha, 0xFF000000u, true);
    }
}

__attribute__((target("avx2")))
static void blend_rows_avx2(uint32_t *restrict destination, ptrdiff_t destinationStride,
                            const uint32_t *restrict source, ptrdiff_t sourceStride,
                            int width, int height, uint32_t alpha, uint32_t fill) {
    if (alpha != 255 && fill == 0xFF000000u) {
        fade_rows_avx2(destination, destinationStride, source, sourceStride, width, height, alpha);
        return;
    }
    const __m256i filled = _mm256_set1_epi32((int)fill);
    const __m256i alphaBytes = _mm256_set1_epi32((int)0xFF000000u);
    const bool opaqueSource = fill == 0xFF000000u;
    const int whole = width & ~7;
    for (int y = 0; y < height; y++) {
        uint32_t *d = destination + y * destinationStride;
        const uint32_t *s = source + y * sourceStride;
        for (int x = 0; x < whole; x += 8) {
            __m256i over = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + x)), filled);
            // Eight clear pixels leave the destination as it is (a label's bitmap is
            // mostly clear around its text); eight opaque ones at full alpha replace it.
            // Both are what the arithmetic gives, to the bit.
            if (_mm256_testz_si256(over, over)) continue;
            if (alpha == 255) {
                __m256i opaque = _mm256_cmpeq_epi32(_mm256_and_si256(over, alphaBytes), alphaBytes);
                if (_mm256_movemask_epi8(opaque) == -1) {
                    _mm256_storeu_si256((__m256i *)(d + x), over);
                    continue;
                }
            }
            __m256i under = _mm256_loadu_si256((const __m256i *)(d + x));
            // Opaque pixels the same above and below stay as they are (see fade_rows_avx2);
            // a translucent pixel's inverse is not 255 − a: it blends.
            if (alpha != 255) {
                __m256i same = _mm256_cmpeq_epi32(over, under);
                __m256i opaque = _mm256_cmpeq_epi32(_mm256_and_si256(over, alphaBytes), alphaBytes);
                if (_mm256_movemask_epi8(_mm256_and_si256(same, opaque)) == -1) continue;
            }
            _mm256_storeu_si256((__m256i *)(d + x), blend_eight(over, under, alpha, opaqueSource));
        }
        blend_tail_avx2(d, s, 0, whole, width, alpha, fill, opaqueSource);
    }
}

// Eight opaque source pixels with one premultiplied colour blended over them.
__attribute__((target("avx2")))
static void tint_rows_avx2(uint32_t *restrict destination, ptrdiff_t destinationStride,
                           const uint32_t *restrict source, ptrdiff_t sourceStride,
                           int width, int height, uint32_t tint) {
    const __m256i filled = _mm256_set1_epi32((int)0xFF000000u), over = _mm256_set1_epi32((int)tint);
    const int whole = width & ~7;
    for (int y = 0; y < height; y++) {
        uint32_t *d = destination + y * destinationStride;
        const uint32_t *s = source + y * sourceStride;
        for (int x = 0; x < whole; x += 8) {
            __m256i under = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + x)), filled);
            _mm256_storeu_si256((__m256i *)(d + x), blend_eight(over, under, 255, false));
        }
        if (whole < width && width >= 8) {
            // The last eight again, keeping the lanes done (see blend_tail_avx2).
            const int start = width - 8;
            __m256i under = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + start)), filled);
            __m256i done = first_lanes(whole - start);
            _mm256_storeu_si256((__m256i *)(d + start), _mm256_blendv_epi8(blend_eight(over, under, 255, false),
                                                                          _mm256_loadu_si256((const __m256i *)(d + start)), done));
        } else {
            for (int x = whole; x < width; x++) d[x] = over_pixel(tint, s[x] | 0xFF000000u);
        }
    }
}
#endif

void tabula_copy_tinted(uint32_t *restrict destination, ptrdiff_t destinationStride,
                        const uint32_t *restrict source, ptrdiff_t sourceStride,
                        int width, int height, uint32_t tint) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) {
        tint_rows_avx2(destination, destinationStride, source, sourceStride, width, height, tint);
        return;
    }
#endif
    for (int y = 0; y < height; y++) {
        uint32_t *d = destination + y * destinationStride;
        const uint32_t *s = source + y * sourceStride;
        for (int x = 0; x < width; x++) d[x] = over_pixel(tint, s[x] | 0xFF000000u);
    }
}

static void blend(uint32_t *destination, ptrdiff_t destinationStride,
                  const uint32_t *source, ptrdiff_t sourceStride,
                  int width, int height, uint32_t alpha, uint32_t fill) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) {
        blend_rows_avx2(destination, destinationStride, source, sourceStride, width, height, alpha, fill);
        return;
    }
#endif
    blend_rows(destination, destinationStride, source, sourceStride, width, height, alpha, fill);
}

void tabula_blend_over(uint32_t *restrict destination, ptrdiff_t destinationStride,
                       const uint32_t *restrict source, ptrdiff_t sourceStride,
                       int width, int height) {
    blend(destination, destinationStride, source, sourceStride, width, height, 255, 0);
}

void tabula_blend_over_alpha(uint32_t *restrict destination, ptrdiff_t destinationStride,
                             const uint32_t *restrict source, ptrdiff_t sourceStride,
                             int width, int height, uint32_t alpha, bool opaqueSource) {
    blend(destination, destinationStride, source, sourceStride, width, height, alpha,
          opaqueSource ? 0xFF000000u : 0);
}

void tabula_fade_opaque(uint32_t *restrict destination, ptrdiff_t destinationStride,
                        const uint32_t *restrict source, ptrdiff_t sourceStride,
                        int width, int height, uint32_t alpha) {
#if defined(__x86_64__)
    if (alpha < 255 && __builtin_cpu_supports("avx2")) {
        fade_rows_rgb_avx2(destination, destinationStride, source, sourceStride, width, height, alpha);
        return;
    }
#endif
    blend(destination, destinationStride, source, sourceStride, width, height, alpha, 0xFF000000u);
}

void tabula_blend_over_portable(uint32_t *restrict destination, ptrdiff_t destinationStride,
                                const uint32_t *restrict source, ptrdiff_t sourceStride,
                                int width, int height, uint32_t alpha, bool opaqueSource) {
    blend_rows(destination, destinationStride, source, sourceStride, width, height, alpha,
               opaqueSource ? 0xFF000000u : 0);
}
