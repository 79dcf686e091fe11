#ifndef SIMULATION_BASELINE_H
#define SIMULATION_BASELINE_H

#include <stddef.h>
#include <stdint.h>

/// The C baseline for `juice-bench simulate`: generates `count` orders with SplitMix64 and a cumulative
/// popularity table, and serves each all or nothing from `stock` (recipes as flat index/amount arrays).
/// Returns the number of orders served.
int64_t c_simulate_generated(
    int64_t count, uint64_t seed, const uint64_t *cumulative, int64_t juices,
    const int64_t *starts, const int64_t *fruits, const int64_t *amounts,
    int64_t *stock, int64_t *served, int64_t *refused);

/// The C baseline for CSV files: reads the file in 1 MiB blocks and counts its lines; -1 if it cannot be read.
int64_t c_count_lines(const char *path);

#endif
