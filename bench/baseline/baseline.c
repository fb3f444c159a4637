/*
 * The benchmark's yardstick: POST /v1/route-bars with the classic algorithm, in plain C on
 * libmicrohttpd + cJSON, with the service's daemon setup, so that `make bench` measures
 * what the Swift layers cost (or save) over the obvious C program. No validation beyond
 * what the arithmetic needs: it is a baseline, not a second implementation.
 *
 *   cc -O2 -o baseline baseline.c $(pkg-config --cflags --libs libmicrohttpd libcjson)
 *   ./baseline PORT [--threads N]
 */
#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cJSON.h>
#include <microhttpd.h>

#define MAX_BODY (1024 * 1024)

struct body { char *bytes; size_t size; int too_large; };

static const char *mode_name(int traffic_type)
{
    static const char *names[] = {"other", "subway", "bus", "walk", "train", "expressBus", "intercityBus", "airplane"};
    return traffic_type >= 1 && traffic_type <= 7 ? names[traffic_type] : "other";
}

/*
 * cJSON 1.7.15 prints %1.15g whenever that reads back within DBL_EPSILON, which is not
 * always the same double (5.47872340425532 for 5.4787234042553195). The service writes
 * every bit, so fractions go in as raw text that does too: %.15g when it reads back
 * exactly, else %.17g. Whole numbers (most of the answer) stay cJSON numbers.
 */
static void add_number(cJSON *object, const char *key, double value)
{
    if (!isfinite(value) || (value == trunc(value) && fabs(value) < 1e15)) {
        cJSON_AddNumberToObject(object, key, value);
        return;
    }
    char text[32];
    snprintf(text, sizeof text, "%.15g", value);
    if (strtod(text, NULL) != value) snprintf(text, sizeof text, "%.17g", value);
    cJSON_AddRawToObject(object, key, text);
}

static double number(const cJSON *object, const char *key, double fallback)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    return cJSON_IsNumber(item) ? item->valuedouble : fallback;
}

/* The classic layout, in the service's (and the original app's) order of operations. */
static cJSON *lay_out(const cJSON *route, double width, double height)
{
    const cJSON *sub_paths = cJSON_GetObjectItemCaseSensitive(route, "subPaths");
    const cJSON *leg;
    int walking = 0, transit = 0;
    double all_minutes = 0;
    cJSON_ArrayForEach(leg, sub_paths) {
        double minutes = number(leg, "sectionTime", 0);
        all_minutes += minutes;
        if (minutes > 0) { if ((int)number(leg, "trafficType", 0) == 3) walking++; else transit++; }
    }
    double length = width - 0.5;
    double least = round(length * 0.05);
    double remain = length - (least * walking + least * transit);
    double total_time = number(route, "totalTime", all_minutes);
    double minute_length = remain / total_time;

    cJSON *out = cJSON_CreateObject();
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(route, "id");
    if (cJSON_IsString(id)) cJSON_AddStringToObject(out, "id", id->valuestring);
    add_number(out, "totalTime", total_time);
    add_number(out, "walkingCount", walking);
    add_number(out, "transitCount", transit);
    add_number(out, "minWalkingLength", least);
    add_number(out, "minTransitLength", least);
    add_number(out, "minuteLength", minute_length);
    add_number(out, "height", height);
    cJSON_AddFalseToObject(out, "compressed");
    cJSON *segments = cJSON_AddArrayToObject(out, "segments");
    double x = 0;
    int index = 0;
    cJSON_ArrayForEach(leg, sub_paths) {
        int traffic_type = (int)number(leg, "trafficType", 0);
        double minutes = number(leg, "sectionTime", 0);
        double w = minutes > 0 ? least + minute_length * minutes : 0;
        cJSON *segment = cJSON_CreateObject();
        add_number(segment, "index", index++);
        add_number(segment, "trafficType", traffic_type);
        cJSON_AddStringToObject(segment, "kind", traffic_type == 3 ? "walking" : "transit");
        cJSON_AddStringToObject(segment, "mode", mode_name(traffic_type));
        add_number(segment, "sectionTime", minutes);
        add_number(segment, "x", x);
        add_number(segment, "width", w);
        cJSON_AddItemToArray(segments, segment);
        x += w;
    }
    return out;
}

/* The answer's text (malloc'd), or NULL when the body is not JSON of the right shape. */
static char *answer(const struct body *body)
{
    cJSON *request = cJSON_ParseWithLength(body->bytes, body->size);
    const cJSON *routes = cJSON_GetObjectItemCaseSensitive(request, "routes");
    const cJSON *width = cJSON_GetObjectItemCaseSensitive(request, "width");
    if (!cJSON_IsArray(routes) || !cJSON_IsNumber(width)) { cJSON_Delete(request); return NULL; }

    cJSON *out = cJSON_CreateObject();
    add_number(out, "width", width->valuedouble);
    add_number(out, "scale", number(request, "scale", 1));
    cJSON_AddStringToObject(out, "algorithm", "classic");
    cJSON *laid_out = cJSON_AddArrayToObject(out, "routes");
    const cJSON *route;
    cJSON_ArrayForEach(route, routes)
        cJSON_AddItemToArray(laid_out, lay_out(route, width->valuedouble, number(request, "height", 30)));
    /* Sized like the service's writer, so neither pays for growing its buffer. */
    char *text = cJSON_PrintBuffered(out, 256 + cJSON_GetArraySize(routes) * 512, 0);
    cJSON_Delete(out);
    cJSON_Delete(request);
    return text;
}

static enum MHD_Result queue(struct MHD_Connection *connection, unsigned status, char *text, enum MHD_ResponseMemoryMode mode)
{
    struct MHD_Response *response = MHD_create_response_from_buffer(strlen(text), text, mode);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **slot)
{
    (void)cls; (void)version;
    struct body *body = *slot;
    if (body == NULL) {
        if (strcmp(method, "POST") != 0 || strcmp(url, "/v1/route-bars") != 0)
            return queue(connection, 404, "{\"status\":404}", MHD_RESPMEM_PERSISTENT);
        *slot = calloc(1, sizeof *body);
        return *slot ? MHD_YES : MHD_NO;
    }
    if (*upload_size > 0) {
        if (!body->too_large && body->size + *upload_size <= MAX_BODY) {
            char *grown = realloc(body->bytes, body->size + *upload_size);
            if (grown == NULL) return MHD_NO;
            memcpy(grown + body->size, upload, *upload_size);
            body->bytes = grown;
            body->size += *upload_size;
        } else {
            body->too_large = 1;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (body->too_large) return queue(connection, 413, "{\"status\":413}", MHD_RESPMEM_PERSISTENT);
    char *text = answer(body);
    if (text == NULL) return queue(connection, 400, "{\"status\":400}", MHD_RESPMEM_PERSISTENT);
    return queue(connection, 200, text, MHD_RESPMEM_MUST_FREE);
}

static void completed(void *cls, struct MHD_Connection *connection, void **slot, enum MHD_RequestTerminationCode code)
{
    (void)cls; (void)connection; (void)code;
    struct body *body = *slot;
    if (body) { free(body->bytes); free(body); *slot = NULL; }
}

int main(int argc, char **argv)
{
    long threads = sysconf(_SC_NPROCESSORS_ONLN);
    if (argc == 4 && strcmp(argv[2], "--threads") == 0) threads = atol(argv[3]);
    else if (argc != 2) { fprintf(stderr, "usage: %s PORT [--threads N]\n", argv[0]); return 64; }
    int port = atoi(argv[1]);
    if (port <= 0 || port > 65535 || threads < 1) { fprintf(stderr, "baseline: bad port or thread count\n"); return 64; }

    /* Blocked before the daemon's threads start, so they inherit the mask and sigwait gets the signal. */
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);
    signal(SIGPIPE, SIG_IGN);

    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG, port, NULL, NULL, handle, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)threads,
        MHD_OPTION_CONNECTION_LIMIT, 1024u,
        MHD_OPTION_CONNECTION_TIMEOUT, 10u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "baseline: cannot listen on 127.0.0.1:%d\n", port); return 1; }
    fprintf(stderr, "baseline listening on http://127.0.0.1:%d (%ld threads)\n", port, threads);

    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
