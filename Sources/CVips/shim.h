#ifndef BOOKPLATE_CVIPS_SHIM_H
#define BOOKPLATE_CVIPS_SHIM_H

#include <vips/vips.h>

/* libvips takes its options as NULL-terminated variadic lists, which Swift cannot call. Each
 * wrapper below calls one operation with the fixed options Bookplate's covers need. Every
 * function returns 0 on success and -1 on failure, with the reason in vips' error buffer; an
 * image handed back through `out` belongs to the caller (g_object_unref), a buffer to g_free. */

/* Loader options for every cover: stop at the first decoding warning (a truncated file, data
 * that is not an image) instead of filling the rest of the image with grey or noise. (Sharp, the
 * most used binding of libvips, fails on warnings by default too.) */
#define BP_LOAD_OPTIONS "fail_on=warning"

static void bp_ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data)
{
    (void) domain;
    (void) level;
    (void) message;
    (void) data;
}

/* Starts libvips for a process that thumbnails one cover per thread on several threads at once:
 * one vips worker per call, no operation cache (every cover is seen once), and only the JPEG,
 * PNG, GIF and WebP loaders allowed, so that no other decoder ever sees untrusted bytes. vips'
 * own warnings (libjpeg's "premature end of data", say) are dropped: the options above turn the
 * ones that matter into errors, which are reported. Call once. */
static inline int bp_start(void)
{
    if (vips_init("bookplate"))
        return -1;
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadNsgif", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    g_log_set_handler("VIPS", G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, bp_ignore_log, NULL);
    return 0;
}

/* The name of the loader vips would use for these bytes ("VipsForeignLoadJpegBuffer", …), or
 * NULL when none would. */
static inline const char *bp_loader_name(const void *buf, size_t len)
{
    return vips_foreign_find_load_buffer(buf, len);
}

/* The image, decoded top to bottom as it is read (so a large one is never held whole); only its
 * header is read until its pixels are asked for. */
static inline int bp_load(const void *buf, size_t len, VipsImage **out)
{
    *out = vips_image_new_from_buffer(buf, len, BP_LOAD_OPTIONS, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    return *out ? 0 : -1;
}

/* A JPEG shrunk by `shrink` (1, 2, 4 or 8) in its DCT while it is decoded. */
static inline int bp_load_jpeg(const void *buf, size_t len, VipsImage **out, int shrink)
{
    *out = vips_image_new_from_buffer(
        buf, len, BP_LOAD_OPTIONS, "access", VIPS_ACCESS_SEQUENTIAL, "shrink", shrink, NULL);
    return *out ? 0 : -1;
}

/* A WebP scaled by `scale` (at most 1) by libwebp while it is decoded. */
static inline int bp_load_webp(const void *buf, size_t len, VipsImage **out, double scale)
{
    *out = vips_image_new_from_buffer(
        buf, len, BP_LOAD_OPTIONS, "access", VIPS_ACCESS_SEQUENTIAL, "scale", scale, NULL);
    return *out ? 0 : -1;
}

/* Whether the image carries an ICC profile. */
static inline int bp_has_profile(VipsImage *image)
{
    return vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0;
}

/* The image at `width` pixels wide, or as it is when it is narrower (never enlarged), turned
 * upright by its EXIF orientation, in sRGB: through its ICC profile when `has_profile`, else by
 * vips' own conversion (an sRGB profile applied to an image without one shifts saturated colours). */
static inline int bp_thumbnail_image(VipsImage *in, VipsImage **out, int width, int has_profile)
{
    if (has_profile)
        return vips_thumbnail_image(
            in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, "export_profile", "srgb", NULL);
    return vips_thumbnail_image(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
}

/* The image as three 8-bit sRGB bands, transparency laid over white, decoded into memory (which
 * is where a damaged file's error shows), with no metadata left to carry along. */
static inline int bp_flatten_to_memory(VipsImage *in, VipsImage **out)
{
    VipsImage *context = vips_image_new();
    VipsImage **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(context), 4);
    VipsImage *image = in;
    int failed = 0;

    if (vips_colourspace(image, &t[0], VIPS_INTERPRETATION_sRGB, NULL)) {
        failed = 1;
    } else {
        image = t[0];
    }
    if (!failed && vips_image_hasalpha(image)) {
        VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
        failed = vips_flatten(image, &t[1], "background", white, "max_alpha", 255.0, NULL);
        vips_area_unref(VIPS_AREA(white));
        if (!failed)
            image = t[1];
    }
    if (!failed && vips_image_get_bands(image) > 3) {
        failed = vips_extract_band(image, &t[2], 0, "n", 3, NULL);
        if (!failed)
            image = t[2];
    }
    if (!failed) {
        failed = vips_cast(image, &t[3], VIPS_FORMAT_UCHAR, NULL);
        if (!failed)
            image = t[3];
    }
    *out = failed ? NULL : vips_image_copy_memory(image);
    g_object_unref(context);
    if (!*out)
        return -1;
    vips_image_remove(*out, VIPS_META_ICC_NAME);
    vips_image_remove(*out, VIPS_META_EXIF_NAME);
    vips_image_remove(*out, VIPS_META_XMP_NAME);
    vips_image_remove(*out, VIPS_META_IPTC_NAME);
    vips_image_remove(*out, VIPS_META_ORIENTATION);
    return 0;
}

/* A new reference to the same image, for code that hands images on. */
static inline int bp_copy(VipsImage *in, VipsImage **out)
{
    g_object_ref(in);
    *out = in;
    return 0;
}

/* The image computed into memory. */
static inline int bp_copy_memory(VipsImage *in, VipsImage **out)
{
    *out = vips_image_copy_memory(in);
    return *out ? 0 : -1;
}

/* A baseline JPEG at `quality`, Huffman tables optimised, no metadata. */
static inline int bp_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, int quality)
{
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
        "interlace", FALSE, NULL);
}

/* The image in the format of `suffix`, with options as vips reads them from a file name
 * (".png[compression=9]", ".webp[Q=80]"): how the tests and the benchmark make sample covers. */
static inline int bp_save_buffer(VipsImage *in, const char *suffix, void **buf, size_t *len)
{
    return vips_image_write_to_buffer(in, suffix, buf, len, NULL);
}

#endif
