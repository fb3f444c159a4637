#define _GNU_SOURCE /* accept4 */
#include "CMicroHTTPDShims.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#ifdef __linux__
#include <linux/filter.h>
#endif
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <unistd.h>

struct cmhd_server {
    struct MHD_Daemon *daemon;
    int listening;          /* handed to libmicrohttpd, which closes it unless quiesced */
    int quiesced;           /* then it is ours to close: cmhd_close_listener */
    uint16_t port;
    void *context;
    void (*log)(void *context, const char *message);
};

/* close(2), called once, never again after EINTR: Linux (and POSIX 2024's posix_close) releases
   the descriptor even when close reports EINTR, so a second call could close a descriptor that
   another thread has just been given. EINTR therefore counts as closed. 0 or errno. */
static int close_once(int fd)
{
    return close(fd) == 0 || errno == EINTR ? 0 : errno;
}

static void set_failure(struct cmhd_call_failure *failure, const char *call, int error_number)
{
    failure->call = call;
    failure->error_number = error_number;
}

/* Sets flags with F_SETFL (or F_SETFD when descriptor_flags); 0 or errno. */
static int add_flags(int fd, int flags, int descriptor_flags)
{
    int get = descriptor_flags ? F_GETFD : F_GETFL, set = descriptor_flags ? F_SETFD : F_SETFL;
    int current;
    do { current = fcntl(fd, get); } while (current < 0 && errno == EINTR);
    if (current < 0) return errno;
    int result;
    do { result = fcntl(fd, set, current | flags); } while (result < 0 && errno == EINTR);
    return result < 0 ? errno : 0;
}

static void log_trampoline(void *cls, const char *format, va_list arguments)
{
    struct cmhd_server *server = cls;
    char message[1024];
    int length = vsnprintf(message, sizeof message, format, arguments);
    if (length < 0) return;
    if ((size_t)length >= sizeof message) length = sizeof message - 1;
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == '\r')) message[--length] = '\0';
    if (server->log != NULL) server->log(server->context, message);
}

static struct cmhd_server *fail(struct cmhd_server *server, int fd, struct cmhd_start_failure *failure,
                                enum cmhd_start_step step, int error_number)
{
    failure->step = step;
    failure->error_number = error_number;
    /* The step that failed is what is reported; the descriptor is released whatever close says. */
    if (fd >= 0) (void)close_once(fd);
    free(server);
    return NULL;
}

struct cmhd_server *cmhd_start(const struct cmhd_settings *settings, struct cmhd_start_failure *failure)
{
    memset(failure, 0, sizeof *failure);
    struct cmhd_server *server = calloc(1, sizeof *server);
    if (server == NULL) return fail(NULL, -1, failure, CMHD_FAILED_SOCKET, ENOMEM);
    server->listening = -1;
    server->context = settings->context;
    server->log = settings->log;

    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    int resolved = getaddrinfo(settings->host, NULL, &hints, &found);
    if (resolved != 0 || found == NULL) {
        failure->message = resolved != 0 ? gai_strerror(resolved) : "no address";
        return fail(server, -1, failure, CMHD_FAILED_RESOLVE, resolved == EAI_SYSTEM ? errno : 0);
    }
    struct sockaddr_storage address;
    socklen_t address_length = (socklen_t)found->ai_addrlen;
    memset(&address, 0, sizeof address);
    memcpy(&address, found->ai_addr, found->ai_addrlen);
    int family = found->ai_family;
    freeaddrinfo(found);
    if (family == AF_INET6) ((struct sockaddr_in6 *)&address)->sin6_port = htons(settings->port);
    else ((struct sockaddr_in *)&address)->sin_port = htons(settings->port);

    int fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return fail(server, -1, failure, CMHD_FAILED_SOCKET, errno);
    int on = 1;
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0)
        return fail(server, fd, failure, CMHD_FAILED_SOCKET, errno);
    if (family == AF_INET6 && setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on) != 0)
        return fail(server, fd, failure, CMHD_FAILED_SOCKET, errno);
    /* Accepted sockets inherit it: a client that does not read holds this much of the kernel's
       memory, not the 4 MiB autotuning grows a loopback socket to (and no answer is laid out
       further than the buffer takes). */
    if (settings->send_buffer_bytes > 0
        && setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &settings->send_buffer_bytes, sizeof settings->send_buffer_bytes) != 0)
        return fail(server, fd, failure, CMHD_FAILED_SOCKET, errno);
    if (bind(fd, (struct sockaddr *)&address, address_length) != 0)
        return fail(server, fd, failure, CMHD_FAILED_BIND, errno);
    if (listen(fd, SOMAXCONN) != 0) return fail(server, fd, failure, CMHD_FAILED_LISTEN, errno);
    struct sockaddr_storage bound;
    socklen_t bound_length = sizeof bound;
    if (getsockname(fd, (struct sockaddr *)&bound, &bound_length) != 0)
        return fail(server, fd, failure, CMHD_FAILED_SOCKET, errno);
    server->port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                                     : ((struct sockaddr_in *)&bound)->sin_port);

    /* poll(), not epoll: libmicrohttpd 0.9.75's epoll loop stalls until the connection timeout
       when a worker at its connection limit gets exactly 128 events at once (a storm of
       connections closing together), locking new clients out. poll() measured level with it. */
    /* Suspend and resume: large requests are answered on a handler pool (offloadBodyBytes). */
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
    if (family == AF_INET6) flags |= MHD_USE_IPv6;
    /* One worker is the internal thread itself, without a pool: the option is then left out
       (its first item ends the array), since libmicrohttpd warns at a pool size of 1 and of 0. */
    struct MHD_OptionItem pool[] = {
        { settings->threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)settings->threads, NULL },
        { MHD_OPTION_END, 0, NULL },
    };
    server->daemon = MHD_start_daemon(
        flags, settings->port, NULL, NULL, settings->access, settings->context,
        /* First, so that no message goes to stderr as free text. */
        MHD_OPTION_EXTERNAL_LOGGER, log_trampoline, server,
        MHD_OPTION_LISTEN_SOCKET, fd,
        MHD_OPTION_ARRAY, pool,
        MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, settings->idle_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory_limit,
        /* 0, not 1: at 1 libmicrohttpd answers a missing Host itself, in HTML with its headers
           sent twice; at 0 the request reaches MicroHTTP's own checks, which answer with a problem. */
        MHD_OPTION_STRICT_FOR_CLIENT, 0,
        MHD_OPTION_URI_LOG_CALLBACK, settings->request_line, settings->context,
        MHD_OPTION_NOTIFY_COMPLETED, settings->completed, settings->context,
        MHD_OPTION_NOTIFY_CONNECTION, settings->connection, settings->context,
        MHD_OPTION_END);
    if (server->daemon == NULL) return fail(server, fd, failure, CMHD_FAILED_DAEMON, 0);
    server->listening = fd;
    return server;
}

uint16_t cmhd_port(const struct cmhd_server *server)
{
    return server->port;
}

/* Closing a listener resets every connection the kernel completed since the last accept, and
 * the client sees a request it may have sent fail with ECONNRESET. So quiescing first attaches a
 * filter that drops new SYNs (SYN without ACK) and leaves the listener open: handshakes under way
 * still complete and are taken from the queue, new clients retransmit their SYN (after 1 s) and
 * are refused once cmhd_close_listener has run. Accepted sockets inherit the filter, which is why
 * it drops nothing but a pure SYN. The filter sees the TCP header at offset 0; byte 13 holds the
 * flags. */
static void drop_new_handshakes(int listening)
{
#ifdef SO_ATTACH_FILTER
    struct sock_filter pure_syn[] = {
        BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 13),
        BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0x12),      /* SYN | ACK */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x02, 0, 1), /* SYN alone: drop */
        BPF_STMT(BPF_RET | BPF_K, 0),
        BPF_STMT(BPF_RET | BPF_K, 0xffffffff),
    };
    struct sock_fprog program = { .len = sizeof pure_syn / sizeof pure_syn[0], .filter = pure_syn };
    /* Best effort, so its result goes unused: without the filter, a client that connects in the
       50 ms before the listener closes is reset at the close instead of refused later; nothing
       else changes, and there is nothing better to do for it. */
    (void)setsockopt(listening, SOL_SOCKET, SO_ATTACH_FILTER, &program, sizeof program);
#else
    (void)listening;
#endif
}

int cmhd_quiesce(struct cmhd_server *server, struct cmhd_call_failure *failure)
{
    set_failure(failure, NULL, 0);
    if (server->quiesced || MHD_quiesce_daemon(server->daemon) == MHD_INVALID_SOCKET) return 0;
    server->quiesced = 1;
    drop_new_handshakes(server->listening);
    return cmhd_take_queued(server, failure);
}

int cmhd_take_queued(struct cmhd_server *server, struct cmhd_call_failure *failure)
{
    set_failure(failure, NULL, 0);
    if (!server->quiesced || server->listening < 0) return 0;
    int handed = 0;
    for (;;) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        /* Non-blocking since cmhd_start: an empty queue ends the loop. */
        int client = accept4(server->listening, (struct sockaddr *)&address, &length, SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) set_failure(failure, "accept4", errno);
            break;
        }
        /* libmicrohttpd expects the socket as its own accept leaves it: non-blocking. */
        int flagged = add_flags(client, O_NONBLOCK, 0);
        if (flagged != 0) {
            set_failure(failure, "fcntl", flagged);
            /* The fcntl failure is what is reported; the descriptor is released whatever close says. */
            (void)close_once(client);
            continue;
        }
        /* On MHD_NO libmicrohttpd has closed the socket itself (its connection limit, or no
           memory): the client is refused, and not counted as handed over. */
        if (MHD_add_connection(server->daemon, client, (struct sockaddr *)&address, length) == MHD_YES) handed++;
    }
    return failure->error_number != 0 && handed == 0 ? -1 : handed;
}

int cmhd_close_listener(struct cmhd_server *server)
{
    if (!server->quiesced || server->listening < 0) return 0;
    int result = close_once(server->listening);
    /* Released either way (see close_once): never closed twice. */
    server->listening = -1;
    return result;
}

int cmhd_stop(struct cmhd_server *server)
{
    if (server == NULL) return 0;
    /* libmicrohttpd closes the listening socket it was given, unless quiesced before. */
    MHD_stop_daemon(server->daemon);
    int closed = cmhd_close_listener(server);
    free(server);
    return closed;
}

int cmhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

size_t cmhd_request_head_size(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

void *cmhd_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

static _Thread_local int in_handler;

void cmhd_set_in_handler(int value)
{
    in_handler = value;
}

int cmhd_in_handler(void)
{
    return in_handler;
}

static atomic_uint next_thread_slot;
static _Thread_local unsigned thread_slot_plus_one;

unsigned cmhd_thread_slot(void)
{
    if (thread_slot_plus_one == 0)
        thread_slot_plus_one = atomic_fetch_add_explicit(&next_thread_slot, 1, memory_order_relaxed) + 1;
    return thread_slot_plus_one - 1;
}

void cmhd_release_free_memory(void)
{
#ifdef __GLIBC__
    /* Its result only says whether any memory went back; either way there is nothing to do. */
    (void)malloc_trim(0);
#endif
}
