#ifndef HELPER_H
#define HELPER_H
int clampv(int v);
#endif
