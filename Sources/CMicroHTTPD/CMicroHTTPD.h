#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

/* libmicrohttpd's header, with the system headers it expects to find before it. The logic
   around it lives in the CMicroHTTPDShims target. */
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

#endif
