/*
 * A small multi-threaded program whose accesses are known exactly, for the tracer runtime's tests.
 *
 *   sharing [THREADS [ROUNDS [kill]]]    (defaults 4 and 1000)
 *
 * The main thread writes the 64 longs of `table` (8 lines) and the 16 of `pattern` (2 lines), then starts THREADS
 * workers and joins them, then reads each worker's `seen`. Worker w
 * (the w-th thread created, so thread w + 1 in the trace) loads `rounds`, then makes, in each of ROUNDS rounds, a load of its own
 * line of `own`, a load of table[round % 64] and a store to its own line: 3 x ROUNDS accesses; then one atomic
 * fetch-and-add on `counter` (a store), an atomic load of it (a load) kept in `seen[w]` (a store), a copy of the
 * 128-byte `pattern` into its own two lines of `copies` (a range read of 2 lines and a range write of 2 lines),
 * and a 4-byte store that straddles the boundary of its two copy lines (recorded on both lines): 3 x ROUNDS + 9
 * accesses per worker (3 x ROUNDS + 10 with the load of `rounds`).
 * With `kill`, the program sends itself SIGKILL after its workers have run, before exit.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_THREADS 64

struct block {
    long word[16]; /* 128 bytes: two lines */
};

static long own[MAX_THREADS][8] __attribute__((aligned(64)));
static long table[64] __attribute__((aligned(64)));
static struct block copies[MAX_THREADS] __attribute__((aligned(64)));
static struct block pattern __attribute__((aligned(64)));
static struct {
    _Atomic long value;
    char rest_of_the_line[56];
} counter __attribute__((aligned(64))); /* alone on its line */
static long rounds;
static long seen[MAX_THREADS];

static void *worker(void *arg) {
    long w = (long) arg;
    volatile long *mine = own[w];
    volatile long *shared = table;
    for (long r = 0; r < rounds; r++) {
        mine[0] = mine[0] + shared[r & 63];
    }
    atomic_fetch_add(&counter.value, 1);
    seen[w] = atomic_load(&counter.value);
    copies[w] = pattern;
    volatile char *boundary = (volatile char *) &copies[w] + 62;
    *(volatile int *) boundary = 7;
    return NULL;
}

int main(int argc, char **argv) {
    long threads = argc > 1 ? atol(argv[1]) : 4;
    rounds = argc > 2 ? atol(argv[2]) : 1000;
    int kill_self = argc > 3 && strcmp(argv[3], "kill") == 0;
    if (threads < 1 || threads > MAX_THREADS || rounds < 0) {
        fprintf(stderr, "usage: sharing [THREADS (1-%d) [ROUNDS [kill]]]\n", MAX_THREADS);
        return 2;
    }
    volatile long *t = table;
    for (int i = 0; i < 64; i++) {
        t[i] = i;
    }
    volatile long *p = pattern.word;
    for (int i = 0; i < 16; i++) {
        p[i] = i;
    }
    pthread_t id[MAX_THREADS];
    for (long w = 0; w < threads; w++) {
        if (pthread_create(&id[w], NULL, worker, (void *) w) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    for (long w = 0; w < threads; w++) {
        pthread_join(id[w], NULL);
    }
    if (kill_self) {
        raise(SIGKILL);
    }
    long total = 0;
    for (long w = 0; w < threads; w++) {
        total += seen[w];
    }
    printf("sharing: %ld threads, %ld rounds, %ld\n", threads, rounds, total);
    return 0;
}
