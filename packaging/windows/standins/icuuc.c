/* Test-harness stand-in for Windows' icuuc.dll (never shipped, never collected by PyInstaller).
 *
 * Windows 10 1903 and later carry ICU in system32, and Qt 6's Qt6Core.dll imports 20 of its
 * ucnv_* functions (QStringConverter's codecs beyond UTF-8/UTF-16/Latin-1). Wine 8 has no
 * icuuc.dll, so Qt6Core.dll does not load at all. This stand-in exports those 20 functions
 * and behaves as an ICU that knows no converter: ucnv_open fails with U_FILE_ACCESS_ERROR and
 * no converter is listed, so Qt keeps to its built-in codecs. The kiosk needs none other.
 */
#include <stddef.h>
#include <stdint.h>

typedef int UErrorCode;
typedef uint16_t UChar;
typedef struct UConverter UConverter;
typedef void (*UConverterCallback)(void);

#define U_FILE_ACCESS_ERROR 4
#define API __declspec(dllexport)

static void fail(UErrorCode *err) {
    if (err != NULL && *err <= 0) {
        *err = U_FILE_ACCESS_ERROR;
    }
}

API UConverter *ucnv_open(const char *name, UErrorCode *err) {
    (void)name;
    fail(err);
    return NULL;
}
API void ucnv_close(UConverter *cnv) { (void)cnv; }
API void ucnv_reset(UConverter *cnv) { (void)cnv; }
API int8_t ucnv_getMaxCharSize(const UConverter *cnv) {
    (void)cnv;
    return 1;
}
API const char *ucnv_getName(const UConverter *cnv, UErrorCode *err) {
    (void)cnv;
    fail(err);
    return NULL;
}
API int32_t ucnv_countAvailable(void) { return 0; }
API const char *ucnv_getAvailableName(int32_t n) {
    (void)n;
    return NULL;
}
API const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *err) {
    (void)name;
    (void)standard;
    fail(err);
    return NULL;
}
API void ucnv_getToUCallBack(const UConverter *cnv, UConverterCallback *action,
                             const void **context) {
    (void)cnv;
    *action = NULL;
    *context = NULL;
}
API void ucnv_getFromUCallBack(const UConverter *cnv, UConverterCallback *action,
                               const void **context) {
    (void)cnv;
    *action = NULL;
    *context = NULL;
}
API void ucnv_setToUCallBack(UConverter *cnv, UConverterCallback action, const void *context,
                             UConverterCallback *old_action, const void **old_context,
                             UErrorCode *err) {
    (void)cnv;
    (void)action;
    (void)context;
    (void)old_action;
    (void)old_context;
    fail(err);
}
API void ucnv_setFromUCallBack(UConverter *cnv, UConverterCallback action, const void *context,
                               UConverterCallback *old_action, const void **old_context,
                               UErrorCode *err) {
    (void)cnv;
    (void)action;
    (void)context;
    (void)old_action;
    (void)old_context;
    fail(err);
}
API void ucnv_toUnicode(UConverter *cnv, UChar **target, const UChar *target_limit,
                        const char **source, const char *source_limit, int32_t *offsets,
                        int8_t flush, UErrorCode *err) {
    (void)cnv;
    (void)target;
    (void)target_limit;
    (void)source;
    (void)source_limit;
    (void)offsets;
    (void)flush;
    fail(err);
}
API void ucnv_fromUnicode(UConverter *cnv, char **target, const char *target_limit,
                          const UChar **source, const UChar *source_limit, int32_t *offsets,
                          int8_t flush, UErrorCode *err) {
    (void)cnv;
    (void)target;
    (void)target_limit;
    (void)source;
    (void)source_limit;
    (void)offsets;
    (void)flush;
    fail(err);
}
API int32_t ucnv_toUCountPending(const UConverter *cnv, UErrorCode *err) {
    (void)cnv;
    fail(err);
    return 0;
}
API int32_t ucnv_fromUCountPending(const UConverter *cnv, UErrorCode *err) {
    (void)cnv;
    fail(err);
    return 0;
}
/* Callbacks Qt passes to ucnv_set*UCallBack; with no converter they are never called. */
API void ucnv_cbToUWriteUChars(void *args, const UChar *source, int32_t length, int32_t offset,
                               UErrorCode *err) {
    (void)args;
    (void)source;
    (void)length;
    (void)offset;
    fail(err);
}
API void ucnv_cbFromUWriteUChars(void *args, const UChar **source, const UChar *source_limit,
                                 int32_t offset, UErrorCode *err) {
    (void)args;
    (void)source;
    (void)source_limit;
    (void)offset;
    fail(err);
}
API void UCNV_FROM_U_CALLBACK_SUBSTITUTE(const void *context, void *args, const UChar *units,
                                         int32_t length, int32_t code_point, int reason,
                                         UErrorCode *err) {
    (void)context;
    (void)args;
    (void)units;
    (void)length;
    (void)code_point;
    (void)reason;
    fail(err);
}
API void UCNV_TO_U_CALLBACK_SUBSTITUTE(const void *context, void *args, const char *units,
                                       int32_t length, int reason, UErrorCode *err) {
    (void)context;
    (void)args;
    (void)units;
    (void)length;
    (void)reason;
    fail(err);
}
