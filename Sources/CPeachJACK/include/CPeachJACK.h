// CPeachJACK: what Swift needs to call libjack, which Peach loads at run time (no build dependency on JACK).
#ifndef PEACH_CPEACHJACK_H
#define PEACH_CPEACHJACK_H

#include <stddef.h>
#include <stdint.h>

// JACK's MIDI event and latency range, laid out as <jack/midiport.h> and <jack/types.h> declare them.
typedef struct {
    uint32_t time;
    size_t size;
    unsigned char *buffer;
} peach_jack_midi_event_t;

typedef struct {
    uint32_t min;
    uint32_t max;
} peach_jack_latency_range_t;

// jack_client_open is variadic (its extra arguments follow JackServerName and such options), which Swift cannot
// call through a pointer: this calls the function `open` (found with dlsym) with no extra arguments.
void *peach_jack_client_open(void *open, const char *name, int options, int *status);

#endif
