// CMIDIPeer: a plain C MIDI 1.0 byte-stream state machine (benchmark peer only; Peach does not use it).

#include "CMIDIPeer.h"

// Data bytes after each status byte (index: status >> 4 for channel messages; system common below).
static const uint8_t channel_length[16] = {0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 1, 1, 2, 0};

void peach_midi_peer_parse(
    peach_midi_peer *parser, const uint8_t *bytes, size_t length, peach_midi_peer_handler handler, void *context) {
    // The state in locals (registers), not behind `parser`, which the handler could alias.
    uint8_t status = parser->status, first = parser->data[0], count = parser->count, in_sysex = parser->in_sysex;
    uint8_t needed = status >= 0xF0 ? ((status == 0xF1 || status == 0xF3) ? 1 : 2) : channel_length[status >> 4];
    size_t sysex_bytes = parser->sysex_bytes, dropped = parser->dropped;
    for (size_t index = 0; index < length; index++) {
        uint8_t byte = bytes[index];
        if (byte < 0x80) {
            if (in_sysex) {
                sysex_bytes++;
            } else if (status == 0) {
                dropped++;
            } else if (count + 1 < needed) {
                first = byte;
                count = 1;
            } else {
                if (needed == 1) {
                    handler(context, status, byte, 0);
                } else {
                    handler(context, status, first, byte);
                }
                count = 0;
                if (status >= 0xF0) status = 0;
            }
            continue;
        }
        if (byte >= 0xF8) {  // real time, anywhere
            if (byte != 0xF9 && byte != 0xFD) handler(context, byte, 0, 0);
            continue;
        }
        dropped += count;
        count = 0;
        in_sysex = byte == 0xF0;
        if (byte < 0xF0) {
            status = byte;
            needed = channel_length[byte >> 4];
        } else if (byte == 0xF1 || byte == 0xF3) {
            status = byte;
            needed = 1;
        } else if (byte == 0xF2) {
            status = byte;
            needed = 2;
        } else {
            if (byte == 0xF6) handler(context, byte, 0, 0);
            if (byte == 0xF4 || byte == 0xF5) dropped++;
            status = 0;
        }
    }
    parser->status = status;
    parser->data[0] = first;
    parser->count = count;
    parser->in_sysex = in_sysex;
    parser->sysex_bytes = sysex_bytes;
    parser->dropped = dropped;
}

void peach_midi_peer_count(void *context, uint8_t status, uint8_t first, uint8_t second) {
    (void)status;
    (void)first;
    (void)second;
    (*(size_t *)context)++;
}

void peach_midi_peer_kinds(void *context, uint8_t status, uint8_t first, uint8_t second) {
    size_t *tallies = (size_t *)context;
    size_t kind;
    switch (status >> 4) {
    case 0x9: kind = second == 0 ? 1 : 0; break;
    case 0x8: kind = 1; break;
    case 0xA: kind = 2; break;
    case 0xB: kind = 3; break;
    case 0xC: kind = 4; break;
    case 0xD: kind = 5; break;
    case 0xE: kind = 6; break;
    default: kind = 7; break;
    }
    tallies[kind] += (size_t)first + 1;
}
