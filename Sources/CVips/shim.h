#ifndef BOOKPLATE_CVIPS_SHIM_H
#define BOOKPLATE_CVIPS_SHIM_H

/* libvips is loaded when the first cover needs it, not when Bookplate starts. Linked, it brought
 * some hundred shared libraries (GLib, Cairo, Pango, HDF5, a second ICU…) into every command, and
 * 18 MB of memory with them, covers or not; a shelf without covers never loads it now. So nothing
 * here includes vips' headers or links the library: the few declarations Bookplate uses are
 * written out below from libvips 8's headers (vips/image.h, vips/resample.h, vips/header.h), whose
 * ABI holds across 8.x (soname libvips.so.42), and each function is looked up once, by name.
 *
 * libvips takes its options as NULL-terminated variadic lists, which Swift cannot call. Each
 * wrapper below calls one operation with the fixed options Bookplate's covers need. Every
 * function returns 0 on success and -1 on failure, with the reason in vips' error buffer
 * (bp_error_copy); an image handed back through `out` belongs to the caller (bp_unref), a buffer
 * to bp_free. */

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

typedef struct _VipsImage VipsImage;
typedef struct _VipsObject VipsObject;
typedef struct _VipsArea VipsArea;

/* VipsBandFormat: VIPS_FORMAT_UCHAR. */
#define BP_FORMAT_UCHAR 0
/* VipsAccess: VIPS_ACCESS_SEQUENTIAL. */
#define BP_ACCESS_SEQUENTIAL 1
/* VipsInterpretation: VIPS_INTERPRETATION_sRGB. */
#define BP_INTERPRETATION_SRGB 22
/* VipsSize: VIPS_SIZE_DOWN. */
#define BP_SIZE_DOWN 2
/* VIPS_MAX_COORD. */
#define BP_MAX_COORD 10000000

/* Loader options for every cover: stop at the first decoding warning (a truncated file, data
 * that is not an image) instead of filling the rest of the image with grey or noise. (Sharp, the
 * most used binding of libvips, fails on warnings by default too.) */
#define BP_LOAD_OPTIONS "fail_on=warning"

/* The functions of libvips (and of the GLib it brings) that Bookplate calls. */
struct bp_vips {
    int (*init)(const char *argv0);
    const char *(*version_string)(void);
    void (*concurrency_set)(int concurrency);
    void (*cache_set_max)(int max);
    void (*cache_set_max_mem)(size_t max_mem);
    void (*cache_set_max_files)(int max_files);
    void (*block_untrusted_set)(int state);
    void (*operation_block_set)(const char *name, int state);
    unsigned int (*log_set_handler)(const char *domain, int levels,
        void (*handler)(const char *, int, const char *, void *), void *data);
    char *(*error_buffer_copy)(void);
    const char *(*foreign_find_load_buffer)(const void *data, size_t size);
    VipsImage *(*image_new)(void);
    VipsImage *(*image_new_from_buffer)(const void *buf, size_t len, const char *option_string, ...);
    VipsImage *(*image_new_from_memory_copy)(const void *data, size_t size, int width, int height, int bands,
        int format);
    unsigned long (*image_get_typeof)(const VipsImage *image, const char *name);
    int (*image_get_width)(const VipsImage *image);
    int (*image_get_height)(const VipsImage *image);
    int (*image_get_bands)(const VipsImage *image);
    int (*image_get_format)(const VipsImage *image);
    int (*image_get_orientation_swap)(VipsImage *image);
    int (*image_hasalpha)(VipsImage *image);
    int (*image_remove)(VipsImage *image, const char *name);
    void (*image_set_int)(VipsImage *image, const char *name, int value);
    VipsImage *(*image_copy_memory)(VipsImage *image);
    void *(*image_write_to_memory)(VipsImage *in, size_t *size);
    int (*image_write_to_buffer)(VipsImage *in, const char *suffix, void **buf, size_t *size, ...);
    VipsObject **(*object_local_array)(VipsObject *parent, int n);
    void *(*object_map)(void *(*fn)(void *, void *, void *), void *a, void *b);
    int (*thumbnail_image)(VipsImage *in, VipsImage **out, int width, ...);
    int (*colourspace)(VipsImage *in, VipsImage **out, int space, ...);
    int (*flatten)(VipsImage *in, VipsImage **out, ...);
    int (*extract_band)(VipsImage *in, VipsImage **out, int band, ...);
    int (*cast)(VipsImage *in, VipsImage **out, int format, ...);
    VipsArea *(*array_double_newv)(int n, ...);
    void (*area_unref)(VipsArea *area);
    int (*jpegsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    size_t (*tracked_get_mem)(void);
    size_t (*tracked_get_mem_highwater)(void);
    void *(*object_ref)(void *object);
    void (*object_unref)(void *object);
    void (*free)(void *memory);
};

/* libvips' functions once loaded, or what kept it from loading. (Kept in a function's static: each
 * Swift module that calls these functions compiles its own copy of them, and of this.) `loaded` is
 * set once, for good, and read without the lock; the rest is the lock's. */
struct bp_state {
    struct bp_vips table;
    int loaded;
    /* Whether loading was tried since the process started, or since bp_retry_loading. */
    int tried;
    char unavailable[512];
    pthread_mutex_t lock;
};

static inline struct bp_state *bp_state(void)
{
    static struct bp_state state = { .lock = PTHREAD_MUTEX_INITIALIZER };
    return &state;
}

static void bp_load_library(void)
{
    struct bp_state *state = bp_state();
    struct bp_vips *table = &state->table;
    void *handle = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(state->unavailable, sizeof state->unavailable, "%s", reason ? reason : "libvips.so.42 not found");
        return;
    }
    /* Each name, looked up in libvips and the libraries it loaded (GLib's among them). */
    struct { void **slot; const char *name; } symbols[] = {
        { (void **) &table->init, "vips_init" },
        { (void **) &table->version_string, "vips_version_string" },
        { (void **) &table->concurrency_set, "vips_concurrency_set" },
        { (void **) &table->cache_set_max, "vips_cache_set_max" },
        { (void **) &table->cache_set_max_mem, "vips_cache_set_max_mem" },
        { (void **) &table->cache_set_max_files, "vips_cache_set_max_files" },
        { (void **) &table->block_untrusted_set, "vips_block_untrusted_set" },
        { (void **) &table->operation_block_set, "vips_operation_block_set" },
        { (void **) &table->log_set_handler, "g_log_set_handler" },
        { (void **) &table->error_buffer_copy, "vips_error_buffer_copy" },
        { (void **) &table->foreign_find_load_buffer, "vips_foreign_find_load_buffer" },
        { (void **) &table->image_new, "vips_image_new" },
        { (void **) &table->image_new_from_buffer, "vips_image_new_from_buffer" },
        { (void **) &table->image_new_from_memory_copy, "vips_image_new_from_memory_copy" },
        { (void **) &table->image_get_typeof, "vips_image_get_typeof" },
        { (void **) &table->image_get_width, "vips_image_get_width" },
        { (void **) &table->image_get_height, "vips_image_get_height" },
        { (void **) &table->image_get_bands, "vips_image_get_bands" },
        { (void **) &table->image_get_format, "vips_image_get_format" },
        { (void **) &table->image_get_orientation_swap, "vips_image_get_orientation_swap" },
        { (void **) &table->image_hasalpha, "vips_image_hasalpha" },
        { (void **) &table->image_remove, "vips_image_remove" },
        { (void **) &table->image_set_int, "vips_image_set_int" },
        { (void **) &table->image_copy_memory, "vips_image_copy_memory" },
        { (void **) &table->image_write_to_memory, "vips_image_write_to_memory" },
        { (void **) &table->image_write_to_buffer, "vips_image_write_to_buffer" },
        { (void **) &table->object_local_array, "vips_object_local_array" },
        { (void **) &table->object_map, "vips_object_map" },
        { (void **) &table->thumbnail_image, "vips_thumbnail_image" },
        { (void **) &table->colourspace, "vips_colourspace" },
        { (void **) &table->flatten, "vips_flatten" },
        { (void **) &table->extract_band, "vips_extract_band" },
        { (void **) &table->cast, "vips_cast" },
        { (void **) &table->array_double_newv, "vips_array_double_newv" },
        { (void **) &table->area_unref, "vips_area_unref" },
        { (void **) &table->jpegsave_buffer, "vips_jpegsave_buffer" },
        { (void **) &table->tracked_get_mem, "vips_tracked_get_mem" },
        { (void **) &table->tracked_get_mem_highwater, "vips_tracked_get_mem_highwater" },
        { (void **) &table->object_ref, "g_object_ref" },
        { (void **) &table->object_unref, "g_object_unref" },
        { (void **) &table->free, "g_free" },
    };
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        *symbols[index].slot = dlsym(handle, symbols[index].name);
        if (!*symbols[index].slot) {
            snprintf(state->unavailable, sizeof state->unavailable, "libvips.so.42 has no %s",
                symbols[index].name);
            return;
        }
    }
    __atomic_store_n(&state->loaded, 1, __ATOMIC_RELEASE);
}

/* libvips' functions, loaded on first use (once, whichever thread comes first, the others waiting
 * for it); NULL when it cannot be loaded (bp_unavailable says why), until bp_retry_loading. */
static inline const struct bp_vips *bp_vips(void)
{
    struct bp_state *state = bp_state();
    if (__atomic_load_n(&state->loaded, __ATOMIC_ACQUIRE))
        return &state->table;
    pthread_mutex_lock(&state->lock);
    if (!state->tried) {
        state->tried = 1;
        bp_load_library();
    }
    pthread_mutex_unlock(&state->lock);
    return __atomic_load_n(&state->loaded, __ATOMIC_ACQUIRE) ? &state->table : NULL;
}

/* Lets the next call of bp_vips try to load libvips again when the last try could not: what kept
 * it from loading (a library missing or broken, no memory to map it) may be gone, and a process
 * that builds again and again (`serve`) kept the failure for its life (found by a review). A
 * library that loaded stays loaded. Not while another thread may be asking why it failed. */
static inline void bp_retry_loading(void)
{
    struct bp_state *state = bp_state();
    pthread_mutex_lock(&state->lock);
    if (!__atomic_load_n(&state->loaded, __ATOMIC_ACQUIRE))
        state->tried = 0;
    pthread_mutex_unlock(&state->lock);
}

/* Why libvips could not be loaded, or NULL when it is. */
static inline const char *bp_unavailable(void)
{
    return bp_vips() ? NULL : bp_state()->unavailable;
}

static void bp_ignore_log(const char *domain, int level, const char *message, void *data)
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
 * ones that matter into errors, which are reported. So are GModule's and vips' words while it
 * starts, before vips_init: a plugin it cannot load (vips-heif.so, out of file descriptors) is
 * one of the formats blocked below, and its lines ("GModule-CRITICAL **: g_module_make_resident…",
 * "VIPS-WARNING **: unable to load…") broke the build's one line per message (found by an
 * exploratory session); vips_init's own failure comes back through its error buffer. Call once. */
static inline int bp_start(void)
{
    const struct bp_vips *vips = bp_vips();
    if (!vips)
        return -1;
    /* Every level, fatal and recursive ones too (G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | …RECURSION). */
    vips->log_set_handler("VIPS", ~0, bp_ignore_log, NULL);
    vips->log_set_handler("GModule", ~0, bp_ignore_log, NULL);
    if (vips->init("bookplate"))
        return -1;
    vips->concurrency_set(1);
    vips->cache_set_max(0);
    vips->cache_set_max_mem(0);
    vips->cache_set_max_files(0);
    vips->block_untrusted_set(1);
    vips->operation_block_set("VipsForeignLoad", 1);
    vips->operation_block_set("VipsForeignLoadJpeg", 0);
    vips->operation_block_set("VipsForeignLoadPng", 0);
    vips->operation_block_set("VipsForeignLoadNsgif", 0);
    vips->operation_block_set("VipsForeignLoadWebp", 0);
    return 0;
}

/* The libvips version this process runs, as "8.14.1". */
static inline const char *bp_version(void)
{
    return bp_vips() ? bp_vips()->version_string() : "";
}

/* A copy of vips' error buffer, emptied; free it with bp_free. NULL when there is none. */
static inline char *bp_error_copy(void)
{
    return bp_vips() ? bp_vips()->error_buffer_copy() : NULL;
}

/* Gives up a reference to an image. */
static inline void bp_unref(VipsImage *image)
{
    bp_vips()->object_unref(image);
}

/* Frees a buffer libvips handed back. */
static inline void bp_free(void *memory)
{
    if (memory)
        bp_vips()->free(memory);
}

/* The name of the loader vips would use for these bytes ("VipsForeignLoadJpegBuffer", …), or
 * NULL when none would. */
static inline const char *bp_loader_name(const void *buf, size_t len)
{
    return bp_vips()->foreign_find_load_buffer(buf, len);
}

/* The image, decoded top to bottom as it is read (so a large one is never held whole); only its
 * header is read until its pixels are asked for. */
static inline int bp_load(const void *buf, size_t len, VipsImage **out)
{
    *out = bp_vips()->image_new_from_buffer(buf, len, BP_LOAD_OPTIONS, "access", BP_ACCESS_SEQUENTIAL, NULL);
    return *out ? 0 : -1;
}

/* A JPEG shrunk by `shrink` (1, 2, 4 or 8) in its DCT while it is decoded. */
static inline int bp_load_jpeg(const void *buf, size_t len, VipsImage **out, int shrink)
{
    *out = bp_vips()->image_new_from_buffer(
        buf, len, BP_LOAD_OPTIONS, "access", BP_ACCESS_SEQUENTIAL, "shrink", shrink, NULL);
    return *out ? 0 : -1;
}

/* A WebP scaled by `scale` (at most 1) by libwebp while it is decoded. */
static inline int bp_load_webp(const void *buf, size_t len, VipsImage **out, double scale)
{
    *out = bp_vips()->image_new_from_buffer(
        buf, len, BP_LOAD_OPTIONS, "access", BP_ACCESS_SEQUENTIAL, "scale", scale, NULL);
    return *out ? 0 : -1;
}

/* An image of `bands` bands of unsigned bytes, copied from `data`. */
static inline int bp_from_pixels(const void *data, size_t size, int width, int height, int bands, VipsImage **out)
{
    *out = bp_vips()->image_new_from_memory_copy(data, size, width, height, bands, BP_FORMAT_UCHAR);
    return *out ? 0 : -1;
}

static inline int bp_width(VipsImage *image) { return bp_vips()->image_get_width(image); }
static inline int bp_height(VipsImage *image) { return bp_vips()->image_get_height(image); }
static inline int bp_bands(VipsImage *image) { return bp_vips()->image_get_bands(image); }
/* The bytes of one band of one pixel, from the image's VipsBandFormat (uchar and char 1, ushort
 * and short 2, uint, int and float 4, complex and double 8, dpcomplex 16). */
static inline int bp_sample_bytes(VipsImage *image)
{
    static const int sizes[] = { 1, 1, 2, 2, 4, 4, 4, 8, 8, 16 };
    int format = bp_vips()->image_get_format(image);
    return format >= 0 && format < 10 ? sizes[format] : 16;
}

/* Whether the image's EXIF orientation turns it a quarter turn (width and height swap). */
static inline int bp_orientation_swaps(VipsImage *image)
{
    return bp_vips()->image_get_orientation_swap(image);
}

/* Sets an integer field of the image's metadata ("orientation"). */
static inline void bp_set_int(VipsImage *image, const char *name, int value)
{
    bp_vips()->image_set_int(image, name, value);
}

/* Whether the image carries an ICC profile. */
static inline int bp_has_profile(VipsImage *image)
{
    return bp_vips()->image_get_typeof(image, "icc-profile-data") != 0;
}

/* The image at `width` pixels wide, or as it is when it is narrower (never enlarged), turned
 * upright by its EXIF orientation, in sRGB: through its ICC profile when `has_profile`, else by
 * vips' own conversion (an sRGB profile applied to an image without one shifts saturated colours). */
static inline int bp_thumbnail_image(VipsImage *in, VipsImage **out, int width, int has_profile)
{
    if (has_profile)
        return bp_vips()->thumbnail_image(
            in, out, width, "height", BP_MAX_COORD, "size", BP_SIZE_DOWN, "export_profile", "srgb", NULL);
    return bp_vips()->thumbnail_image(in, out, width, "height", BP_MAX_COORD, "size", BP_SIZE_DOWN, NULL);
}

/* The image as three 8-bit sRGB bands, transparency laid over white, decoded into memory (which
 * is where a damaged file's error shows), with no metadata left to carry along. */
static inline int bp_flatten_to_memory(VipsImage *in, VipsImage **out)
{
    const struct bp_vips *vips = bp_vips();
    VipsImage *context = vips->image_new();
    VipsImage **t = (VipsImage **) vips->object_local_array((VipsObject *) context, 4);
    VipsImage *image = in;
    int failed = 0;

    if (vips->colourspace(image, &t[0], BP_INTERPRETATION_SRGB, NULL)) {
        failed = 1;
    } else {
        image = t[0];
    }
    if (!failed && vips->image_hasalpha(image)) {
        VipsArea *white = vips->array_double_newv(3, 255.0, 255.0, 255.0);
        failed = vips->flatten(image, &t[1], "background", white, "max_alpha", 255.0, NULL);
        vips->area_unref(white);
        if (!failed)
            image = t[1];
    }
    if (!failed && vips->image_get_bands(image) > 3) {
        failed = vips->extract_band(image, &t[2], 0, "n", 3, NULL);
        if (!failed)
            image = t[2];
    }
    if (!failed) {
        failed = vips->cast(image, &t[3], BP_FORMAT_UCHAR, NULL);
        if (!failed)
            image = t[3];
    }
    *out = failed ? NULL : vips->image_copy_memory(image);
    vips->object_unref(context);
    if (!*out)
        return -1;
    vips->image_remove(*out, "icc-profile-data");
    vips->image_remove(*out, "exif-data");
    vips->image_remove(*out, "xmp-data");
    vips->image_remove(*out, "iptc-data");
    vips->image_remove(*out, "orientation");
    return 0;
}

/* A new reference to the same image, for code that hands images on. */
static inline int bp_copy(VipsImage *in, VipsImage **out)
{
    bp_vips()->object_ref(in);
    *out = in;
    return 0;
}

/* The image computed into memory. */
static inline int bp_copy_memory(VipsImage *in, VipsImage **out)
{
    *out = bp_vips()->image_copy_memory(in);
    return *out ? 0 : -1;
}

/* The image's pixels, band by band, row by row, in a buffer for bp_free; NULL on failure. */
static inline void *bp_write_to_memory(VipsImage *in, size_t *size)
{
    return bp_vips()->image_write_to_memory(in, size);
}

/* A baseline JPEG at `quality`, Huffman tables optimised, no metadata. */
static inline int bp_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, int quality)
{
    return bp_vips()->jpegsave_buffer(in, buf, len, "Q", quality, "strip", 1, "optimize_coding", 1,
        "interlace", 0, NULL);
}

/* The image in the format of `suffix`, with options as vips reads them from a file name
 * (".png[compression=9]", ".webp[Q=80]"): how the tests and the benchmark make sample covers. */
static inline int bp_save_buffer(VipsImage *in, const char *suffix, void **buf, size_t *len)
{
    return bp_vips()->image_write_to_buffer(in, suffix, buf, len, NULL);
}

/* The memory libvips holds for pixels now, and the most it has held. */
static inline size_t bp_tracked_memory(void) { return bp_vips()->tracked_get_mem(); }
static inline size_t bp_tracked_memory_highwater(void) { return bp_vips()->tracked_get_mem_highwater(); }

/* How many vips objects (images, operations, buffers) exist in the process now. */
static void *bp_count_object(void *object, void *counter, void *unused)
{
    (void) object;
    (void) unused;
    *(long *) counter += 1;
    return NULL;
}

static inline long bp_live_objects(void)
{
    long count = 0;
    bp_vips()->object_map(bp_count_object, &count, NULL);
    return count;
}

#endif
