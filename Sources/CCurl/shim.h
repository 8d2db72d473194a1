#include <curl/curl.h>

// curl_easy_setopt is variadic, which Swift cannot call: these typed wrappers can.
static inline CURLcode kopiyka_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode kopiyka_curl_setopt_ptr(CURL *h, CURLoption o, const void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode kopiyka_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
typedef size_t (*kopiyka_curl_write_fn)(char *, size_t, size_t, void *);
static inline CURLcode kopiyka_curl_setopt_write_fn(CURL *h, CURLoption o, kopiyka_curl_write_fn f) { return curl_easy_setopt(h, o, f); }
static inline CURLcode kopiyka_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode kopiyka_curl_setopt_xferinfo_fn(CURL *h, curl_xferinfo_callback f) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }
static inline CURLcode kopiyka_curl_global_init_default(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }
static inline CURLMcode kopiyka_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
// CURLMsg's result sits in a union Swift imports awkwardly.
static inline CURLcode kopiyka_curl_msg_result(const CURLMsg *m) { return m->data.result; }
