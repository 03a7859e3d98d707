#ifndef CTABULA_MEMORY_H
#define CTABULA_MEMORY_H

/// Asks the processor to start reading the cache line holding `address` into its caches,
/// without waiting for it (a hint: it never faults, whatever the address). Swift has no
/// way to say this; inlined into Swift code, it is one instruction.
static inline __attribute__((always_inline)) void tabula_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
