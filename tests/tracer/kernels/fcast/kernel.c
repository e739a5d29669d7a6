/* fcast: a kernel as extracted code has it: static inline but used, in a
 * file that holds its testbench's main, converting a double to int32_t,
 * which C leaves undefined when the value does not fit (tests/tracer,
 * tracer.fcast.*). */
#include <stdint.h>

__attribute__((used)) static inline int32_t fcast(double x)
{
    return (int32_t)x;
}

int main(void)
{
    return fcast(1.5) == 1 ? 0 : 1;
}
