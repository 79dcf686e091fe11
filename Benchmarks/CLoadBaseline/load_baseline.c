#include "load_baseline.h"
#include <yaml.h>

long juice_bench_libyaml_events(const unsigned char *bytes, size_t count) {
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) return -1;
    yaml_parser_set_input_string(&parser, bytes, count);
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    long events = 0;
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            events = -1;
            break;
        }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events += 1;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    return events;
}
