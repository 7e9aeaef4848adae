// CPeachJACK: calls libjack's variadic jack_client_open through the pointer dlsym found.

#include "CPeachJACK.h"

typedef void *(*peach_jack_client_open_fn)(const char *name, int options, int *status, ...);

void *peach_jack_client_open(void *open, const char *name, int options, int *status) {
    return ((peach_jack_client_open_fn)open)(name, options, status);
}
