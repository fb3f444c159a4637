#include "CICUText.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uenum.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ulistformatter.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumsys.h>
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
    X(uloc_forLanguageTag) X(uloc_getKeywordValue) X(uloc_isRightToLeft) X(unum_close) \
    X(unum_formatDouble) X(unum_open) X(unum_setTextAttribute) X(unumf_close) X(unumf_closeResult) \
    X(unumf_formatInt) X(unumf_openForSkeletonAndLocale) X(unumf_openResult) X(unumf_resultToString) \
    X(ures_close) X(ures_openDirect) X(ures_getByKey) X(ures_hasNext) X(ures_getNextResource) \
    X(ures_getKey) X(ures_getType) X(ures_getString) X(ures_getStringByIndex) X(ures_getStringByKey) X(ures_getSize) \
    X(uloc_addLikelySubtags) X(uloc_countAvailable) X(uloc_getAvailable) X(uloc_getLanguage) X(uloc_getScript) \
    X(uloc_getCountry) X(uloc_getBaseName) X(unumsys_openAvailableNames) X(uenum_next) X(uenum_close) X(u_UCharsToChars)

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

/* How many shared objects no formatter uses (a locale's symbols, plural rules, calendars, number
   formats) ICU keeps for a later formatter: ICU's own default is 1,000, about 11 MiB once 20,000
   distinct tags have passed; a hundred hold the dozen locales a server meets most and leave the
   growth at about 4 MiB (Tests/Integration/test_locale_bounds.py). Objects a formatter still
   holds are never evicted, so this costs only a new locale's rebuild. */
#define ICU_UNUSED_SHARED_OBJECTS 100

/* ICU's C API has no way to bound its cache of shared objects; the C++ class that holds them
   exports its setter (ICU's own unifiedcachetest calls it), looked up by its mangled name, which
   carries ICU's major version like every other symbol here. Itanium's C++ ABI passes the object
   first and a reference as a pointer. Missing (another ICU): ICU's default bound, which
   LocaleText.keptBytes would then not cover; the locale scenario of `make load` would say so. */
#define ICU_CXX_NAMESPACE "6icu_" ICU_SYMBOL(U_ICU_VERSION_MAJOR_NUM)
_Static_assert(U_ICU_VERSION_MAJOR_NUM >= 10 && U_ICU_VERSION_MAJOR_NUM < 100, "the mangled namespace is 6 characters: icu_NN");
static void bound_shared_objects(void *library)
{
    typedef void *(*cache_instance)(UErrorCode *status);
    typedef void (*cache_eviction_policy)(void *cache, int32_t unused, int32_t percentage_of_in_use, UErrorCode *status);
    cache_instance instance = (cache_instance)dlsym(library, "_ZN" ICU_CXX_NAMESPACE "12UnifiedCache11getInstanceER10UErrorCode");
    cache_eviction_policy policy =
        (cache_eviction_policy)dlsym(library, "_ZN" ICU_CXX_NAMESPACE "12UnifiedCache17setEvictionPolicyEiiR10UErrorCode");
    if (instance == NULL || policy == NULL) {
        return;
    }
    UErrorCode status = U_ZERO_ERROR;
    void *cache = instance(&status);
    if (U_SUCCESS(status) && cache != NULL) {
        policy(cache, ICU_UNUSED_SHARED_OBJECTS, 0, &status);
    }
}

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
    bound_shared_objects(library);
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
    char id[ULOC_FULLNAME_CAPACITY];  /* the ICU locale ID of money, units and lists */
    char clock_id[ULOC_FULLNAME_CAPACITY];  /* the one `format` was opened for: with the hours */
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

/* ---- Which locale ID reaches ICU -------------------------------------------------------------

   ICU keeps state for every locale ID it is asked about, for good: a cache entry per bundle name
   it looked up (about 0.5 KB, never evicted) and shared objects per full ID (evicted past
   ICU_UNUSED_SHARED_OBJECTS unused). A client names any tag it likes, so a tag is never handed
   to ICU as it came: it is resolved to an ID from a bounded set that formats every text
   identically:

   - the data locale: the most specific of ICU's installed locales (uloc_getAvailable, 805 in
     ICU 72) that ICU's own fallback would load for the tag: "de-AT" is de_AT, "en-ZZ" en,
     "pt-FR" pt_PT (CLDR's parent locales), "zh-TW" zh_Hant_TW (a region that implies another
     script, as ICU's alias bundles say), "ar-Latn" none: root, as ICU falls back;
   - the region, where it is not the data locale's own, only for the hour cycle it implies
     (CLDR's timeData): it is replaced by the first region with the same preference, so
     "de-US", "de-CA" and "de-AU" are all de_AG; a region timeData does not name is ZZ;
   - the keywords the service formats with, hours (h11, h12, h23, h24) and numbers (a numbering
     system ICU has); any other value is dropped.

   Each part comes from a table read once from ICU's own data; nothing here opens a bundle per
   tag but the one probe for an alias (a region whose likely script is not the language's), of
   which CLDR has a fixed, small number. Tests/Integration's locale scenario measures the bound. */

#define TIME_DATA_MAX 400
#define LOCALE_ID_MAX 64

struct name_pair {
    char name[LOCALE_ID_MAX];
    char value[LOCALE_ID_MAX];
};

static struct {
    const char **available;          /* ICU's installed locale IDs, sorted */
    int32_t available_count;
    struct name_pair *time_data;     /* timeData key ("DE", "ca_ES") -> "preferred|allowed ..." */
    int32_t time_data_count;
    struct name_pair *parents;       /* CLDR parentLocales: child -> parent, sorted by child */
    int32_t parent_count;
    struct name_pair *language_aliases; /* metadata alias/language: "tl" -> "fil", sorted */
    int32_t language_alias_count;
    char (*numbering_systems)[16];   /* sorted */
    int32_t numbering_system_count;
} locale_data;

static pthread_once_t locale_data_once = PTHREAD_ONCE_INIT;
static int locale_data_ready;

static int compare_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static int compare_pointed(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int is_available(const char *id)
{
    return bsearch(&id, locale_data.available, (size_t)locale_data.available_count, sizeof(const char *), compare_pointed) != NULL;
}

static const char *pair_value(const struct name_pair *pairs, int32_t count, const char *name)
{
    const struct name_pair *found = bsearch(name, pairs, (size_t)count, sizeof *pairs, compare_names);
    return found != NULL ? found->value : NULL;
}

/* A resource string as ASCII into out (capacity bytes); 0 when it is not ASCII or too long. */
static int ascii_of(const UChar *text, int32_t length, char *out, size_t capacity)
{
    if (text == NULL || length < 0 || (size_t)length >= capacity) {
        return 0;
    }
    for (int32_t at = 0; at < length; at++) {
        if (text[at] > 0x7E) {
            return 0;
        }
        out[at] = (char)text[at];
    }
    out[length] = '\0';
    return 1;
}

/* Appends src to dst (capacity bytes in all); 0 when it does not fit. */
static int append(char *dst, size_t capacity, const char *src)
{
    size_t used = strlen(dst), more = strlen(src);
    if (used + more + 1 > capacity) {
        return 0;
    }
    memcpy(dst + used, src, more + 1);
    return 1;
}

static void read_time_data(UResourceBundle *supplemental)
{
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *table = ICU(ures_getByKey)(supplemental, "timeData", NULL, &status);
    int32_t size = U_SUCCESS(status) ? ICU(ures_getSize)(table) : 0;
    locale_data.time_data = calloc((size_t)(size > 0 ? size : 1), sizeof(struct name_pair));
    while (locale_data.time_data != NULL && U_SUCCESS(status) && ICU(ures_hasNext)(table)
           && locale_data.time_data_count < size) {
        UResourceBundle *entry = ICU(ures_getNextResource)(table, NULL, &status);
        struct name_pair *pair = &locale_data.time_data[locale_data.time_data_count];
        UErrorCode entry_status = U_ZERO_ERROR;
        int32_t length = 0;
        const char *key = entry != NULL ? ICU(ures_getKey)(entry) : NULL;
        const UChar *preferred = ICU(ures_getStringByKey)(entry, "preferred", &length, &entry_status);
        char part[16];
        int ok = key != NULL && strlen(key) < sizeof pair->name && ascii_of(preferred, length, part, sizeof part);
        if (ok) {
            strcpy(pair->name, key);
            strcpy(pair->value, part);
            ok = append(pair->value, sizeof pair->value, "|");
            UResourceBundle *allowed = ICU(ures_getByKey)(entry, "allowed", NULL, &entry_status);
            int32_t count = U_SUCCESS(entry_status) ? ICU(ures_getSize)(allowed) : 0;
            for (int32_t index = 0; ok && index < count; index++) {
                const UChar *format = ICU(ures_getStringByIndex)(allowed, index, &length, &entry_status);
                ok = U_SUCCESS(entry_status) && ascii_of(format, length, part, sizeof part)
                    && append(pair->value, sizeof pair->value, part) && append(pair->value, sizeof pair->value, " ");
            }
            if (allowed != NULL) {
                ICU(ures_close)(allowed);
            }
        }
        if (ok) {
            locale_data.time_data_count++;
        }
        if (entry != NULL) {
            ICU(ures_close)(entry);
        }
    }
    if (table != NULL) {
        ICU(ures_close)(table);
    }
    /* Sorted by key for lookups; the first region of a preference is then the alphabetical first. */
    qsort(locale_data.time_data, (size_t)locale_data.time_data_count, sizeof(struct name_pair), compare_names);
}

static void read_parents(UResourceBundle *supplemental)
{
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *table = ICU(ures_getByKey)(supplemental, "parentLocales", NULL, &status);
    int32_t capacity = 0;
    while (U_SUCCESS(status) && ICU(ures_hasNext)(table)) {
        UResourceBundle *children = ICU(ures_getNextResource)(table, NULL, &status);
        if (children == NULL) {
            break;
        }
        const char *parent = ICU(ures_getKey)(children);
        int32_t count = ICU(ures_getSize)(children);
        for (int32_t index = 0; parent != NULL && index < count; index++) {
            UErrorCode child_status = U_ZERO_ERROR;
            int32_t length = 0;
            const UChar *child = ICU(ures_getType)(children) == URES_STRING
                ? ICU(ures_getString)(children, &length, &child_status)
                : ICU(ures_getStringByIndex)(children, index, &length, &child_status);
            if (locale_data.parent_count == capacity) {
                capacity = capacity * 2 + 64;
                struct name_pair *grown = realloc(locale_data.parents, (size_t)capacity * sizeof(struct name_pair));
                if (grown == NULL) {
                    break;
                }
                locale_data.parents = grown;
            }
            struct name_pair *pair = &locale_data.parents[locale_data.parent_count];
            if (U_SUCCESS(child_status) && strlen(parent) < sizeof pair->value
                && ascii_of(child, length, pair->name, sizeof pair->name)) {
                strcpy(pair->value, parent);
                locale_data.parent_count++;
            }
        }
        ICU(ures_close)(children);
    }
    if (table != NULL) {
        ICU(ures_close)(table);
    }
    qsort(locale_data.parents, (size_t)locale_data.parent_count, sizeof(struct name_pair), compare_names);
}

static void read_language_aliases(void)
{
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *metadata = ICU(ures_openDirect)(NULL, "metadata", &status);
    UResourceBundle *alias = ICU(ures_getByKey)(metadata, "alias", NULL, &status);
    UResourceBundle *languages = ICU(ures_getByKey)(alias, "language", NULL, &status);
    int32_t size = U_SUCCESS(status) ? ICU(ures_getSize)(languages) : 0;
    locale_data.language_aliases = calloc((size_t)(size > 0 ? size : 1), sizeof(struct name_pair));
    while (locale_data.language_aliases != NULL && U_SUCCESS(status) && ICU(ures_hasNext)(languages)
           && locale_data.language_alias_count < size) {
        UResourceBundle *entry = ICU(ures_getNextResource)(languages, NULL, &status);
        UErrorCode entry_status = U_ZERO_ERROR;
        int32_t length = 0;
        const char *key = entry != NULL ? ICU(ures_getKey)(entry) : NULL;
        const UChar *replacement = ICU(ures_getStringByKey)(entry, "replacement", &length, &entry_status);
        struct name_pair *pair = &locale_data.language_aliases[locale_data.language_alias_count];
        /* Plain language codes only ("tl", "sh"), not "zh_guoyu" or "sgn_BE_FR". */
        if (key != NULL && strchr(key, '_') == NULL && strlen(key) < sizeof pair->name && U_SUCCESS(entry_status)
            && ascii_of(replacement, length, pair->value, sizeof pair->value)) {
            strcpy(pair->name, key);
            locale_data.language_alias_count++;
        }
        if (entry != NULL) {
            ICU(ures_close)(entry);
        }
    }
    if (languages != NULL) {
        ICU(ures_close)(languages);
    }
    if (alias != NULL) {
        ICU(ures_close)(alias);
    }
    if (metadata != NULL) {
        ICU(ures_close)(metadata);
    }
    qsort(locale_data.language_aliases, (size_t)locale_data.language_alias_count, sizeof(struct name_pair), compare_names);
}

static void read_numbering_systems(void)
{
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *names = ICU(unumsys_openAvailableNames)(&status);
    int32_t capacity = 0;
    const char *name;
    while (U_SUCCESS(status) && (name = ICU(uenum_next)(names, NULL, &status)) != NULL) {
        if (locale_data.numbering_system_count == capacity) {
            capacity = capacity * 2 + 32;
            char (*grown)[16] = realloc(locale_data.numbering_systems, (size_t)capacity * 16);
            if (grown == NULL) {
                break;
            }
            locale_data.numbering_systems = grown;
        }
        if (strlen(name) < 16) {
            strcpy(locale_data.numbering_systems[locale_data.numbering_system_count++], name);
        }
    }
    if (names != NULL) {
        ICU(uenum_close)(names);
    }
    qsort(locale_data.numbering_systems, (size_t)locale_data.numbering_system_count, 16, compare_names);
}

static void read_locale_data(void)
{
    int32_t count = ICU(uloc_countAvailable)();
    locale_data.available = calloc((size_t)(count > 0 ? count : 1), sizeof(const char *));
    if (locale_data.available == NULL) {
        return;
    }
    for (int32_t index = 0; index < count; index++) {
        const char *id = ICU(uloc_getAvailable)(index);
        if (id != NULL) {
            locale_data.available[locale_data.available_count++] = id;
        }
    }
    qsort(locale_data.available, (size_t)locale_data.available_count, sizeof(const char *), compare_pointed);

    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *supplemental = ICU(ures_openDirect)(NULL, "supplementalData", &status);
    if (U_SUCCESS(status)) {
        read_time_data(supplemental);
        read_parents(supplemental);
    }
    if (supplemental != NULL) {
        ICU(ures_close)(supplemental);
    }
    read_language_aliases();
    read_numbering_systems();
    locale_data_ready = locale_data.available_count > 0 && locale_data.time_data_count > 0;
}

/* The parts of an ICU locale ID: language, script, region; 0 when ICU cannot read them. */
struct locale_parts {
    char language[16];
    char script[8];
    char region[8];
};

static int parts_of(const char *id, struct locale_parts *parts)
{
    UErrorCode status = U_ZERO_ERROR;
    ICU(uloc_getLanguage)(id, parts->language, (int32_t)sizeof parts->language, &status);
    ICU(uloc_getScript)(id, parts->script, (int32_t)sizeof parts->script, &status);
    ICU(uloc_getCountry)(id, parts->region, (int32_t)sizeof parts->region, &status);
    return U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING;
}

/* The script CLDR's likely subtags give `id` ("sr_ME": Latn, "sr": Cyrl), "" when none. */
static void likely_script(const char *id, char script[8])
{
    char maximal[LOCALE_ID_MAX];
    UErrorCode status = U_ZERO_ERROR;
    script[0] = '\0';
    ICU(uloc_addLikelySubtags)(id, maximal, (int32_t)sizeof maximal, &status);
    if (U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING) {
        ICU(uloc_getScript)(maximal, script, 8, &status);
    }
}

/* The first of ICU's installed locales in `id`'s fallback chain (parent locales, then
   truncation), into data; 0 when the chain reaches root. */
static int installed_in_chain(const char *id, char data[LOCALE_ID_MAX])
{
    char current[LOCALE_ID_MAX];
    if (strlen(id) >= sizeof current) {
        return 0;
    }
    strcpy(current, id);
    for (int step = 0; step < 8 && current[0] != '\0'; step++) {
        if (is_available(current)) {
            strcpy(data, current);
            return 1;
        }
        const char *parent = pair_value(locale_data.parents, locale_data.parent_count, current);
        if (parent != NULL) {
            if (strcmp(parent, "root") == 0) {
                return 0;
            }
            strcpy(current, parent);
            continue;
        }
        char *last = strrchr(current, '_');
        if (last == NULL) {
            return 0;
        }
        /* CLDR: a script that is not the language's own falls back to root, not the language
           ("ar_Latn" is not Arabic). */
        *last = '\0';
        struct locale_parts parts;
        if (strchr(current, '_') == NULL && parts_of(id, &parts) && parts.script[0] != '\0') {
            char own[8];
            likely_script(parts.language, own);
            if (strcmp(own, parts.script) != 0) {
                return 0;
            }
        }
    }
    return 0;
}

/* The region standing for `region` in the clock of `data` (an installed locale without a
   region): `region` itself where timeData names the language with it ("ca_ES"); else the
   alphabetically first region with the same preferred hour cycle (ICU's "j" reads nothing else
   of timeData) that has no installed locale with `data`, no timeData entry with the language, and
   the same likely script ("zh_BN" would be Traditional); ZZ (the world's preference) for a
   region timeData does not name. */
static const char *clock_region(const char *language, const char *data, const char *region)
{
    char key[LOCALE_ID_MAX];
    snprintf(key, sizeof key, "%s_%s", language, region);
    if (pair_value(locale_data.time_data, locale_data.time_data_count, key) != NULL) {
        return region;
    }
    const char *preference = pair_value(locale_data.time_data, locale_data.time_data_count, region);
    if (preference == NULL) {
        return "ZZ";
    }
    char script[8];
    likely_script(data, script);
    for (int32_t index = 0; index < locale_data.time_data_count; index++) {
        const struct name_pair *entry = &locale_data.time_data[index];
        if (strlen(entry->name) != 2 || entry->value[0] != preference[0]) {
            continue;
        }
        snprintf(key, sizeof key, "%s_%s", language, entry->name);
        if (pair_value(locale_data.time_data, locale_data.time_data_count, key) != NULL) {
            continue;
        }
        snprintf(key, sizeof key, "%s_%s", data, entry->name);
        char stand_in_script[8];
        likely_script(key, stand_in_script);
        if (is_available(key) || strcmp(script, stand_in_script) != 0) {
            continue;
        }
        return entry->name;
    }
    return region;
}

/* `keyword`'s value in `id` if the service formats with it and ICU knows it, into value (16
   bytes); "" otherwise. */
static void known_keyword(const char *id, const char *keyword, char value[16])
{
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ICU(uloc_getKeywordValue)(id, keyword, value, 16, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length <= 0) {
        value[0] = '\0';
        return;
    }
    int known = strcmp(keyword, "hours") == 0
        ? strcmp(value, "h11") == 0 || strcmp(value, "h12") == 0 || strcmp(value, "h23") == 0 || strcmp(value, "h24") == 0
        : bsearch(value, locale_data.numbering_systems, (size_t)locale_data.numbering_system_count, 16, compare_names) != NULL;
    if (!known) {
        value[0] = '\0';
    }
}

/* The ICU locale IDs that format `tag` (BCP 47), from the bounded set above: id for money,
   units and lists (the data locale and numbers), clock_id for the clock (with the region that
   stands for the tag's hour cycle, and hours); 0 on an ICU error. */
static int resolve_locale(const char *tag, char id[ULOC_FULLNAME_CAPACITY], char clock_id[ULOC_FULLNAME_CAPACITY],
                          char pattern_id[ULOC_FULLNAME_CAPACITY])
{
    char raw[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    (void)ICU(uloc_forLanguageTag)(tag, raw, ULOC_FULLNAME_CAPACITY, NULL, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING
        || pthread_once(&locale_data_once, read_locale_data) != 0 || !locale_data_ready) {
        return 0;
    }
    char hours[16], numbers[16];
    known_keyword(raw, "hours", hours);
    known_keyword(raw, "numbers", numbers);

    struct locale_parts tag_parts;
    char base[LOCALE_ID_MAX];
    ICU(uloc_getBaseName)(raw, base, (int32_t)sizeof base, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || !parts_of(base, &tag_parts)) {
        return 0;
    }
    /* A language ICU knows by another code ("tl" is fil, "sh" sr_Latn), as its alias bundles. */
    const char *alias = is_available(tag_parts.language) ? NULL
        : pair_value(locale_data.language_aliases, locale_data.language_alias_count, tag_parts.language);
    if (alias != NULL && strchr(alias, '_') == NULL) {
        strcpy(tag_parts.language, alias);
    } else if (alias != NULL && tag_parts.script[0] == '\0') {
        struct locale_parts aliased;
        if (parts_of(alias, &aliased)) {
            strcpy(tag_parts.language, aliased.language);
            strcpy(tag_parts.script, aliased.script);
        }
    }
    snprintf(base, sizeof base, "%s%s%s%s%s", tag_parts.language, tag_parts.script[0] ? "_" : "", tag_parts.script,
             tag_parts.region[0] ? "_" : "", tag_parts.region);
    if (tag_parts.script[0] != '\0' && !is_available(base)) {
        /* The script the language and region would have anyway says nothing more: "en_Latn_GB"
           is en_GB, as ICU reads it; "zh_Hans_TW" keeps its script. */
        char plain[LOCALE_ID_MAX], own[8];
        snprintf(plain, sizeof plain, "%s%s%s", tag_parts.language, tag_parts.region[0] ? "_" : "", tag_parts.region);
        likely_script(plain, own);
        if (strcmp(own, tag_parts.script) == 0) {
            tag_parts.script[0] = '\0';
        }
    }
    snprintf(base, sizeof base, "%s%s%s%s%s", tag_parts.language, tag_parts.script[0] ? "_" : "", tag_parts.script,
             tag_parts.region[0] ? "_" : "", tag_parts.region);

    char data[LOCALE_ID_MAX] = "";
    int found = tag_parts.language[0] != '\0' && installed_in_chain(base, data);
    if (tag_parts.language[0] != '\0' && tag_parts.script[0] == '\0' && tag_parts.region[0] != '\0') {
        /* A region whose likely script is not the language's reads the tag in that script, as
           ICU's alias bundles do ("zh_TW" is zh_Hant_TW, "sr_ME" sr_Latn_ME, "az_IR" az_Arab_IR,
           for which ICU has no data: root). */
        char own[8], likely[8];
        likely_script(tag_parts.language, own);
        likely_script(base, likely);
        if (likely[0] != '\0' && strcmp(own, likely) != 0) {
            char scripted[LOCALE_ID_MAX];
            snprintf(scripted, sizeof scripted, "%s_%s_%s", tag_parts.language, likely, tag_parts.region);
            found = installed_in_chain(scripted, data);
        }
    }
    char numbers_keyword[32] = "", keywords[48] = "";
    if (numbers[0] != '\0') {
        snprintf(numbers_keyword, sizeof numbers_keyword, "numbers=%s", numbers);
    }
    if (!found) {
        /* ICU's root, with the world's 24 hours unless the tag chose a cycle (root's likely
           region would otherwise be the US's). */
        snprintf(keywords, sizeof keywords, "@hours=%s%s%s", hours[0] ? hours : "h23", numbers[0] ? ";" : "", numbers_keyword);
        snprintf(id, ULOC_FULLNAME_CAPACITY, "root%s%s", numbers[0] ? "@" : "", numbers_keyword);
        snprintf(clock_id, ULOC_FULLNAME_CAPACITY, "root%s", keywords);
        snprintf(pattern_id, ULOC_FULLNAME_CAPACITY, "root@hours=%s", hours[0] ? hours : "h23");
        return 1;
    }
    snprintf(id, ULOC_FULLNAME_CAPACITY, "%s%s%s", data, numbers[0] ? "@" : "", numbers_keyword);
    if (hours[0] != '\0' || numbers[0] != '\0') {
        snprintf(keywords, sizeof keywords, "@%s%s%s%s%s", hours[0] ? "hours=" : "", hours, hours[0] && numbers[0] ? ";" : "",
                 numbers_keyword, "");
    }
    struct locale_parts data_parts;
    if (!parts_of(data, &data_parts)) {
        return 0;
    }
    char clock_base[LOCALE_ID_MAX];
    if (tag_parts.region[0] != '\0' && data_parts.region[0] != '\0' && strcmp(tag_parts.region, data_parts.region) != 0) {
        /* A parent locale of another region ("pt_FR" reads pt_PT): the tag's own, which ICU
           resolves the same way; CLDR lists a fixed number of them. */
        strcpy(clock_base, base);
    } else {
        const char *region = tag_parts.region[0] != '\0' && data_parts.region[0] == '\0'
            ? clock_region(data_parts.language, data, tag_parts.region) : "";
        snprintf(clock_base, sizeof clock_base, "%s%s%s", data, region[0] ? "_" : "", region);
    }
    snprintf(clock_id, ULOC_FULLNAME_CAPACITY, "%s%s", clock_base, keywords);
    snprintf(pattern_id, ULOC_FULLNAME_CAPACITY, "%s%s%s", clock_base, hours[0] ? "@hours=" : "", hours);
    return 1;
}

/* The "jm" patterns of the IDs asked about lately, for every thread: making one opens a pattern
   generator, which builds ICU's whole set of date formats for the locale (about 1 ms, most of a new
   tag's cost), while the pattern itself is a few characters. Keyed by resolve_locale's pattern ID
   (the clock's ID without the digits, which change no pattern), so "de-AE-u-nu-arab" and "de-AE"
   make one pattern; the least recently used is replaced. */
#define PATTERNS 64

static struct {
    struct {
        char id[ULOC_FULLNAME_CAPACITY];
        UChar pattern[PATTERN_CAPACITY];
        int32_t length;
    } entries[PATTERNS];           /* the most recently used first */
    int count;
    pthread_mutex_t lock;
} patterns = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* `pattern_id`'s "jm" pattern into pattern; its length, or -1 on any ICU error. */
static int32_t clock_pattern_for(const char *pattern_id, UChar pattern[PATTERN_CAPACITY])
{
    pthread_mutex_lock(&patterns.lock);
    for (int i = 0; i < patterns.count; i++) {
        if (strcmp(patterns.entries[i].id, pattern_id) == 0) {
            int32_t length = patterns.entries[i].length;
            memcpy(pattern, patterns.entries[i].pattern, sizeof patterns.entries[i].pattern);
            if (i > 0) {
                __typeof__(patterns.entries[0]) hit = patterns.entries[i];
                memmove(&patterns.entries[1], &patterns.entries[0], (size_t)i * sizeof patterns.entries[0]);
                patterns.entries[0] = hit;
            }
            pthread_mutex_unlock(&patterns.lock);
            return length;
        }
    }
    pthread_mutex_unlock(&patterns.lock);

    /* Made outside the lock: another thread asking for the same ID meanwhile makes it too. */
    static const UChar skeleton[] = { 'j', 'm' };
    UErrorCode status = U_ZERO_ERROR;
    UDateTimePatternGenerator *generator = ICU(udatpg_open)(pattern_id, &status);
    if (U_FAILURE(status)) {
        if (generator != NULL) {
            ICU(udatpg_close)(generator);
        }
        return -1;
    }
    int32_t length = ICU(udatpg_getBestPattern)(generator, skeleton, 2, pattern, PATTERN_CAPACITY, &status);
    ICU(udatpg_close)(generator);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length <= 0) {
        return -1;
    }

    pthread_mutex_lock(&patterns.lock);
    if (patterns.count < PATTERNS) {
        patterns.count++;
    }
    memmove(&patterns.entries[1], &patterns.entries[0], (size_t)(patterns.count - 1) * sizeof patterns.entries[0]);
    strcpy(patterns.entries[0].id, pattern_id);
    memcpy(patterns.entries[0].pattern, pattern, sizeof patterns.entries[0].pattern);
    patterns.entries[0].length = length;
    pthread_mutex_unlock(&patterns.lock);
    return length;
}

/* A new formatter for resolve_locale's clock ID: its pattern ID's best pattern for "jm", in
   Etc/UTC. NULL on any ICU error. ICU's fallback warnings are not errors. */
static UDateFormat *open_format(const char *clock_id, const char *pattern_id)
{
    UChar pattern[PATTERN_CAPACITY];
    int32_t pattern_length = clock_pattern_for(pattern_id, pattern);
    if (pattern_length <= 0) {
        return NULL;
    }
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *format = ICU(udat_open)(UDAT_PATTERN, UDAT_PATTERN, clock_id, utc_zone, -1,
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

    /* A tag not seen lately may resolve to an ID a slot has open ("de-US" and "de-CA" are
       both de_AG): that slot, now under this tag. */
    char id[ULOC_FULLNAME_CAPACITY];
    char clock_id[ULOC_FULLNAME_CAPACITY];
    char pattern_id[ULOC_FULLNAME_CAPACITY];
    if (!resolve_locale(tag, id, clock_id, pattern_id)) {
        return NULL;
    }
    for (int i = 0; i < SLOTS && slots[i].format != NULL; i++) {
        if (strcmp(slots[i].clock_id, clock_id) == 0) {
            struct slot hit = slots[i];
            memmove(&slots[1], &slots[0], (size_t)i * sizeof slots[0]);
            slots[0] = hit;
            memcpy(slots[0].key, tag, length + 1);
            return &slots[0];
        }
    }
    UDateFormat *format = open_format(clock_id, pattern_id);
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
    memcpy(slots[0].clock_id, clock_id, sizeof clock_id);
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

int32_t routebar_locale_id(const char *locale, char *out, int32_t capacity)
{
    if (out == NULL || capacity <= 0) {
        return -1;
    }
    out[0] = '\0';
    struct slot *slot = slot_for(locale);
    size_t length = slot != NULL ? strlen(slot->id) : 0;
    if (slot == NULL || length + 1 > (size_t)capacity) {
        return -1;
    }
    memcpy(out, slot->id, length + 1);
    return (int32_t)length;
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
