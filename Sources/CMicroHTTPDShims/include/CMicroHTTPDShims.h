#ifndef CMICROHTTPD_SHIMS_H
#define CMICROHTTPD_SHIMS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/*
 * The C side of MicroHTTP: what Swift cannot do with libmicrohttpd directly (its variadic
 * start, logging and connection-info functions) and the listening socket around it, each call
 * checked, with errno handed back to Swift and EINTR retried where a retry is right (never for
 * close). Everything here is prefixed cmhd_, and only LibMicroHTTPDBoundary.swift calls it; the
 * socket calls on a connection (shutdown, send, the unread-bytes ioctl, the peek) are made in
 * Swift there, through its syscall helper.
 */

/* A running daemon with the listening socket it was given. Opaque to Swift. */
struct cmhd_server;

struct cmhd_settings {
    const char *host;                 /* IPv4 or IPv6 address, or a name; the first address wins */
    uint16_t port;                    /* 0: the kernel picks one (see cmhd_port) */
    unsigned int threads;             /* workers, each with its own poll() loop */
    unsigned int connection_limit;    /* libmicrohttpd's own hard limit */
    unsigned int idle_timeout_seconds;/* 0: none */
    size_t connection_memory_limit;   /* per connection: request head, and buffers */
    int send_buffer_bytes;            /* SO_SNDBUF of accepted sockets (the kernel doubles it); 0: the kernel's autotuning */
    void *context;                    /* the first argument of every callback below */
    MHD_AccessHandlerCallback access;
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback connection;
    /* Called when a request line has arrived, before its headers; returns the request's slot. */
    void *(*request_line)(void *context, const char *uri, struct MHD_Connection *connection);
    /* libmicrohttpd's own messages, formatted, without a trailing newline. */
    void (*log)(void *context, const char *message);
};

/* Which step of cmhd_start failed. */
enum cmhd_start_step {
    CMHD_STARTED = 0,
    CMHD_FAILED_RESOLVE = 1,   /* getaddrinfo: message holds gai_strerror's text */
    CMHD_FAILED_SOCKET = 2,    /* socket, setsockopt or fcntl: error_number holds errno */
    CMHD_FAILED_BIND = 3,
    CMHD_FAILED_LISTEN = 4,
    CMHD_FAILED_DAEMON = 5     /* libmicrohttpd refused the settings; its log says why */
};

/* A system call that failed: its name (static text, NULL when none failed) and errno. */
struct cmhd_call_failure {
    const char *call;
    int error_number;
};

struct cmhd_start_failure {
    enum cmhd_start_step step;
    int error_number;
    const char *message;       /* static text, or NULL */
};

/* Binds and listens on the settings' address, then starts libmicrohttpd on that socket with
   internal poll() threads. NULL on failure, with *failure saying where and why. */
struct cmhd_server *cmhd_start(const struct cmhd_settings *settings, struct cmhd_start_failure *failure);

/* The port listened on: the kernel's choice when started with port 0. */
uint16_t cmhd_port(const struct cmhd_server *server);

/* Stops libmicrohttpd taking connections and makes the listener ignore new SYNs, then hands
   libmicrohttpd every connection waiting in the kernel's queue (their clients may have sent whole
   requests). The listener stays open, so handshakes already under way still complete: take them
   with cmhd_take_queued, then cmhd_close_listener (cmhd_stop closes it too). Returns how many
   were handed over; *failure names the call that failed, if one did (then -1 when none was
   handed over). Later calls do nothing and return 0. */
int cmhd_quiesce(struct cmhd_server *server, struct cmhd_call_failure *failure);

/* After cmhd_quiesce: hands libmicrohttpd the connections queued since, as cmhd_quiesce does. */
int cmhd_take_queued(struct cmhd_server *server, struct cmhd_call_failure *failure);

/* After cmhd_quiesce: closes the listener, so new clients are refused at once. 0 or close's
   errno; the descriptor is released either way (close is never retried). */
int cmhd_close_listener(struct cmhd_server *server);

/* Stops every thread, closes every connection and the listening socket, and frees server.
   0, or the errno of closing a quiesced listener that cmhd_close_listener had not closed. */
int cmhd_stop(struct cmhd_server *server);

/* The connection's socket, or -1. libmicrohttpd closes it only after calling the notify-connection
   callback with MHD_CONNECTION_NOTIFY_CLOSED. */
int cmhd_connection_fd(struct MHD_Connection *connection);

/* The length of the request's head as libmicrohttpd read it, from the request line's first byte
   to the end of the empty line that ends it; 0 before the head is in. */
size_t cmhd_request_head_size(struct MHD_Connection *connection);

/* The pointer the notify-connection callback stored for this connection, or NULL. */
void *cmhd_socket_context(struct MHD_Connection *connection);

/* Marks the calling thread as running a request handler (1) or not (0), and reads the mark:
   a thread-local flag, so that the server can refuse calls a handler must not make. */
void cmhd_set_in_handler(int in_handler);
int cmhd_in_handler(void);
/* The calling thread's number, the same for its life: threads are numbered as they first ask
   (0, 1, 2, ...), so that per-thread counters give each busy thread its own. */
unsigned cmhd_thread_slot(void);

/* Hands the allocator's free pages back to the system (glibc's malloc_trim; nothing elsewhere). */
void cmhd_release_free_memory(void);

/* Bytes the process has read from a TCP socket so far (the kernel's count received, less
 * what is still unread), or -errno. For the wire size of a chunked body, which libmicrohttpd
 * parses out of sight (chunk extensions). */
int64_t cmhd_socket_bytes_read(int fd);

/* Bytes the peer has acknowledged on a TCP socket so far, or -errno: how much of an answer a
 * client has taken, whoever holds the rest (libmicrohttpd's buffers or the kernel's). */
int64_t cmhd_socket_bytes_acked(int fd);

#endif
