#ifndef CICU_TEXT_H
#define CICU_TEXT_H

#include <stddef.h>
#include <stdint.h>

/*
 * Locale clock text ("18:08", "6:08 PM", "오후 6:08") and money text ("$2.75", "55,90 €") from
 * CLDR, through ICU's C API (libicui18n, libicuuc). No ICU type crosses this header: everything
 * is plain C, prefixed routebar_, and only LocaleText.swift (RouteBarService) calls it.
 *
 * The pattern is CLDR's preferred one for the skeleton "jm" (hour and minute, with the locale's
 * own hour cycle: "j" lets the locale choose 12 or 24 hours), as udatpg_getBestPattern gives it,
 * and the text is formatted in the "Etc/UTC" zone from a time that is already local: ICU decides
 * no UTC offset and no daylight saving here (the caller takes those from the tz database).
 *
 * Locales are BCP 47 tags ("ko", "en", "en-GB", "zh-Hant", "en-US-u-hc-h23"), read with
 * uloc_forLanguageTag: an ill-formed subtag and everything after it are ignored ("en-GB-!!" is
 * "en-GB"), so a tag that is not BCP 47 at all ("ko_KR", "!!!") and a language without CLDR data
 * ("xx") get ICU's fallback, the root locale ("HH:mm"). That is not an error. No tag reaches ICU
 * as spelt: it is resolved to the ID of the data ICU would load for it (routebar_locale_id).
 *
 * Threads: any thread may call these at any time. Each thread keeps its own small cache of opened
 * ICU formatters (the 4 locale tags it used last, compared byte for byte, most recent first), so a
 * formatter is never shared between threads and a repeated locale costs no opening (an opening
 * reads CLDR data and builds a pattern generator: 200 to 450 microseconds here). A thread's
 * cache is closed when the thread exits; routebar_icu_release closes the calling thread's now
 * (the main thread's is otherwise left to process exit, and shows as "still reachable").
 *
 * UTF-8 out: every function writes NUL-terminated UTF-8 into out[0 ..< capacity] and returns its
 * length in bytes without the NUL, or -1 on any failure: locale NULL or 64 bytes or longer, out
 * NULL, capacity too small for the text and its NUL, or an ICU error. After -1, out holds "" when
 * capacity > 0. The text is ICU's as it is: in ICU 72 (CLDR 42) English puts U+202F NARROW NO-BREAK
 * SPACE before AM/PM ("6:08\u202FPM", 9 bytes), and some locales use their own digits. 64 bytes is
 * enough for every locale ICU 72 has.
 */

/* The longest locale tag accepted, in bytes without the NUL. */
#define ROUTEBAR_CLOCK_LOCALE_MAX 63

/* The wall-clock time of day (hours and minutes) in `locale`'s CLDR pattern for "jm", for
   `local_seconds`: seconds since 1970-01-01T00:00 in local time (UTC seconds plus the place's UTC
   offset at that instant). Only the time of day counts (local_seconds modulo 86400, rounded
   toward minus infinity, so negative values are times before 1970), so any value is valid.
   Example: ("ko", 65280) writes "오후 6:08"; ("en", 65280) "6:08\u202FPM"; ("de", 65280) "18:08". */
int32_t routebar_clock_text(const char *locale, int64_t local_seconds, char *out, int32_t capacity);

/* The pattern that routebar_clock_text uses for `locale`, in ICU's pattern syntax ("a h:mm" for
   ko, "h:mm\u202Fa" for en, "HH:mm" for de), for tests and documentation. */
int32_t routebar_clock_pattern(const char *locale, char *out, int32_t capacity);

/* `amount` of `currency` (an ISO 4217 code, three ASCII letters) as `locale` writes money: CLDR's
   currency format with the currency's symbol and its own decimal places (ICU rounds half-even to
   them). Example: ("en", 2.75, "USD") writes "$2.75"; ("de", 55.9, "EUR") "55,90 €"; ("ko",
   1450, "KRW") "₩1,450". -1 for a currency that is not three letters. */
int32_t routebar_money_text(const char *locale, double amount, const char *currency, char *out, int32_t capacity);

/* Whether `locale` (a BCP 47 tag) is written right to left: by its script, else by the script
   CLDR's likely subtags give its language and region (ICU's uloc_isRightToLeft). 1 or 0; -1
   when ICU is missing or cannot read the tag. */
int32_t routebar_is_right_to_left(const char *locale);

/* A duration in `locale`'s short units, the parts that are not 0 joined by its list of units
   (CLDR "unit" list, short width): (de, 1, 18, 0) "1 Std., 18 Min."; (ja, 0, 13, 0) "13 分";
   (en, 0, 0, 20) "20 sec"; all 0 is "0 min". -1 for a negative part. */
int32_t routebar_duration_text(const char *locale, int32_t hours, int32_t minutes, int32_t seconds, char *out, int32_t capacity);

/* `count` UTF-8 strings joined as `locale` lists things (CLDR's "and" list, wide):
   (de, {"A", "B", "C"}) "A, B und C"; (ja, …) "A、B、C". out must hold the items' bytes, the
   list's separators and words, and the NUL; -1 when it does not, or on any failure. */
int32_t routebar_list_text(const char *locale, const char *const *items, int32_t count, char *out, int32_t capacity);

/* The ICU locale ID that formats `locale` (a BCP 47 tag): ICU is never handed a tag as a client
   spelt it, but an ID from a bounded set that formats every text the same (its data locale, a
   region standing for the tag's hour preference, and the hours and numbers keywords ICU knows):
   ("de-US") writes "de_AG"; ("zh-TW") "zh_Hant_TW"; ("xx") "root@hours=h23". Tags with one ID
   share ICU's state, so any number of tags costs ICU a bounded amount of memory. */
int32_t routebar_locale_id(const char *locale, char *out, int32_t capacity);

/* Closes the calling thread's cached formatters now (the next call opens them again). For tests
   and leak checkers; threads' caches are closed at thread exit without it. */
void routebar_icu_release(void);

#endif
