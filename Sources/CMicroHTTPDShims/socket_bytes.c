// Its own file: <linux/tcp.h>, which has tcp_info's byte counters, clashes with <netinet/tcp.h>.
#include "CMicroHTTPDShims.h"

#include <errno.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <linux/tcp.h>

int64_t cmhd_socket_bytes_read(int fd) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -errno;
    int unread = 0;
    if (ioctl(fd, FIONREAD, &unread) != 0) return -errno;
    return (int64_t)info.tcpi_bytes_received - unread;
}

int64_t cmhd_socket_bytes_acked(int fd) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -errno;
    return (int64_t)info.tcpi_bytes_acked;
}
