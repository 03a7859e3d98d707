#include <pango/pangocairo.h>

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
