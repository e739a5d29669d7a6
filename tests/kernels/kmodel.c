/* The registry of exact C witnesses (kmodel.h). */
#include <string.h>

#include "kmodel.h"

static const struct {
    const char *name;
    kmodel_fn fn;
} models[] = {
    {"tlvwalk.field-narrow", kmodel_tlvwalk_field_narrow},
};

kmodel_fn kmodel_find(const char *name)
{
    for (size_t i = 0; i < sizeof models / sizeof models[0]; i++)
        if (strcmp(models[i].name, name) == 0)
            return models[i].fn;
    return NULL;
}
