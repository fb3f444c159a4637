// The common case of routebar's request shape, read with simdjson On-Demand: see
// include/CSimdJSONRoutes.h for what is read and what is declined.
//
// On-Demand runs on the kernel the compiler's flags allow (simdjson's "builtin" one): for a
// portable x86-64 build, without -mavx2, that is its scalar kernel, which reads our bodies 3 to
// 5 times as fast as StrictJSON (docs/performance.md); flags that tie the binary to a CPU would
// buy more, and are not worth a crash on an older one.
#include "CSimdJSONRoutes.h"

#include <simdjson.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

using simdjson::error_code;
using simdjson::SUCCESS;
namespace od = simdjson::ondemand;

namespace {


// Our shape nests five deep (body, routes, route, subPaths, leg); a deeper body is declined
// and read by StrictJSON, whose own limit is larger.
constexpr size_t kMaxDepth = 8;

struct ThreadState {
    od::parser parser;
    std::unique_ptr<uint8_t[]> padded;
    size_t paddedCapacity = 0;
    std::vector<routebar_simd_route> routes;
    std::vector<routebar_simd_leg> legs;

    // What parser.allocate(capacity) takes in simdjson 3.0: the string buffer (5/3 of the
    // capacity) and the structural index (4 bytes a byte), beside our padded copy and vectors.
    size_t heldBytes() const {
        size_t capacity = parser.capacity();
        size_t parserBytes = capacity == 0 ? 0 : 5 * capacity / 3 + 64 + 4 * (capacity + 73) + 16 * kMaxDepth;
        return parserBytes + paddedCapacity + routes.capacity() * sizeof(routebar_simd_route)
            + legs.capacity() * sizeof(routebar_simd_leg);
    }
};

thread_local std::unique_ptr<ThreadState> state;

// Declines: an error code that means "read it with StrictJSON".
constexpr error_code kDecline = simdjson::INCORRECT_TYPE;

// A number as StrictJSON reads it: any JSON number, as a finite double.
error_code finiteNumber(od::value &value, double &out) {
    // Most are small whole numbers (codes and minutes): up to 15 digits, no leading zero,
    // read here; the token runs to the next structural character, so what follows its digits
    // can only be whitespace. Anything else (a sign, a fraction, an exponent) goes to
    // get_double.
    std::string_view token = value.raw_json_token();
    size_t digits = 0;
    uint64_t whole = 0;
    while (digits < token.size() && digits < 15 && token[digits] >= '0' && token[digits] <= '9') {
        whole = whole * 10 + uint64_t(token[digits] - '0');
        digits++;
    }
    if (digits > 0 && !(token[0] == '0' && digits > 1)
        && (digits == token.size() || token[digits] == ' ' || token[digits] == '\n' || token[digits] == '\r'
            || token[digits] == '\t')) {
        out = double(whole);
        return SUCCESS;
    }
    // get_double takes a number token only (not "3" in quotes), and refuses one that
    // overflows a double.
    if (value.get_double().get(out) || !std::isfinite(out)) return kDecline;
    return SUCCESS;
}

// A string's bytes as they are in the body, when it has no escapes. (Fields are unwrapped
// from simdjson_result once, with std::move(result).get(field): calling key() and value() on
// the result each time read our bodies at half the speed.)
error_code plainString(od::value &value, const uint8_t *base, size_t maxBytes, uint32_t &start, uint32_t &length) {
    // A string's token is the string with its quotes (and any whitespace after it); any other
    // value's does not start with a quote.
    std::string_view token = value.raw_json_token();
    if (token.empty() || token[0] != '"') return kDecline;
    size_t end = token.find('"', 1);
    if (end == std::string_view::npos || token.substr(1, end - 1).find('\\') != std::string_view::npos) return kDecline;
    // UTF-8 and control characters were checked for the whole body by stage 1.
    if (end - 1 > maxBytes) return kDecline;
    start = uint32_t(reinterpret_cast<const uint8_t *>(token.data()) + 1 - base);
    length = uint32_t(end - 1);
    return SUCCESS;
}

error_code readLeg(od::object leg, std::vector<routebar_simd_leg> &legs) {
    routebar_simd_leg out{0, 0};
    bool sawTrafficType = false, sawSectionTime = false;
    for (auto result : leg) {
        od::field field;
        if (std::move(result).get(field)) return kDecline;
        od::raw_json_string key = field.key();
        if (key.unsafe_is_equal("trafficType")) {
            double code;
            if (sawTrafficType || finiteNumber(field.value(), code)) return kDecline;
            if (code < double(INT32_MIN) || code > double(INT32_MAX) || double(int64_t(code)) != code) return kDecline;
            out.traffic_type = int32_t(code);
            sawTrafficType = true;
        } else if (key.unsafe_is_equal("sectionTime")) {
            if (sawSectionTime || finiteNumber(field.value(), out.section_time)) return kDecline;
            sawSectionTime = true;
        } else {
            return kDecline;
        }
    }
    if (!sawTrafficType || !sawSectionTime) return kDecline;
    legs.push_back(out);
    return SUCCESS;
}

error_code readRoute(od::object route, const uint8_t *base, routebar_simd_limits limits, ThreadState &state) {
    routebar_simd_route out{0, UINT32_MAX, 0, 0, uint32_t(state.legs.size()), 0};
    bool sawID = false, sawTotalTime = false, sawSubPaths = false;
    for (auto result : route) {
        od::field field;
        if (std::move(result).get(field)) return kDecline;
        od::raw_json_string key = field.key();
        od::value &value = field.value();
        if (key.unsafe_is_equal("subPaths")) {
            od::array legs;
            if (sawSubPaths || value.get_array().get(legs)) return kDecline;
            for (auto element : legs) {
                od::object leg;
                if (std::move(element).get_object().get(leg) || ++out.leg_count > limits.max_legs) return kDecline;
                if (readLeg(leg, state.legs)) return kDecline;
            }
            sawSubPaths = true;
        } else if (key.unsafe_is_equal("totalTime")) {
            if (sawTotalTime || finiteNumber(value, out.total_time)) return kDecline;
            out.has_total_time = 1;
            sawTotalTime = true;
        } else if (key.unsafe_is_equal("id")) {
            if (sawID || plainString(value, base, limits.max_id_bytes, out.id_start, out.id_length)) return kDecline;
            sawID = true;
        } else {
            return kDecline;
        }
    }
    if (!sawSubPaths) return kDecline;
    state.routes.push_back(out);
    return SUCCESS;
}

// Finds `routes` in the top-level object and reads it. What follows it is left unread: the
// caller reads every other member, and refuses a second `routes` as a repeat.
error_code readBody(od::document &document, const uint8_t *base, size_t length, routebar_simd_limits limits,
    ThreadState &state, size_t &arrayStart, size_t &arrayEnd) {
    od::object root;
    if (document.get_object().get(root)) return kDecline;
    for (auto result : root) {
        od::field field;
        if (std::move(result).get(field)) return kDecline;
        if (!field.key().unsafe_is_equal("routes")) continue;
        od::value &value = field.value();
        const char *start;
        if (value.current_location().get(start)) return kDecline;
        od::array routes;
        if (value.get_array().get(routes)) return kDecline;
        size_t count = 0;
        for (auto element : routes) {
            od::object route;
            if (std::move(element).get_object().get(route) || ++count > limits.max_routes) return kDecline;
            if (readRoute(route, base, limits, state)) return kDecline;
        }
        // The array's `]` is the last byte before the next token (`,` or `}`) but whitespace.
        const char *next;
        if (document.current_location().get(next)) return kDecline;
        size_t end = size_t(reinterpret_cast<const uint8_t *>(next) - base);
        while (end > 0 && (base[end - 1] == ' ' || base[end - 1] == '\n' || base[end - 1] == '\r' || base[end - 1] == '\t')) end--;
        if (end == 0 || base[end - 1] != ']') return kDecline;
        arrayStart = size_t(reinterpret_cast<const uint8_t *>(start) - base);
        arrayEnd = end;
        return end <= length ? SUCCESS : kDecline;
    }
    return kDecline;
}

}  // namespace

extern "C" int routebar_simd_routes_read(const uint8_t *body, size_t length, routebar_simd_limits limits, routebar_simd_routes *out) {
    if (!state) state.reset(new (std::nothrow) ThreadState());
    if (!state || length > UINT32_MAX) return 0;
    ThreadState &s = *state;
    if (s.paddedCapacity < length + simdjson::SIMDJSON_PADDING) {
        s.padded.reset(new (std::nothrow) uint8_t[length + simdjson::SIMDJSON_PADDING]);
        s.paddedCapacity = s.padded ? length + simdjson::SIMDJSON_PADDING : 0;
        if (!s.padded) return 0;
    }
    std::memcpy(s.padded.get(), body, length);
    std::memset(s.padded.get() + length, 0, simdjson::SIMDJSON_PADDING);
    if (s.parser.max_depth() != kMaxDepth || s.parser.capacity() < length) {
        if (s.parser.allocate(length, kMaxDepth)) return 0;
    }
    s.routes.clear();
    s.legs.clear();
    od::document document;
    if (s.parser.iterate(s.padded.get(), length, s.paddedCapacity).get(document)) return 0;
    size_t arrayStart = 0, arrayEnd = 0;
    try {
        if (readBody(document, s.padded.get(), length, limits, s, arrayStart, arrayEnd)) return 0;
    } catch (...) {
        // std::bad_alloc from the vectors.
        return 0;
    }
    out->routes = s.routes.data();
    out->route_count = s.routes.size();
    out->legs = s.legs.data();
    out->leg_count = s.legs.size();
    out->array_start = arrayStart;
    out->array_end = arrayEnd;
    return 1;
}

extern "C" int routebar_simd_routes_may_read(const uint8_t *body, size_t length) {
    static const char kRoutes[] = "\"routes\"";
    return memmem(body, length, kRoutes, sizeof kRoutes - 1) != nullptr;
}

extern "C" size_t routebar_simd_routes_held_bytes(void) {
    return state ? state->heldBytes() : 0;
}

extern "C" void routebar_simd_routes_trim(size_t keep_bytes) {
    if (state && state->heldBytes() > keep_bytes) state.reset();
}
