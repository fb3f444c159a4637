// How fast simdjson (ondemand) reads our request bodies into models, for the parser
// decision: the same work as our decoder (every member the layout needs, into vectors),
// not just validation, which would flatter it.
//
//   c++ -O2 -std=c++17 -o probe probe.cpp $(pkg-config --cflags --libs simdjson)
//   ./probe WORKLOAD.json...
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace simdjson;

struct Leg { int64_t trafficType; double sectionTime; };
struct Route { std::string id; double totalTime = -1; std::vector<Leg> subPaths; };
struct Request { double width = 0, scale = 1; std::string algorithm; std::vector<Route> routes; };

// Members are looked up by name, in any order, and optional ones may be missing, as our
// decoder allows; simdjson throws on anything malformed.
static void decode(ondemand::parser &parser, const padded_string &json, Request &out)
{
    ondemand::document doc = parser.iterate(json);
    ondemand::object root = doc.get_object();
    out.width = root["width"].get_double();
    double scale;
    if (root["scale"].get_double().get(scale) == SUCCESS) out.scale = scale;
    std::string_view algorithm;
    if (root["algorithm"].get_string().get(algorithm) == SUCCESS) out.algorithm = algorithm;
    out.routes.clear();
    for (ondemand::object route : root["routes"].get_array()) {
        Route &r = out.routes.emplace_back();
        std::string_view id;
        if (route["id"].get_string().get(id) == SUCCESS) r.id = id;
        double total;
        if (route["totalTime"].get_double().get(total) == SUCCESS) r.totalTime = total;
        for (ondemand::object leg : route["subPaths"].get_array())
            r.subPaths.push_back({leg["trafficType"].get_int64(), leg["sectionTime"].get_double()});
    }
}

int main(int argc, char **argv)
{
    using clock = std::chrono::steady_clock;
    std::printf("| workload | bytes | MB/s (best of 5) | µs per body |\n|---|---:|---:|---:|\n");
    for (int i = 1; i < argc; i++) {
        padded_string json = padded_string::load(argv[i]);
        ondemand::parser parser;
        Request request;
        double best = 0;
        size_t legs = 0;
        for (int run = 0; run < 5; run++) {
            long count = 0;
            auto start = clock::now();
            std::chrono::duration<double> elapsed{};
            while (elapsed.count() < 0.5) {
                decode(parser, json, request);
                legs += request.routes.size();  // keeps the work observable
                count++;
                elapsed = clock::now() - start;
            }
            double rate = json.size() * count / elapsed.count() / 1e6;
            if (rate > best) best = rate;
        }
        std::string name = argv[i];
        name = name.substr(name.find_last_of('/') + 1);
        std::printf("| %s | %zu | %.0f | %.2f |\n", name.c_str(), json.size(), best, json.size() / best);
        if (legs == 0) return 1;
    }
    std::printf("\nsimdjson %d.%d.%d, %s kernel; MB = 10^6 bytes.\n", SIMDJSON_VERSION_MAJOR, SIMDJSON_VERSION_MINOR,
                SIMDJSON_VERSION_REVISION, get_active_implementation()->name().c_str());
}
