// CALSA shim: libasound for Swift, with the C macros Swift cannot import wrapped as static inline functions.
#ifndef PEACH_CALSA_SHIM_H
#define PEACH_CALSA_SHIM_H

#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>

// The sequencer's event setters (snd_seq_ev_*) are macros; these wrappers make them callable from Swift.

static inline void peach_seq_ev_clear(snd_seq_event_t *ev) { snd_seq_ev_clear(ev); }

static inline void peach_seq_ev_set_source(snd_seq_event_t *ev, int port) { snd_seq_ev_set_source(ev, port); }

static inline void peach_seq_ev_set_subs(snd_seq_event_t *ev) { snd_seq_ev_set_subs(ev); }

static inline void peach_seq_ev_set_direct(snd_seq_event_t *ev) { snd_seq_ev_set_direct(ev); }

static inline void peach_seq_ev_set_noteon(snd_seq_event_t *ev, int channel, int note, int velocity) {
    snd_seq_ev_set_noteon(ev, channel, note, velocity);
}

static inline void peach_seq_ev_set_noteoff(snd_seq_event_t *ev, int channel, int note, int velocity) {
    snd_seq_ev_set_noteoff(ev, channel, note, velocity);
}

static inline void peach_seq_ev_set_controller(snd_seq_event_t *ev, int channel, unsigned int param, int value) {
    snd_seq_ev_set_controller(ev, channel, param, value);
}

static inline void peach_seq_ev_set_pitchbend(snd_seq_event_t *ev, int channel, int value) {
    snd_seq_ev_set_pitchbend(ev, channel, value);
}

static inline void peach_seq_ev_set_pgmchange(snd_seq_event_t *ev, int channel, int value) {
    snd_seq_ev_set_pgmchange(ev, channel, value);
}

static inline void peach_seq_ev_set_dest(snd_seq_event_t *ev, int client, int port) {
    snd_seq_ev_set_dest(ev, client, port);
}

static inline void peach_seq_ev_set_keypress(snd_seq_event_t *ev, int channel, int note, int pressure) {
    snd_seq_ev_set_keypress(ev, channel, note, pressure);
}

static inline void peach_seq_ev_set_chanpress(snd_seq_event_t *ev, int channel, int pressure) {
    snd_seq_ev_set_chanpress(ev, channel, pressure);
}

static inline void peach_seq_ev_set_sysex(snd_seq_event_t *ev, unsigned int length, void *data) {
    snd_seq_ev_set_sysex(ev, length, data);
}

// Scheduling an event at an absolute real time on a queue is a macro.
static inline void peach_seq_ev_schedule_real(snd_seq_event_t *ev, int queue, unsigned int sec, unsigned int nsec) {
    snd_seq_real_time_t time = {sec, nsec};
    snd_seq_ev_schedule_real(ev, queue, 0, &time);
}

// Starting a queue is a macro too (snd_seq_control_queue with SND_SEQ_EVENT_START).
static inline int peach_seq_start_queue(snd_seq_t *seq, int queue) { return snd_seq_start_queue(seq, queue, NULL); }

// alsa-lib prints its own diagnostics to stderr through a variadic handler, which Swift cannot write. This one
// silences them, so that Peach's one-line message is all the user sees, and hands each, formatted, to Swift
// (PeachALSA's ALSALibrary keeps the last, e.g. "cannot access file /etc/asound.conf", for a message to name
// the real reason when an error code alone would mislead).
void peach_record_alsa_diagnostic(const char *text);

static inline void peach_silent_error_handler(const char *file, int line, const char *function, int err,
                                              const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err;
    char text[256];
    va_list arguments;
    va_start(arguments, fmt);
    vsnprintf(text, sizeof text, fmt, arguments);
    va_end(arguments);
    peach_record_alsa_diagnostic(text);
}

static inline void peach_silence_alsa_errors(void) { snd_lib_error_set_handler(peach_silent_error_handler); }

static inline void peach_restore_alsa_errors(void) { snd_lib_error_set_handler(NULL); }

// The library's version string, e.g. "1.2.8".
static inline const char *peach_asoundlib_version(void) { return snd_asoundlib_version(); }

#endif
