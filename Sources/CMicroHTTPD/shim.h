#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

/* libmicrohttpd wants these before its own header. */
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netdb.h>
#include <unistd.h>
#include <fcntl.h>
#include <microhttpd.h>

/*
 * Swift cannot call C variadic functions, and MHD_start_daemon / MHD_get_daemon_info are
 * variadic. These wrappers give them fixed signatures. Everything here is prefixed cmhd_.
 */

/* Why cmhd_start_daemon failed, when it returns NULL. */
enum cmhd_start_error {
    CMHD_START_OK = 0,
    CMHD_START_BAD_HOST = 1,   /* the host is not a numeric address or a resolvable name */
    CMHD_START_DAEMON = 2      /* libmicrohttpd refused (port in use, no permission, ...) */
};

/*
 * Resolves host (IPv4, IPv6 or a name; the first address wins) and starts a daemon on it
 * with internal poll() threads in a pool. 0 for timeout_seconds means none,
 * 0 for port an ephemeral one (see cmhd_bound_port).
 */
static inline struct MHD_Daemon *
cmhd_start_daemon(const char *host, uint16_t port, unsigned int extra_flags,
                  unsigned int thread_pool_size, unsigned int connection_limit,
                  unsigned int timeout_seconds, size_t connection_memory_limit,
                  MHD_AccessHandlerCallback handler, void *handler_cls,
                  MHD_RequestCompletedCallback completed, void *completed_cls,
                  MHD_NotifyConnectionCallback connections, void *connections_cls,
                  int *error)
{
    struct addrinfo hints;
    struct addrinfo *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    if (getaddrinfo(host, NULL, &hints, &found) != 0 || found == NULL) {
        *error = CMHD_START_BAD_HOST;
        return NULL;
    }
    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    memcpy(&address, found->ai_addr, found->ai_addrlen);
    /* poll(), not epoll: libmicrohttpd 0.9.75's epoll loop stalls until the connection timeout
       when a worker at its connection limit gets exactly 128 events at once (a storm of
       connections closing together), locking new clients out. poll() measured level with it. */
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG | extra_flags;
    if (found->ai_family == AF_INET6) {
        ((struct sockaddr_in6 *)&address)->sin6_port = htons(port);
        flags |= MHD_USE_IPv6;
    } else {
        ((struct sockaddr_in *)&address)->sin_port = htons(port);
    }
    freeaddrinfo(found);

    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, port, NULL, NULL, handler, handler_cls,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        /* 1 would print a warning: one worker is the internal thread itself, without a pool. */
        MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size > 1 ? thread_pool_size : 0,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_NOTIFY_CONNECTION, connections, connections_cls,
        MHD_OPTION_END);
    *error = daemon == NULL ? CMHD_START_DAEMON : CMHD_START_OK;
    return daemon;
}

/* The port the daemon listens on: the kernel's choice when it was started with port 0. */
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/*
 * Stops the daemon listening, but first hands it every connection the kernel has already
 * accepted on its behalf: their clients may have sent whole requests, which would otherwise
 * be reset when the listening socket closes. Returns how many were handed over.
 */
static inline int cmhd_quiesce_and_drain_backlog(struct MHD_Daemon *daemon)
{
    MHD_socket listening = MHD_quiesce_daemon(daemon);
    if (listening == MHD_INVALID_SOCKET) return 0;
    /* Never block here: an empty queue ends the loop. */
    fcntl(listening, F_SETFL, fcntl(listening, F_GETFL) | O_NONBLOCK);
    int handed = 0;
    for (;;) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        int client = accept(listening, (struct sockaddr *)&address, &length);
        if (client < 0) break; /* EAGAIN: the queue is empty */
        fcntl(client, F_SETFD, FD_CLOEXEC);
        if (MHD_add_connection(daemon, client, (struct sockaddr *)&address, length) == MHD_YES) handed++;
    }
    close(listening);
    return handed;
}

/* The connection's socket, so a watchdog can shut down one that overstays its deadline. */
static inline int cmhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/* The pointer the notify-connection callback stored for this connection. */
static inline void *cmhd_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

#endif
