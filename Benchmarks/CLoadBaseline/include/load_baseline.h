#ifndef LOAD_BASELINE_H
#define LOAD_BASELINE_H

#include <stddef.h>

/// A bare libyaml event loop over `count` bytes: parses them, doing nothing with the events but count them.
/// Returns the number of events, or -1 on a parse error. The baseline `juice-bench instructions` measures against.
long juice_bench_libyaml_events(const unsigned char *bytes, size_t count);

#endif
