#include <string.h>
#include <yaml.h>
