// libjpeg, with an encoder and a decoder that report errors instead of exiting.
//
// libjpeg's default error handler ends the process; these functions install one that
// jumps back (setjmp/longjmp, which Swift cannot do) and return the library's message.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} tabula_jpeg_error;

static void tabula_jpeg_error_exit(j_common_ptr info) {
    tabula_jpeg_error *error = (tabula_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

// Warnings (a truncated file, say) are not printed; the pixels decoded so far are kept.
static void tabula_jpeg_quiet(j_common_ptr info) { (void)info; }

static inline unsigned tabula_exif_u16(const JOCTET *p, int little) {
    return little ? (unsigned)p[0] | (unsigned)p[1] << 8 : (unsigned)p[0] << 8 | (unsigned)p[1];
}

static inline unsigned tabula_exif_u32(const JOCTET *p, int little) {
    return little ? tabula_exif_u16(p, 1) | tabula_exif_u16(p + 2, 1) << 16
                  : tabula_exif_u16(p, 0) << 16 | tabula_exif_u16(p + 2, 0);
}

// The EXIF orientation (1 to 8, TIFF's numbering) in the saved APP1 markers; 1 without one.
static inline int tabula_exif_orientation(j_decompress_ptr info) {
    for (jpeg_saved_marker_ptr marker = info->marker_list; marker; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1 || marker->data_length < 6 + 8) continue;
        if (memcmp(marker->data, "Exif\0\0", 6) != 0) continue;
        const JOCTET *tiff = marker->data + 6;
        unsigned length = marker->data_length - 6;
        int little = tiff[0] == 'I' && tiff[1] == 'I';
        if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) continue;
        unsigned directory = tabula_exif_u32(tiff + 4, little);
        if (directory > length || length - directory < 2) continue;
        unsigned count = tabula_exif_u16(tiff + directory, little);
        for (unsigned i = 0; i < count; i++) {
            unsigned entry = directory + 2 + i * 12;
            if (entry > length || length - entry < 12) break;
            if (tabula_exif_u16(tiff + entry, little) == 0x0112) {
                unsigned value = tabula_exif_u16(tiff + entry + 8, little);
                return value >= 1 && value <= 8 ? (int)value : 1;
            }
        }
    }
    return 1;
}

// Decodes `size` bytes of JPEG into 8-bit RGB, `*width × 3` bytes a row, in `*rgb` (to be
// freed with free()). Returns 0, or 1 with the reason in `message`. Images wider or taller
// than `maximumSide` pixels, or of more than `maximumPixels` pixels, are refused before any
// pixel is decoded (a header costs a few bytes; the pixels it promises, gigabytes).
static inline int tabula_jpeg_decode(const unsigned char *data, unsigned long size, int maximumSide,
                                     unsigned long long maximumPixels,
                                     unsigned char **rgb, int *width, int *height, int *orientation,
                                     char *message, int messageCapacity) {
    struct jpeg_decompress_struct info;
    tabula_jpeg_error error;
    unsigned char *volatile pixels = NULL;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = tabula_jpeg_error_exit;
    error.base.output_message = tabula_jpeg_quiet;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        snprintf(message, (size_t)messageCapacity, "%s", error.message);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    if (info.image_width > (JDIMENSION)maximumSide || info.image_height > (JDIMENSION)maximumSide) {
        snprintf(message, (size_t)messageCapacity, "the image is %u × %u pixels, more than %d a side",
                 info.image_width, info.image_height, maximumSide);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    if ((unsigned long long)info.image_width * (unsigned long long)info.image_height > maximumPixels) {
        snprintf(message, (size_t)messageCapacity, "the image is %u × %u pixels, more than %llu in all",
                 info.image_width, info.image_height, maximumPixels);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    *orientation = tabula_exif_orientation(&info);
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 3;
    pixels = malloc(stride * info.output_height + 1);
    if (!pixels) {
        snprintf(message, (size_t)messageCapacity, "out of memory");
        jpeg_destroy_decompress(&info);
        return 1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    *rgb = pixels;
    return 0;
}

// Encodes 8-bit RGB rows (`width × 3` bytes each) as a baseline JPEG at `quality` (1 to
// 100) into `*out` (to be freed with free()). Returns 0, or 1 with the reason in `message`.
static inline int tabula_jpeg_encode(const unsigned char *rgb, int width, int height, int quality,
                                     unsigned char **out, unsigned long *outSize,
                                     char *message, int messageCapacity) {
    struct jpeg_compress_struct info;
    tabula_jpeg_error error;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = tabula_jpeg_error_exit;
    error.base.output_message = tabula_jpeg_quiet;
    *out = NULL;
    *outSize = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(*out);
        *out = NULL;
        snprintf(message, (size_t)messageCapacity, "%s", error.message);
        return 1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, out, outSize);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)width * 3;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + stride * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}
