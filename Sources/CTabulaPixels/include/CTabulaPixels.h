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

/// `tabula_blend_over_alpha` for an opaque source (an `RGB24` surface: its alpha bytes are
/// read as 255) over an opaque destination, whose alpha bytes nobody reads (an `RGB24`
/// frame): the same colour channels. A destination pixel may be left as it is, alpha byte
/// and all, where it already has the source pixel's colour (blending gives that colour
/// back at any opacity). A fading row over the table, every frame of the fade.
void tabula_fade_opaque(uint32_t *destination, ptrdiff_t destinationStride,
                        const uint32_t *source, ptrdiff_t sourceStride,
                        int width, int height, uint32_t alpha);

/// `tabula_blend_over_alpha` without the vector loop, for tests to compare the two.
void tabula_blend_over_portable(uint32_t *destination, ptrdiff_t destinationStride,
                                const uint32_t *source, ptrdiff_t sourceStride,
                                int width, int height, uint32_t alpha, bool opaqueSource);

/// Copies opaque pixels (their alpha bytes read as 255) with the premultiplied colour
/// `tint` blended over each: `tint + source × (255 − tint alpha) / 255`, rounded as
/// `tabula_blend_over` does. In one pass, the same pixels as copying the source and then
/// filling its area with `tint` (the dimming of the screen behind an alert).
void tabula_copy_tinted(uint32_t *destination, ptrdiff_t destinationStride,
                        const uint32_t *source, ptrdiff_t sourceStride,
                        int width, int height, uint32_t tint);

/// Reduces premultiplied ARGB32 pixels `factor` times in each direction (1…32): each
/// pixel of `destination`, which holds ⌈width / factor⌉ × ⌈height / factor⌉ pixels, is
/// the average of a `factor` × `factor` block of `source`, rounded to the nearest; a block
/// cut by the right or bottom edge averages the pixels it holds. Strides are in pixels.
/// An average of premultiplied pixels is premultiplied (no channel exceeds its alpha).
/// With `opaqueSource`, every source alpha byte is read as 255 (an `RGB24` surface).
void tabula_reduce_box(const uint32_t *source, ptrdiff_t sourceStride, int width, int height,
                       int factor, bool opaqueSource, uint32_t *destination, ptrdiff_t destinationStride);

#endif
