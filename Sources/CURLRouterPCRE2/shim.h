#ifndef CURLROUTER_PCRE2_SHIM_H
#define CURLROUTER_PCRE2_SHIM_H

// One code unit width for the whole package: URLs are matched as UTF-8 bytes.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
