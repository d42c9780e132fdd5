#ifndef BOUNTY_CLIBJQ_SHIM_H
#define BOUNTY_CLIBJQ_SHIM_H
// libjq's types and declarations only: this module links nothing. The terminal front loads
// libjq.so.1 with dlopen when --jq is given (JQFilter.swift); the static binary refuses --jq.
#include <jq.h>
// getauxval(AT_BASE): whether this process has a dynamic loader, which loading libjq needs.
#include <sys/auxv.h>
#endif
