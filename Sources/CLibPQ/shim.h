#ifndef BOUNTY_CLIBPQ_SHIM_H
#define BOUNTY_CLIBPQ_SHIM_H
// libpq's types and declarations only: this module links nothing. BountyStore loads libpq.so.5
// with dlopen when a PostgreSQL URL is used (LibPQ.swift), so solo users need no libpq at run time.
#include <postgresql/libpq-fe.h>
#endif
