#ifndef BOUNTY_CLIBJQ_SHIM_H
#define BOUNTY_CLIBJQ_SHIM_H
// libjq's types and declarations only: this module links nothing. The terminal front loads
// libjq.so.1 with dlopen when --jq is given (JQFilter.swift), so the static binary runs without it.
#include <jq.h>
#endif
