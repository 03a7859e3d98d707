#ifndef CTABULA_PIXELS_H
#define CTABULA_PIXELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Blends premultiplied ARGB32 pixels over others, row by row: each destination pixel
/// becomes `source + destination × (255 − source alpha) / 255`, per channel, rounded
/// exactly as pixman's OVER does, so the result is the same as Cairo's to the bit.
///
/// `destination` and `source` point at the top-left pixels of the area; the strides are
/// in pixels. The areas must not overlap. Valid premultiplied sources (no channel above
/// its alpha) cannot overflow a channel.
///
/// On a processor with AVX2 eight pixels are blended at a time, each channel in a 16-bit
/// lane; elsewhere a portable loop gives the same pixels.
void tabula_blend_over(uint32_t *destination, ptrdiff_t destinationStride,
                       const uint32_t *source, ptrdiff_t sourceStride,
                       int width, int height);

/// Like `tabula_blend_over`, with every source pixel first scaled by `alpha` (0…255, as
/// pixman scales by a solid mask): what Cairo does to paint a group, or a bitmap, with an
/// opacity. With `opaqueSource`, the source's alpha byte is ignored and read as 255 (an
/// `RGB24` surface).
void tabula_blend_over_alpha(uint32_t *destination, ptrdiff_t destinationStride,
                             const uint32_t *source, ptrdiff_t sourceStride,
                             int width, int height, uint32_t alpha, bool opaqueSource);

/// `tabula_blend_over_alpha` without the vector loop, for tests to compare the two.
void tabula_blend_over_portable(uint32_t *destination, ptrdiff_t destinationStride,
                                const uint32_t *source, ptrdiff_t sourceStride,
                                int width, int height, uint32_t alpha, bool opaqueSource);

#endif
