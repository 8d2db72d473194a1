#include <zlib.h>

// inflateInit2 is a macro, which Swift cannot call: this wrapper can.
static inline int kopiyka_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -MAX_WBITS); }

// deflateInit2 is a macro too: raw deflate (no zlib header), as ZIP stores it.
static inline int kopiyka_deflate_init_raw(z_stream *stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
