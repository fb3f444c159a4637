#include "CEmbeddedFiles.h"

/* #embed (C23) copies each file in at compile time, and the compiler lists it as a
   dependency, so editing the file rebuilds this one. */
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char openapi[] = {
#embed "../../openapi.yaml"
};

static const unsigned char playground[] = {
#embed "playground.html"
};

static const unsigned char route_bar[] = {
#embed "route-bar.js"
};

const unsigned char *routebar_openapi_yaml(size_t *length)
{
    *length = sizeof openapi;
    return openapi;
}

const unsigned char *routebar_playground_html(size_t *length)
{
    *length = sizeof playground;
    return playground;
}

const unsigned char *routebar_route_bar_js(size_t *length)
{
    *length = sizeof route_bar;
    return route_bar;
}
