// CMIDIPeer: a plain C MIDI 1.0 byte-stream state machine, the peer PeachBenchmarks measures Peach's parser against.

#ifndef PEACH_MIDI_PEER_H
#define PEACH_MIDI_PEER_H

#include <stddef.h>
#include <stdint.h>

/// A message: its status byte and up to two data bytes (SysEx is skipped, counted in `sysex_bytes`).
typedef void (*peach_midi_peer_handler)(void *context, uint8_t status, uint8_t first, uint8_t second);

/// The state a stream carries between chunks.
typedef struct {
    uint8_t status;      // running status, 0 for none
    uint8_t data[2];
    uint8_t count;       // data bytes held
    uint8_t in_sysex;
    size_t sysex_bytes;
    size_t dropped;
} peach_midi_peer;

/// Parses `length` bytes, calling `handler` with each complete channel, system common or real-time message:
/// running status, real-time bytes anywhere, SysEx skipped, stray data bytes dropped — what a C MIDI input
/// loop usually does.
void peach_midi_peer_parse(
    peach_midi_peer *parser, const uint8_t *bytes, size_t length, peach_midi_peer_handler handler, void *context);

/// A handler that counts the messages in the `size_t` that `context` points to (a C function, so the measured
/// loop calls no Swift thunk).
void peach_midi_peer_count(void *context, uint8_t status, uint8_t first, uint8_t second);

/// A handler that sorts each message by kind, as a consumer does before it acts on one: `context` points to 8
/// `size_t` tallies (note on, note off — a note-on of velocity 0 included —, key pressure, control change,
/// program change, channel pressure, pitch bend, anything else), each kind's tally grows by its first data byte
/// plus one.
void peach_midi_peer_kinds(void *context, uint8_t status, uint8_t first, uint8_t second);

#endif
