#ifndef CSIMDJSON_ROUTES_H
#define CSIMDJSON_ROUTES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The `routes` array of routebar's own request shape, read with simdjson (Debian's
 * libsimdjson, On-Demand API) for the service's hot path. No simdjson or C++ type crosses this
 * header: plain C, prefixed routebar_simd_, called only by RouteBarService's FastRoutes.swift.
 *
 * It reads only the common case, and declines everything else, which the caller then reads
 * with StrictJSON as it always has (and so reports every error as before, with its pointer):
 *   - a top-level object with a member `routes` (named without escapes) that is an array of
 *     at most `max_routes` objects (what follows it is the caller's to read);
 *   - each with only `id` (a string without escapes, at most `max_id_bytes` bytes),
 *     `totalTime` (a finite number) and `subPaths` (an array of at most `max_legs` objects),
 *     each named at most once, `subPaths` required;
 *   - each leg with exactly `trafficType` (an integer from INT32_MIN to INT32_MAX, written as
 *     a number) and `sectionTime` (a finite number), each once.
 * simdjson validates the whole body's UTF-8 and control characters, and the array's grammar
 * and numbers as it reads them; member names given twice are checked here, since simdjson
 * accepts them. What it does not read (the other top-level members) the caller reads.
 *
 * Threads: each thread keeps its own parser and buffers, so any thread may call at any time.
 * They grow with the largest body the thread read, and routebar_simd_routes_trim frees them.
 */

typedef struct {
    /* The id's bytes in the body (a string without escapes), or id_length = UINT32_MAX: no id. */
    uint32_t id_start;
    uint32_t id_length;
    /* totalTime, when has_total_time. */
    double total_time;
    uint32_t has_total_time;
    /* The route's legs: legs[first_leg ..< first_leg + leg_count]. */
    uint32_t first_leg;
    uint32_t leg_count;
} routebar_simd_route;

typedef struct {
    double section_time;
    int32_t traffic_type;
} routebar_simd_leg;

typedef struct {
    const routebar_simd_route *routes;
    size_t route_count;
    const routebar_simd_leg *legs;
    size_t leg_count;
    /* The routes array in the body: its `[` and one past its `]`. */
    size_t array_start;
    size_t array_end;
} routebar_simd_routes;

typedef struct {
    size_t max_routes;
    size_t max_legs;
    size_t max_id_bytes;
} routebar_simd_limits;

/* Whether routebar_simd_routes_read may read the body: it names `"routes"` somewhere. One that
 * does not (an ODsay or other planner's answer) would only be declined, after simdjson's first
 * stage; memmem tells several times faster. */
int routebar_simd_routes_may_read(const uint8_t *body, size_t length);

/* Reads body[0 ..< length]; returns 1 and fills *out (valid until this thread's next call), or
 * 0: declined (anything outside the common case, or bad JSON), *out untouched. */
int routebar_simd_routes_read(const uint8_t *body, size_t length, routebar_simd_limits limits, routebar_simd_routes *out);

/* The bytes the calling thread's parser and buffers hold now. */
size_t routebar_simd_routes_held_bytes(void);

/* Frees the calling thread's parser and buffers when they hold more than keep_bytes. */
void routebar_simd_routes_trim(size_t keep_bytes);

#ifdef __cplusplus
}
#endif

#endif
