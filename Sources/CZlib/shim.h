#include <zlib.h>

// inflateInit2 is a macro, which Swift cannot call: this wrapper can.
static inline int kopiyka_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -MAX_WBITS); }
