#include "COpenAPISpec.h"

/* #embed (C23) copies the file in at compile time, and the compiler lists it as a
   dependency, so editing openapi.yaml rebuilds this file. */
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char spec[] = {
#embed "../../openapi.yaml"
};

const unsigned char *routebar_openapi_yaml(size_t *length)
{
    *length = sizeof spec;
    return spec;
}
