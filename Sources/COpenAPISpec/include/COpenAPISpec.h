#ifndef COPENAPISPEC_H
#define COPENAPISPEC_H

#include <stddef.h>

/* The package's openapi.yaml, compiled into the binary so the service can serve its own
   contract wherever it runs. */
const unsigned char *routebar_openapi_yaml(size_t *length);

#endif
