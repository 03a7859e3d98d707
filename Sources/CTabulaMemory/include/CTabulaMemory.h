#ifndef CTABULA_MEMORY_H
#define CTABULA_MEMORY_H

#include <stdint.h>

/// Asks the processor to start reading the cache line holding `address` into its caches,
/// without waiting for it (a hint: it never faults, whatever the address). Swift has no
/// way to say this; inlined into Swift code, it is one instruction.
static inline __attribute__((always_inline)) void tabula_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// The 64-bit word at `address`, read as one atomic step (relaxed: no ordering with other
/// memory), for a word other threads may be writing with `tabula_compare_exchange`.
static inline __attribute__((always_inline)) uint64_t tabula_load_word(const uint64_t *address) {
    return __atomic_load_n(address, __ATOMIC_RELAXED);
}

/// Writes `desired` to the 64-bit word at `address` if it holds `expected`, as one atomic
/// step (relaxed), and returns what the word held: `expected` when the write was made.
static inline __attribute__((always_inline)) uint64_t tabula_compare_exchange(uint64_t *address, uint64_t expected,
                                                                              uint64_t desired) {
    __atomic_compare_exchange_n(address, &expected, desired, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return expected;
}

#endif
