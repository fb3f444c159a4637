#ifndef CZLIB_H
#define CZLIB_H

#include <zlib.h>

/* zlib's init functions are macros (they pass its version and stream size), which Swift cannot
   call; these give them plain signatures. Window bits 15 + 16: the gzip format, not raw zlib. */
static inline int czlib_deflate_init_gzip(z_streamp stream, int level)
{
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

static inline int czlib_inflate_init_gzip(z_streamp stream)
{
    return inflateInit2(stream, 15 + 16);
}

#endif
