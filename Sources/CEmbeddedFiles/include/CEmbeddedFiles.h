#ifndef CEMBEDDEDFILES_H
#define CEMBEDDEDFILES_H

#include <stddef.h>

/* Files compiled into the binary, so the service serves them wherever it runs:
   the package's openapi.yaml, and the playground page. */
const unsigned char *routebar_openapi_yaml(size_t *length);
const unsigned char *routebar_playground_html(size_t *length);

#endif
