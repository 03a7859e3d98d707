#include <pango/pangocairo.h>
#include <hb.h>
#include <hb-ot.h>

/// The direction of the first strong character of `text` (UTF-8, `length` bytes or -1
/// for NUL-terminated): the base direction Pango gives a paragraph with auto-direction.
/// Pango 1.44 deprecated `pango_find_base_dir` without a replacement (GTK keeps a copy
/// of it); it still answers exactly as the layout decides, so it is called here, where
/// the deprecation does not become a warning in every Swift build.
static inline PangoDirection tabula_find_base_dir(const char *text, int length) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    return pango_find_base_dir(text, length);
#pragma clang diagnostic pop
}

/// The OpenType metric `tag` (cap height, x-height) of `font` as a fraction of its em, or
/// 0 when the font does not set it: read from a HarfBuzz font at the face's own units.
static inline double tabula_ot_metric_per_em(PangoFont *font, hb_ot_metrics_tag_t tag) {
    hb_font_t *pango_hb = pango_font_get_hb_font(font);
    if (!pango_hb) return 0;
    hb_face_t *face = hb_font_get_face(pango_hb);
    unsigned int upem = hb_face_get_upem(face);
    if (upem == 0) return 0;
    hb_font_t *unscaled = hb_font_create(face);
    hb_position_t position = 0;
    hb_bool_t found = hb_ot_metrics_get_position(unscaled, tag, &position);
    hb_font_destroy(unscaled);
    return found ? (double)position / (double)upem : 0;
}
