#include "simulation_baseline.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static inline uint64_t next(uint64_t *state) {
    *state += 0x9E3779B97F4A7C15ULL;
    uint64_t z = *state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int64_t c_simulate_generated(
    int64_t count, uint64_t seed, const uint64_t *cumulative, int64_t juices,
    const int64_t *starts, const int64_t *fruits, const int64_t *amounts,
    int64_t *stock, int64_t *served, int64_t *refused) {
    uint64_t state = seed;
    uint64_t total = cumulative[juices - 1];
    int64_t served_orders = 0;
    for (int64_t n = 0; n < count; n++) {
        uint64_t draw = (uint64_t)(((unsigned __int128)next(&state) * total) >> 64);
        int64_t juice = 0;
        while (draw >= cumulative[juice]) juice++;
        int64_t start = starts[juice], end = starts[juice + 1];
        int possible = 1;
        for (int64_t i = start; i < end; i++) {
            if (stock[fruits[i]] < amounts[i]) { possible = 0; break; }
        }
        if (possible) {
            for (int64_t i = start; i < end; i++) stock[fruits[i]] -= amounts[i];
            served[juice]++;
            served_orders++;
        } else {
            refused[juice]++;
        }
    }
    return served_orders;
}

int64_t c_count_lines(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    size_t size = 1 << 20;
    char *buffer = malloc(size);
    if (!buffer) { close(fd); return -1; }
    int64_t lines = 0;
    ssize_t got;
    while ((got = read(fd, buffer, size)) > 0) {
        const char *p = buffer, *end = buffer + got;
        while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) { lines++; p++; }
    }
    free(buffer);
    close(fd);
    return lines;
}
