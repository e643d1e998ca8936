/*
 * Inflate (RFC 1951) inside a zlib stream (RFC 1950), as squashfs's gzip compressor writes each block: the
 * runtime's own, so the AppImage needs no library on the device. Huffman codes up to 10 bits are decoded
 * through one table lookup; longer ones (rare) bit by bit. The stream's Adler-32 is checked.
 */
#include <string.h>
#include "runtime.h"

#define FAST_BITS 10
#define MAX_BITS 15

typedef struct {
    uint16_t fast[1 << FAST_BITS]; /* symbol << 4 | length; 0: longer than FAST_BITS */
    uint16_t count[MAX_BITS + 1];  /* codes of each length */
    uint16_t symbol[320];          /* symbols in canonical order */
} huffman;

typedef struct {
    const uint8_t *in;
    size_t in_len, in_pos;
    uint64_t bits;
    int bit_count;
    uint8_t *out;
    size_t out_len, out_pos;
} stream;

static int need(stream *s, int n) {
    while (s->bit_count < n) {
        if (s->in_pos >= s->in_len) return -1;
        s->bits |= (uint64_t)s->in[s->in_pos++] << s->bit_count;
        s->bit_count += 8;
    }
    return 0;
}

static int take(stream *s, int n, uint32_t *value) {
    if (n == 0) {
        *value = 0;
        return 0;
    }
    if (need(s, n)) return -1;
    *value = (uint32_t)(s->bits & ((1u << n) - 1));
    s->bits >>= n;
    s->bit_count -= n;
    return 0;
}

/* Canonical code from lengths; -1 when the lengths over-subscribe the code space. */
static int build(huffman *h, const uint8_t *lengths, int n) {
    uint16_t offsets[MAX_BITS + 2];
    memset(h->count, 0, sizeof h->count);
    memset(h->fast, 0, sizeof h->fast);
    for (int i = 0; i < n; i++) h->count[lengths[i]]++;
    h->count[0] = 0;
    int left = 1;
    for (int len = 1; len <= MAX_BITS; len++) {
        left = (left << 1) - h->count[len];
        if (left < 0) return -1;
    }
    offsets[1] = 0;
    for (int len = 1; len <= MAX_BITS; len++) offsets[len + 1] = offsets[len] + h->count[len];
    for (int i = 0; i < n; i++)
        if (lengths[i]) h->symbol[offsets[lengths[i]]++] = (uint16_t)i;
    /* The fast table: each short code, its bits reversed (the stream gives codes first bit first). */
    uint32_t code = 0;
    int index = 0;
    for (int len = 1; len <= FAST_BITS; len++) {
        for (int k = 0; k < h->count[len]; k++, index++, code++) {
            uint32_t reversed = 0;
            for (int b = 0; b < len; b++) reversed |= ((code >> b) & 1u) << (len - 1 - b);
            for (uint32_t e = reversed; e < (1u << FAST_BITS); e += 1u << len)
                h->fast[e] = (uint16_t)(h->symbol[index] << 4 | len);
        }
        code <<= 1;
    }
    return 0;
}

static int decode(stream *s, const huffman *h) {
    need(s, FAST_BITS); /* near the end fewer bits may be left: the slow path copes */
    uint16_t entry = h->fast[s->bits & ((1u << FAST_BITS) - 1)];
    int len = entry & 15;
    if (len && len <= s->bit_count) {
        s->bits >>= len;
        s->bit_count -= len;
        return entry >> 4;
    }
    int code = 0, first = 0, index = 0;
    for (len = 1; len <= MAX_BITS; len++) {
        uint32_t bit;
        if (take(s, 1, &bit)) return -1;
        code |= (int)bit;
        int count = h->count[len];
        if (code - count < first) return h->symbol[index + (code - first)];
        index += count;
        first = (first + count) << 1;
        code <<= 1;
    }
    return -1;
}

static const uint16_t LEN_BASE[] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t LEN_EXTRA[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t DIST_BASE[] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
                                     193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t DIST_EXTRA[] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static int codes(stream *s, const huffman *lit, const huffman *dist) {
    for (;;) {
        int symbol = decode(s, lit);
        if (symbol < 0) return -1;
        if (symbol < 256) {
            if (s->out_pos >= s->out_len) return -1;
            s->out[s->out_pos++] = (uint8_t)symbol;
            continue;
        }
        if (symbol == 256) return 0;
        symbol -= 257;
        if (symbol >= 29) return -1;
        uint32_t extra;
        if (take(s, LEN_EXTRA[symbol], &extra)) return -1;
        size_t length = LEN_BASE[symbol] + extra;
        int d = decode(s, dist);
        if (d < 0 || d >= 30) return -1;
        if (take(s, DIST_EXTRA[d], &extra)) return -1;
        size_t distance = DIST_BASE[d] + extra;
        if (distance > s->out_pos || length > s->out_len - s->out_pos) return -1;
        uint8_t *to = s->out + s->out_pos;
        const uint8_t *from = to - distance;
        for (size_t i = 0; i < length; i++) to[i] = from[i];
        s->out_pos += length;
    }
}

static int fixed(stream *s) {
    static huffman lit, dist;
    static int ready = 0;
    if (!ready) {
        uint8_t lengths[288];
        for (int i = 0; i < 144; i++) lengths[i] = 8;
        for (int i = 144; i < 256; i++) lengths[i] = 9;
        for (int i = 256; i < 280; i++) lengths[i] = 7;
        for (int i = 280; i < 288; i++) lengths[i] = 8;
        build(&lit, lengths, 288);
        for (int i = 0; i < 30; i++) lengths[i] = 5;
        build(&dist, lengths, 30);
        ready = 1;
    }
    return codes(s, &lit, &dist);
}

static int dynamic(stream *s) {
    static const uint8_t ORDER[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    uint32_t nlen, ndist, ncode, v;
    if (take(s, 5, &nlen) || take(s, 5, &ndist) || take(s, 4, &ncode)) return -1;
    nlen += 257;
    ndist += 1;
    ncode += 4;
    if (nlen > 286 || ndist > 30) return -1;
    uint8_t lengths[320] = {0};
    for (uint32_t i = 0; i < ncode; i++) {
        if (take(s, 3, &v)) return -1;
        lengths[ORDER[i]] = (uint8_t)v;
    }
    huffman lencode, lit, dist;
    if (build(&lencode, lengths, 19)) return -1;
    memset(lengths, 0, sizeof lengths);
    for (uint32_t i = 0; i < nlen + ndist;) {
        int symbol = decode(s, &lencode);
        if (symbol < 0) return -1;
        if (symbol < 16) {
            lengths[i++] = (uint8_t)symbol;
            continue;
        }
        uint8_t repeat = 0;
        uint32_t times;
        if (symbol == 16) {
            if (i == 0 || take(s, 2, &times)) return -1;
            repeat = lengths[i - 1];
            times += 3;
        } else if (symbol == 17) {
            if (take(s, 3, &times)) return -1;
            times += 3;
        } else {
            if (take(s, 7, &times)) return -1;
            times += 11;
        }
        if (i + times > nlen + ndist) return -1;
        while (times--) lengths[i++] = repeat;
    }
    if (lengths[256] == 0) return -1;
    if (build(&lit, lengths, (int)nlen) || build(&dist, lengths + nlen, (int)ndist)) return -1;
    return codes(s, &lit, &dist);
}

static int stored(stream *s) {
    s->bits >>= s->bit_count & 7; /* to the byte boundary */
    s->bit_count -= s->bit_count & 7;
    uint32_t len, nlen;
    if (take(s, 16, &len) || take(s, 16, &nlen) || (len ^ 0xffffu) != nlen) return -1;
    while (len && s->bit_count >= 8) { /* bytes already in the bit buffer */
        if (s->out_pos >= s->out_len) return -1;
        s->out[s->out_pos++] = (uint8_t)s->bits;
        s->bits >>= 8;
        s->bit_count -= 8;
        len--;
    }
    if (len > s->in_len - s->in_pos || len > s->out_len - s->out_pos) return -1;
    memcpy(s->out + s->out_pos, s->in + s->in_pos, len);
    s->in_pos += len;
    s->out_pos += len;
    return 0;
}

static uint32_t adler32(const uint8_t *data, size_t len) {
    uint32_t a = 1, b = 0;
    while (len) {
        size_t n = len < 5552 ? len : 5552;
        len -= n;
        while (n--) {
            a += *data++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    return b << 16 | a;
}

long zlib_inflate(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_len) {
    if (in_len < 6 || (in[0] & 0x0f) != 8 || ((in[0] << 8) | in[1]) % 31 != 0 || (in[1] & 0x20)) return -1;
    stream s = {in + 2, in_len - 6, 0, 0, 0, out, out_len, 0};
    uint32_t last, type;
    do {
        if (take(&s, 1, &last) || take(&s, 2, &type)) return -1;
        int error = type == 0 ? stored(&s) : type == 1 ? fixed(&s) : type == 2 ? dynamic(&s) : -1;
        if (error) return -1;
    } while (!last);
    const uint8_t *tail = in + in_len - 4;
    uint32_t expected = (uint32_t)tail[0] << 24 | (uint32_t)tail[1] << 16 | (uint32_t)tail[2] << 8 | tail[3];
    return adler32(out, s.out_pos) == expected ? (long)s.out_pos : -1;
}
