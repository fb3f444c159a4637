#ifndef CEMBEDDEDFILES_H
#define CEMBEDDEDFILES_H

#include <stddef.h>

/* Files compiled into the binary, so the service serves them wherever it runs:
   the package's openapi.yaml, the playground page and the <route-bar> web component. */
const unsigned char *routebar_openapi_yaml(size_t *length);
const unsigned char *routebar_playground_html(size_t *length);
const unsigned char *routebar_route_bar_js(size_t *length);

#endif
