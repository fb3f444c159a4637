#include "CICUText.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ulistformatter.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

/* ICU is opened on first use (dlopen), not linked: a service that writes no clock, money,
   duration or list text never maps its libraries, and a process that does not format pays
   nothing at startup for their relocations (1.6 MiB of libicui18n and libicuuc resident in every
   process, seen). ICU's headers still declare every function; its names carry the major version
   (udat_open is udat_open_72), so the symbols looked up are the ones these headers were built
   for. No library, or a symbol missing: every function fails with -1, as on an ICU error. */
#define ICU_FUNCTIONS(X) \
    X(u_strFromUTF8) X(u_strToUTF8) X(udat_close) X(udat_format) \
    X(udat_open) X(udat_toPattern) X(udatpg_close) X(udatpg_getBestPattern) \
    X(udatpg_open) X(ulistfmt_close) X(ulistfmt_format) X(ulistfmt_openForType) \
    X(uloc_forLanguageTag) X(uloc_getKeywordValue) X(uloc_isRightToLeft) X(uloc_setKeywordValue) X(unum_close) \
    X(unum_formatDouble) X(unum_open) X(unum_setTextAttribute) X(unumf_close) X(unumf_closeResult) \
    X(unumf_formatInt) X(unumf_openForSkeletonAndLocale) X(unumf_openResult) X(unumf_resultToString) \
    X(ures_close) X(ures_open)

#define ICU_STRING(name) #name
#define ICU_SYMBOL(name) ICU_STRING(name)   /* expanded first: "udat_open_72" */
#define ICU_LIBRARY "libicui18n.so." ICU_SYMBOL(U_ICU_VERSION_MAJOR_NUM)
#define ICU_POINTER(name) __typeof__(&name) name;

/* Each function ICU's name for it, typed by its declaration; set once, by load_icu. */
static struct {
    ICU_FUNCTIONS(ICU_POINTER)
} icu;
#define ICU(name) (icu.name)

static int icu_loaded;
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

static void load_icu(void)
{
    /* libicui18n brings libicuuc; a handle's lookups search the libraries it loaded too. */
    void *library = dlopen(ICU_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        return;
    }
#define ICU_LOAD(name) \
    if ((icu.name = (__typeof__(&name))dlsym(library, ICU_SYMBOL(name))) == NULL) { \
        return; \
    }
    ICU_FUNCTIONS(ICU_LOAD)
#undef ICU_LOAD
    icu_loaded = 1;
}

/* Whether ICU is there: opened by the first call, from any thread. */
static int icu_ready(void)
{
    return pthread_once(&icu_once, load_icu) == 0 && icu_loaded;
}

#define SLOTS 4
#define KEY_CAPACITY (ROUTEBAR_CLOCK_LOCALE_MAX + 1)
#define PATTERN_CAPACITY 64   /* UTF-16 units; CLDR's "jm" patterns have fewer than 16 */
#define TEXT_CAPACITY 128     /* UTF-16 units; the longest ICU 72 text is well under 64 */
#define SECONDS_PER_DAY 86400

/* One opened formatter and the locale tag, exactly as the caller spelt it, that it was opened for. */
struct slot {
    UDateFormat *format;      /* NULL: empty, and so is every slot after it */
    UNumberFormat *money;     /* the locale's currency format, opened on first use; may be NULL */
    UChar money_currency[4];  /* the ISO 4217 code `money` is set to; "" before the first */
    UNumberFormatter *units[3];  /* hours, minutes, seconds (short width), opened on first use */
    UListFormatter *unit_list;   /* the locale's list of units ("1 h, 18 min"), opened on first use */
    UChar unit_join[16];         /* what joins a duration's units: the narrow list's, without a word */
    int32_t unit_join_length;    /* -1 until worked out */
    UListFormatter *and_list;    /* the locale's "and" list ("A, B und C"), opened on first use */
    char key[KEY_CAPACITY];
    char id[ULOC_FULLNAME_CAPACITY];  /* the ICU locale ID `format` was opened for */
};

/* The calling thread's formatters, the most recently used first. */
struct cache {
    struct slot slots[SLOTS];
    int exit_registered;      /* the thread-exit destructor knows this cache */
};

static _Thread_local struct cache thread_cache;

/* A pthread key only for its destructor: _Thread_local storage has none, so a thread that exits
   would otherwise leave its formatters open. The key's value is the thread's &thread_cache. */
static pthread_key_t exit_key;
static int exit_key_created;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

static const UChar utc_zone[] = { 'E', 't', 'c', '/', 'U', 'T', 'C', 0 };
static const UChar skeleton[] = { 'j', 'm' };

/* Closes what a slot holds and empties it. */
static void close_slot(struct slot *slot)
{
    if (slot->format != NULL) {
        ICU(udat_close)(slot->format);
    }
    if (slot->money != NULL) {
        ICU(unum_close)(slot->money);
    }
    slot->money_currency[0] = 0;
    for (int unit = 0; unit < 3; unit++) {
        if (slot->units[unit] != NULL) {
            ICU(unumf_close)(slot->units[unit]);
        }
        slot->units[unit] = NULL;
    }
    if (slot->unit_list != NULL) {
        ICU(ulistfmt_close)(slot->unit_list);
    }
    if (slot->and_list != NULL) {
        ICU(ulistfmt_close)(slot->and_list);
    }
    slot->format = NULL;
    slot->money = NULL;
    slot->unit_list = NULL;
    slot->and_list = NULL;
    slot->key[0] = '\0';
}

static void close_slots(struct cache *cache)
{
    for (int i = 0; i < SLOTS; i++) {
        close_slot(&cache->slots[i]);
    }
}

static void close_at_thread_exit(void *value)
{
    struct cache *cache = value;
    close_slots(cache);
    cache->exit_registered = 0;
}

static void create_exit_key(void)
{
    exit_key_created = pthread_key_create(&exit_key, close_at_thread_exit) == 0;
}

/* Registers the calling thread's cache for closing at thread exit, once per thread. Without a key
   (pthread_key_create failed), the formatters stay open until process exit: a bounded leak. */
static void register_for_thread_exit(struct cache *cache)
{
    if (cache->exit_registered) {
        return;
    }
    pthread_once(&exit_key_once, create_exit_key);
    if (exit_key_created && pthread_setspecific(exit_key, cache) == 0) {
        cache->exit_registered = 1;
    }
}

/* ICU falls back to the process's default locale (from LANG or LC_ALL: "en_US_POSIX" for C.UTF-8)
   when it has no data for a language, and reads "" ("und", or a tag ICU could not parse) as that
   default too. We want root's data then, whatever the environment: an ID with no language, or
   whose locale data ures_open finds only through the default (U_USING_DEFAULT_WARNING), becomes
   "root" with its "@keywords" kept. Root has no region, and "j" would then take the US's 12-hour
   cycle (from root's likely subtags, en_Latn_US); so root gets hours=h23, CLDR root's own "HH:mm"
   and the world's (001) preference, unless the tag chose a cycle itself (-u-hc-).
   0 on an ICU error. */
static int use_root_when_no_data(char *id, int32_t capacity)
{
    UErrorCode status = U_ZERO_ERROR;
    if (id[0] != '\0' && id[0] != '@' && id[0] != '_') {
        UResourceBundle *bundle = ICU(ures_open)(NULL, id, &status);
        if (bundle != NULL) {
            ICU(ures_close)(bundle);
        }
        if (U_FAILURE(status)) {
            return 0;
        }
        if (status != U_USING_DEFAULT_WARNING) {
            return 1;
        }
        status = U_ZERO_ERROR;
    }

    char keywords[ULOC_FULLNAME_CAPACITY];
    const char *at = strchr(id, '@');
    size_t length = at != NULL ? strlen(at) : 0;
    if (length + 1 > sizeof keywords || (int32_t)length + 5 > capacity) {
        return 0;
    }
    memcpy(keywords, at != NULL ? at : "", length + 1);
    memcpy(id, "root", 4);
    memcpy(id + 4, keywords, length + 1);

    char cycle[16];
    int32_t cycle_length = ICU(uloc_getKeywordValue)(id, "hours", cycle, (int32_t)sizeof cycle, &status);
    if (U_FAILURE(status)) {
        return 0;
    }
    if (cycle_length == 0) {
        status = U_ZERO_ERROR;
        (void)ICU(uloc_setKeywordValue)("hours", "h23", id, capacity, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
            return 0;
        }
    }
    return 1;
}

/* A new formatter for a BCP 47 tag: the locale's best pattern for "jm", in Etc/UTC. NULL on any
   ICU error. ICU's fallback warnings (an unknown language gets root's data) are not errors. */
static UDateFormat *open_format(const char *tag, char id[ULOC_FULLNAME_CAPACITY])
{
    UErrorCode status = U_ZERO_ERROR;
    (void)ICU(uloc_forLanguageTag)(tag, id, ULOC_FULLNAME_CAPACITY, NULL, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || !use_root_when_no_data(id, ULOC_FULLNAME_CAPACITY)) {
        return NULL;
    }
    status = U_ZERO_ERROR;

    UDateTimePatternGenerator *generator = ICU(udatpg_open)(id, &status);
    if (U_FAILURE(status)) {
        if (generator != NULL) {
            ICU(udatpg_close)(generator);
        }
        return NULL;
    }
    UChar pattern[PATTERN_CAPACITY];
    int32_t pattern_length = ICU(udatpg_getBestPattern)(
        generator, skeleton, (int32_t)(sizeof skeleton / sizeof skeleton[0]),
        pattern, PATTERN_CAPACITY, &status);
    ICU(udatpg_close)(generator);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || pattern_length <= 0) {
        return NULL;
    }

    UDateFormat *format = ICU(udat_open)(UDAT_PATTERN, UDAT_PATTERN, id, utc_zone, -1,
                                    pattern, pattern_length, &status);
    if (U_FAILURE(status)) {
        if (format != NULL) {
            ICU(udat_close)(format);
        }
        return NULL;
    }
    return format;
}

/* The calling thread's slot for `tag`, its clock formatter opened on a miss (closing the least
   recently used slot when all are taken). NULL when the tag is NULL or too long, or ICU fails. */
static struct slot *slot_for(const char *tag)
{
    if (tag == NULL || !icu_ready()) {
        return NULL;
    }
    size_t length = 0;
    while (length < KEY_CAPACITY && tag[length] != '\0') {
        length++;
    }
    if (length == KEY_CAPACITY) {
        return NULL;
    }

    struct cache *cache = &thread_cache;
    struct slot *slots = cache->slots;
    for (int i = 0; i < SLOTS && slots[i].format != NULL; i++) {
        /* length + 1 bytes: both hold that many (the NUL included), and the NUL makes it exact. */
        if (memcmp(slots[i].key, tag, length + 1) == 0) {
            if (i > 0) {
                struct slot hit = slots[i];
                memmove(&slots[1], &slots[0], (size_t)i * sizeof slots[0]);
                slots[0] = hit;
            }
            return &slots[0];
        }
    }

    char id[ULOC_FULLNAME_CAPACITY];
    UDateFormat *format = open_format(tag, id);
    if (format == NULL) {
        return NULL;
    }
    register_for_thread_exit(cache);
    close_slot(&slots[SLOTS - 1]);
    memmove(&slots[1], &slots[0], (SLOTS - 1) * sizeof slots[0]);
    memset(&slots[0], 0, sizeof slots[0]);
    slots[0].unit_join_length = -1;
    slots[0].format = format;
    memcpy(slots[0].key, tag, length + 1);
    memcpy(slots[0].id, id, sizeof id);
    return &slots[0];
}

/* The calling thread's clock formatter for `tag`, or NULL. */
static UDateFormat *format_for(const char *tag)
{
    struct slot *slot = slot_for(tag);
    return slot != NULL ? slot->format : NULL;
}

/* The calling thread's currency formatter for `tag` (for the locale ID the clock formatter was
   opened for: root where ICU has no data), opened on first use, set to `code`; NULL when ICU
   fails. The currency is set on the formatter, and kept: unum_formatDoubleCurrency would clone
   the formatter for its currency on every call (some 35 allocations each, seen), where a route's
   fares are all in one currency. */
static UNumberFormat *money_for(const char *tag, const UChar code[4])
{
    struct slot *slot = slot_for(tag);
    if (slot == NULL) {
        return NULL;
    }
    if (slot->money == NULL) {
        UErrorCode status = U_ZERO_ERROR;
        UNumberFormat *money = ICU(unum_open)(UNUM_CURRENCY, NULL, 0, slot->id, NULL, &status);
        if (U_FAILURE(status)) {
            if (money != NULL) {
                ICU(unum_close)(money);
            }
            return NULL;
        }
        slot->money = money;
        slot->money_currency[0] = 0;
    }
    if (memcmp(slot->money_currency, code, 4 * sizeof(UChar)) != 0) {
        UErrorCode status = U_ZERO_ERROR;
        ICU(unum_setTextAttribute)(slot->money, UNUM_CURRENCY_CODE, code, 3, &status);
        if (U_FAILURE(status)) {
            slot->money_currency[0] = 0;
            return NULL;
        }
        memcpy(slot->money_currency, code, 4 * sizeof(UChar));
    }
    return slot->money;
}

/* UTF-16 to NUL-terminated UTF-8 in out; its length, or -1 (out "") when it does not fit. */
static int32_t write_utf8(const UChar *text, int32_t length, char *out, int32_t capacity)
{
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    ICU(u_strToUTF8)(out, capacity, &written, text, length, &status);
    /* Exactly `capacity` bytes is U_STRING_NOT_TERMINATED_WARNING: no room for the NUL. */
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || written >= capacity) {
        out[0] = '\0';
        return -1;
    }
    return written;
}

int32_t routebar_clock_text(const char *locale, int64_t local_seconds, char *out, int32_t capacity)
{
    if (out == NULL || capacity <= 0) {
        return -1;
    }
    out[0] = '\0';
    UDateFormat *format = format_for(locale);
    if (format == NULL) {
        return -1;
    }

    /* The time of day only, on 1970-01-01: no value is out of ICU's calendar range, and in
       Etc/UTC the day's date cannot change what an hour-and-minute pattern shows. */
    int64_t second_of_day = local_seconds % SECONDS_PER_DAY;
    if (second_of_day < 0) {
        second_of_day += SECONDS_PER_DAY;
    }

    UChar text[TEXT_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ICU(udat_format)(format, (UDate)second_of_day * 1000.0, text, TEXT_CAPACITY, NULL, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        return -1;
    }
    return write_utf8(text, length, out, capacity);
}

int32_t routebar_clock_pattern(const char *locale, char *out, int32_t capacity)
{
    if (out == NULL || capacity <= 0) {
        return -1;
    }
    out[0] = '\0';
    UDateFormat *format = format_for(locale);
    if (format == NULL) {
        return -1;
    }

    UChar pattern[PATTERN_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ICU(udat_toPattern)(format, 0, pattern, PATTERN_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        return -1;
    }
    return write_utf8(pattern, length, out, capacity);
}

void routebar_icu_release(void)
{
    struct cache *cache = &thread_cache;
    close_slots(cache);
    if (cache->exit_registered) {
        (void)pthread_setspecific(exit_key, NULL);
        cache->exit_registered = 0;
    }
}

int32_t routebar_money_text(const char *locale, double amount, const char *currency, char *out, int32_t capacity)
{
    if (out == NULL || capacity <= 0) {
        return -1;
    }
    out[0] = '\0';
    if (currency == NULL) {
        return -1;
    }
    UChar code[4];
    for (int i = 0; i < 3; i++) {
        char c = currency[i];
        if (c < 'A' || c > 'Z') {
            return -1;
        }
        code[i] = (UChar)c;
    }
    if (currency[3] != '\0') {
        return -1;
    }
    code[3] = 0;
    UNumberFormat *money = money_for(locale, code);
    if (money == NULL) {
        return -1;
    }

    UChar text[TEXT_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ICU(unum_formatDouble)(money, amount, text, TEXT_CAPACITY, NULL, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        return -1;
    }
    return write_utf8(text, length, out, capacity);
}

/* CLDR's short unit names, as number skeletons: "13 min", "13 Min.", "13 分". */
static const char *const unit_skeletons[3] = {
    "measure-unit/duration-hour unit-width-short",
    "measure-unit/duration-minute unit-width-short",
    "measure-unit/duration-second unit-width-short",
};

/* The slot's formatter for unit 0 (hours), 1 (minutes) or 2 (seconds), opened on first use. */
static UNumberFormatter *unit_for(struct slot *slot, int unit)
{
    if (slot->units[unit] == NULL) {
        UChar skeleton_text[64];
        int32_t length = 0;
        for (const char *c = unit_skeletons[unit]; *c != '\0' && length < 63; c++) {
            skeleton_text[length++] = (UChar)*c;
        }
        UErrorCode status = U_ZERO_ERROR;
        UNumberFormatter *formatter = ICU(unumf_openForSkeletonAndLocale)(skeleton_text, length, slot->id, &status);
        if (U_FAILURE(status)) {
            if (formatter != NULL) {
                ICU(unumf_close)(formatter);
            }
            return NULL;
        }
        slot->units[unit] = formatter;
    }
    return slot->units[unit];
}

/* Opens the slot's list formatter `*list` of `type` and `width` if it is not open yet; 0 when
   ICU fails (and `*list` stays NULL). */
static int open_list(struct slot *slot, UListFormatter **list, UListFormatterType type, UListFormatterWidth width)
{
    if (*list != NULL) {
        return 1;
    }
    UErrorCode status = U_ZERO_ERROR;
    UListFormatter *opened = ICU(ulistfmt_openForType)(slot->id, type, width, &status);
    if (U_FAILURE(status)) {
        if (opened != NULL) {
            ICU(ulistfmt_close)(opened);
        }
        return 0;
    }
    *list = opened;
    return 1;
}

int32_t routebar_duration_text(const char *locale, int32_t hours, int32_t minutes, int32_t seconds, char *out, int32_t capacity)
{
    if (out == NULL || capacity <= 0) {
        return -1;
    }
    out[0] = '\0';
    if (hours < 0 || minutes < 0 || seconds < 0) {
        return -1;
    }
    struct slot *slot = slot_for(locale);
    if (slot == NULL) {
        return -1;
    }
    /* The narrow list of units joins them as transit apps write a duration, without a
       conjunction: "3 h 38 min" in French (the short list says "3 h et 38 min"), "3 t 38 min"
       in Finnish, "3 h 38 min" in Spanish, Italian and Portuguese. */
    if (!open_list(slot, &slot->unit_list, ULISTFMT_TYPE_UNITS, ULISTFMT_WIDTH_NARROW)) {
        return -1;
    }

    /* Each part that is not 0 (minutes alone when all are), then the locale's list of them. */
    const int32_t values[3] = { hours, minutes, seconds };
    UChar parts[3][TEXT_CAPACITY];
    const UChar *strings[3];
    int32_t lengths[3];
    int32_t count = 0;
    UErrorCode status = U_ZERO_ERROR;
    UFormattedNumber *result = ICU(unumf_openResult)(&status);
    if (U_FAILURE(status)) {
        return -1;
    }
    for (int unit = 0; unit < 3; unit++) {
        int all_zero = hours == 0 && minutes == 0 && seconds == 0;
        if (values[unit] == 0 && !(all_zero && unit == 1)) {
            continue;
        }
        UNumberFormatter *formatter = unit_for(slot, unit);
        if (formatter == NULL) {
            ICU(unumf_closeResult)(result);
            return -1;
        }
        ICU(unumf_formatInt)(formatter, values[unit], result, &status);
        int32_t length = ICU(unumf_resultToString)(result, parts[count], TEXT_CAPACITY, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
            ICU(unumf_closeResult)(result);
            return -1;
        }
        strings[count] = parts[count];
        lengths[count] = length;
        count++;
    }
    ICU(unumf_closeResult)(result);

    /* What stands between two units, from the narrow list ("A B", "A, B", "AB"); where that
       is a word ("A و B" in Arabic, "A og B" in Danish, "A i B" in Polish), a space: a duration
       says its units without a conjunction. */
    if (slot->unit_join_length < 0) {
        const UChar a[1] = { 'A' }, b[1] = { 'B' };
        const UChar *probe[2] = { a, b };
        const int32_t probe_lengths[2] = { 1, 1 };
        UChar joined[32];
        int32_t joined_length = ICU(ulistfmt_format)(slot->unit_list, probe, probe_lengths, 2, joined, 32, &status);
        if (U_FAILURE(status) || joined_length < 2 || joined_length - 2 > 15 || joined[0] != 'A' || joined[joined_length - 1] != 'B') {
            return -1;
        }
        int32_t join_length = joined_length - 2;
        int has_word = 0;
        for (int32_t at = 0; at < join_length; at++) {
            UChar c = joined[at + 1];
            /* Spaces, commas and the like are no word; any letter of any script is. */
            if (!(c == 0x20 || c == 0xA0 || c == 0x202F || c == 0x2009 || c == ',' || c == 0x060C || c == 0x3001)) {
                has_word = 1;
            }
            slot->unit_join[at] = c;
        }
        if (has_word) {
            slot->unit_join[0] = 0x20;
            join_length = 1;
        }
        slot->unit_join_length = join_length;
    }
    /* Three parts of at most TEXT_CAPACITY each, and two joins of at most 15. */
    UChar text[TEXT_CAPACITY * 3 + 32];
    int32_t length = 0;
    /* A join of nothing suits units written without a space ("3小时38分钟"); units with one
       ("3 小時", "38 分鐘") keep a space between them too. */
    int spaced = 0;
    for (int32_t at = 0; at < lengths[0]; at++) {
        spaced = spaced || strings[0][at] == 0x20 || strings[0][at] == 0xA0 || strings[0][at] == 0x202F;
    }
    for (int32_t part = 0; part < count; part++) {
        if (part > 0) {
            for (int32_t at = 0; at < slot->unit_join_length; at++) {
                text[length++] = slot->unit_join[at];
            }
            if (slot->unit_join_length == 0 && spaced) {
                text[length++] = 0x20;
            }
        }
        for (int32_t at = 0; at < lengths[part]; at++) {
            text[length++] = strings[part][at];
        }
    }
    /* Japanese transit apps write "6分", "3時間38分": CLDR's short units put a space before the
       unit ("6 分"), which Japanese text does not have. */
    if (strncmp(slot->id, "ja", 2) == 0 && (slot->id[2] == '\0' || slot->id[2] == '_' || slot->id[2] == '@')) {
        int32_t kept = 0;
        for (int32_t at = 0; at < length; at++) {
            if (text[at] != 0x20 && text[at] != 0xA0 && text[at] != 0x202F) {
                text[kept++] = text[at];
            }
        }
        length = kept;
    }
    return write_utf8(text, length, out, capacity);
}

int32_t routebar_list_text(const char *locale, const char *const *items, int32_t count, char *out, int32_t capacity)
{
    if (out == NULL || capacity <= 0) {
        return -1;
    }
    out[0] = '\0';
    if (items == NULL || count < 0) {
        return -1;
    }
    struct slot *slot = slot_for(locale);
    if (slot == NULL) {
        return -1;
    }
    if (!open_list(slot, &slot->and_list, ULISTFMT_TYPE_AND, ULISTFMT_WIDTH_WIDE)) {
        return -1;
    }

    /* The items in UTF-16, in one buffer: a UTF-8 byte is at most one UTF-16 unit. */
    size_t total = 0;
    for (int32_t i = 0; i < count; i++) {
        if (items[i] == NULL) {
            return -1;
        }
        total += strlen(items[i]) + 1;
    }
    /* The list adds its separators and words ("und"): a few units between items. */
    size_t text_capacity = total + (size_t)count * 32 + 64;
    if (text_capacity > INT32_MAX / 4) {
        return -1;
    }
    UChar *units = malloc(total * sizeof(UChar) + 1);
    const UChar **strings = malloc((size_t)count * sizeof *strings + 1);
    int32_t *lengths = malloc((size_t)count * sizeof *lengths + 1);
    UChar *text = malloc(text_capacity * sizeof(UChar));
    int32_t result = -1;
    if (units != NULL && strings != NULL && lengths != NULL && text != NULL) {
        UErrorCode status = U_ZERO_ERROR;
        UChar *next = units;
        for (int32_t i = 0; i < count && U_SUCCESS(status); i++) {
            int32_t length = 0;
            int32_t room = (int32_t)(total - (size_t)(next - units));
            ICU(u_strFromUTF8)(next, room, &length, items[i], -1, &status);
            strings[i] = next;
            lengths[i] = length;
            next += length;
        }
        if (U_SUCCESS(status)) {
            int32_t length = ICU(ulistfmt_format)(slot->and_list, strings, lengths, count, text, (int32_t)text_capacity, &status);
            if (U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING) {
                result = write_utf8(text, length, out, capacity);
            }
        }
    }
    free(units);
    free((void *)strings);
    free(lengths);
    free(text);
    return result;
}

int32_t routebar_is_right_to_left(const char *locale)
{
    if (locale == NULL || !icu_ready()) {
        return -1;
    }
    char id[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    (void)ICU(uloc_forLanguageTag)(locale, id, ULOC_FULLNAME_CAPACITY, NULL, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        return -1;
    }
    /* The tag's script, else its language's and region's likely script (CLDR's likely
       subtags): "pa-PK" is Arabic script, "syr" Syriac, "ar-u-nu-latn" still Arabic. */
    return ICU(uloc_isRightToLeft)(id) ? 1 : 0;
}
