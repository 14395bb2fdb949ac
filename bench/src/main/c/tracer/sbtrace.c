/*
 * scalebench's tracer runtime: the hooks that `gcc -fsanitize=thread` (or clang's) inserts before every load
 * and store of an instrumented program, defined here so that the program reports its memory accesses, with
 * its thread, to `scalebench coherence trace capture` instead of checking them for races. Link it in place of
 * libtsan: compile every file with -fsanitize=thread, link without that flag and with libsbtrace.a
 * (docs/traces.md).
 *
 * What is recorded: one record per access of instrumented code (loads and stores of 1, 2, 4, 8 and 16 bytes,
 * aligned or not, volatile or not; range accesses such as struct copies, one record per cache line they touch;
 * atomics: a load is a load, a store, an exchange, a fetch-and-op or a compare-and-swap is a store, as a
 * read-for-ownership; fences record nothing; an access that crosses a 64-byte line is also recorded on the
 * next line). Code that is not compiled with the flag (libc: memcpy, memset, string functions, malloc;
 * the kernel) records nothing.
 *
 * Order: every access takes a ticket from one global counter (an atomic fetch-and-add) before it is recorded;
 * the trace is the accesses sorted by ticket. In a data-race-free program two conflicting accesses of different
 * threads are ordered by synchronization, and the counter's modification order respects that order, so the
 * ticket order is one sequentially consistent interleaving of the run that happened. Accesses of threads that
 * run at the same time on different host cores get tickets in the order they reached the counter; threads that
 * share a host core appear in runs as long as the scheduler let them run (SCALEBENCH_TRACE_YIELD makes every
 * thread yield the processor after that many accesses, which shortens those runs).
 *
 * Threads: the thread that runs the constructors (main) is thread 0; every thread created with pthread_create
 * gets the next number when it is created (so numbers follow the program's creation order, not the
 * scheduler's); a thread created otherwise gets the next number at its first access.
 *
 * Buffers: each thread keeps its records in its own buffer of SB_BUFFER_RECORDS records and appends the whole
 * buffer to the raw file, under one lock, when it is full, when the thread exits and when the process exits.
 * The raw file (host byte order, never kept: capture merges it into a .sbt trace and deletes it) is
 *
 *   chunk:  u32 'SBRC', u32 thread, u32 count, u32 0, then count x {u64 ticket, u64 address | store << 63}
 *   footer: u32 'SBRE', u32 threads, u64 records, u64 tickets, u64 cap, u32 flags, u32 error (errno)
 *
 * The footer is written by an atexit handler: a run that ends without it (killed, _exit) is not a trace.
 *
 * Environment (set by capture): SCALEBENCH_TRACE_FILE (the raw file, which must exist: the runtime never
 * creates files), SCALEBENCH_TRACE_MAX (the cap: tickets from the cap on are not recorded, the program runs
 * on), SCALEBENCH_TRACE_YIELD (0 or N), SCALEBENCH_TRACE_RESERVE (bytes the disk must keep free beyond 17/16
 * of the raw file, which capture needs to write the trace; when the disk's free space falls below that, the
 * cap is lowered to the accesses recorded so far). They are removed from the environment at start, so that
 * programs this one runs are not traced into the same file.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#define SB_LINE_BYTES 64u
#define SB_BUFFER_RECORDS 8192u
#define SB_MAX_THREADS 1024u
#define SB_CHUNK_MAGIC 0x43524253u  /* "SBRC" in little-endian bytes */
#define SB_FOOTER_MAGIC 0x45524253u /* "SBRE" */
#define SB_STORE_BIT (1ull << 63)
#define SB_DISK_CHECK_FLUSHES 16u

/* footer flags */
#define SB_FLAG_CAPPED 1u       /* the cap was reached: the program made more accesses than recorded */
#define SB_FLAG_WRITE_FAILED 2u /* a write to the raw file failed (error holds errno): not a trace */
#define SB_FLAG_DISK_LOW 4u     /* the cap was lowered because the disk's free space ran low */
#define SB_FLAG_TOO_MANY_THREADS 8u /* threads beyond SB_MAX_THREADS were not recorded: not a trace */

enum { SB_OFF = 0, SB_RECORDING = 1 };

typedef struct {
    uint64_t ticket;
    uint64_t address; /* byte address, SB_STORE_BIT set for a store */
} sb_record;

typedef struct {
    uint32_t magic, thread, count, zero;
} sb_chunk_header;

typedef struct {
    uint32_t magic, threads;
    uint64_t records, tickets, cap;
    uint32_t flags, error;
} sb_footer;

typedef struct {
    uint32_t index;
    uint32_t count;
    uint64_t since_yield;
    sb_record records[SB_BUFFER_RECORDS];
} sb_thread;

static volatile int sb_state = SB_OFF;
static int sb_fd = -1;
static pid_t sb_pid;
static uint64_t sb_yield_every;
static uint64_t sb_reserve;
static _Atomic uint64_t sb_cap;
static _Atomic uint64_t sb_next_ticket;
static _Atomic uint32_t sb_next_thread;
static _Atomic uint32_t sb_flags;
static uint32_t sb_error;
static uint64_t sb_records_written; /* under sb_lock */
static uint64_t sb_flushes;         /* under sb_lock */
static pthread_mutex_t sb_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t sb_wide_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t sb_once = PTHREAD_ONCE_INIT;
static pthread_key_t sb_key;
static sb_thread *sb_threads[SB_MAX_THREADS]; /* live buffers, under sb_lock */
static __thread sb_thread *sb_self;
static __thread int64_t sb_assigned = -1; /* the number pthread_create gave this thread */

static void sb_say(const char *what) {
    const char *prefix = "scalebench tracer: ";
    if (write(2, prefix, strlen(prefix)) < 0 || write(2, what, strlen(what)) < 0 || write(2, "\n", 1) < 0) {
        /* nothing more can be done */
    }
}

static uint64_t sb_env(const char *name, uint64_t fallback) {
    const char *v = getenv(name);
    if (v == NULL || *v == '\0') {
        return fallback;
    }
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    return errno != 0 || *end != '\0' ? fallback : (uint64_t) n;
}

/* Writes all of buf; returns 0 or errno. Caller holds sb_lock. */
static int sb_write_all(const void *buf, size_t len) {
    const char *p = buf;
    while (len > 0) {
        ssize_t n = write(sb_fd, p, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return errno;
        }
        p += n;
        len -= (size_t) n;
    }
    return 0;
}

static void sb_fail(int err) {
    atomic_fetch_or(&sb_flags, SB_FLAG_WRITE_FAILED);
    if (sb_error == 0) {
        sb_error = (uint32_t) err;
        char msg[160];
        snprintf(msg, sizeof msg, "writing the raw trace failed (%s); recording stopped", strerror(err));
        sb_say(msg);
    }
    sb_state = SB_OFF;
}

/* Lowers the cap to the tickets taken so far when the disk cannot hold the trace this raw file becomes. */
static void sb_check_disk(void) {
    struct statvfs fs;
    if (fstatvfs(sb_fd, &fs) != 0) {
        return;
    }
    uint64_t free_bytes = (uint64_t) fs.f_bavail * (uint64_t) fs.f_frsize;
    uint64_t raw = sb_records_written * sizeof(sb_record);
    uint64_t needed = raw + raw / 16 + sb_reserve; /* the .sbt trace is 17/16 of the raw records */
    if (free_bytes < needed) {
        uint64_t taken = atomic_load(&sb_next_ticket);
        uint64_t cap = atomic_load(&sb_cap);
        if (taken < cap) {
            atomic_store(&sb_cap, taken);
        }
        if (!(atomic_fetch_or(&sb_flags, SB_FLAG_DISK_LOW) & SB_FLAG_DISK_LOW)) {
            sb_say("the disk is nearly full: recording stopped, the trace keeps the accesses recorded so far");
        }
    }
}

/* Appends a thread's buffer to the raw file. Caller holds sb_lock. */
static void sb_flush_locked(sb_thread *t) {
    if (t->count == 0) {
        return;
    }
    if (sb_fd < 0 || getpid() != sb_pid) { /* a forked child never writes into the parent's trace */
        t->count = 0;
        return;
    }
    sb_chunk_header h = {SB_CHUNK_MAGIC, t->index, t->count, 0};
    int err = sb_write_all(&h, sizeof h);
    if (err == 0) {
        err = sb_write_all(t->records, (size_t) t->count * sizeof(sb_record));
    }
    if (err != 0) {
        sb_fail(err);
    } else {
        sb_records_written += t->count;
        if (++sb_flushes % SB_DISK_CHECK_FLUSHES == 1) { /* the first flush, then every 16th */
            sb_check_disk();
        }
    }
    t->count = 0;
}

static void sb_flush(sb_thread *t) {
    pthread_mutex_lock(&sb_lock);
    sb_flush_locked(t);
    pthread_mutex_unlock(&sb_lock);
}

/* pthread key destructor: a thread that exits appends what it still holds. */
static void sb_thread_exit(void *p) {
    sb_thread *t = p;
    pthread_mutex_lock(&sb_lock);
    sb_flush_locked(t);
    sb_threads[t->index] = NULL;
    pthread_mutex_unlock(&sb_lock);
    sb_self = NULL;
    free(t);
}

/* Gives the calling thread its buffer; NULL when it cannot be traced. */
static sb_thread *sb_attach(void) {
    if (sb_state != SB_RECORDING) {
        return NULL;
    }
    uint32_t index = sb_assigned >= 0 ? (uint32_t) sb_assigned : atomic_fetch_add(&sb_next_thread, 1);
    if (index >= SB_MAX_THREADS) {
        if (!(atomic_fetch_or(&sb_flags, SB_FLAG_TOO_MANY_THREADS) & SB_FLAG_TOO_MANY_THREADS)) {
            sb_say("the program runs more than 1024 threads; the others are not recorded");
        }
        sb_assigned = SB_MAX_THREADS; /* do not ask again */
        return NULL;
    }
    sb_thread *t = malloc(sizeof *t);
    if (t == NULL) {
        sb_fail(ENOMEM);
        return NULL;
    }
    t->index = index;
    t->count = 0;
    t->since_yield = 0;
    pthread_mutex_lock(&sb_lock);
    sb_threads[index] = t;
    pthread_mutex_unlock(&sb_lock);
    pthread_setspecific(sb_key, t);
    sb_self = t;
    return t;
}

static void sb_finish(void) {
    pthread_mutex_lock(&sb_lock);
    if (sb_fd >= 0 && getpid() == sb_pid) {
        int was = sb_state;
        sb_state = SB_OFF;
        if (was == SB_RECORDING) {
            for (uint32_t i = 0; i < SB_MAX_THREADS; i++) {
                if (sb_threads[i] != NULL) {
                    sb_flush_locked(sb_threads[i]);
                }
            }
        }
        uint32_t threads = atomic_load(&sb_next_thread);
        uint64_t tickets = atomic_load(&sb_next_ticket);
        uint64_t cap = atomic_load(&sb_cap);
        if (tickets > cap) {
            atomic_fetch_or(&sb_flags, SB_FLAG_CAPPED);
        }
        sb_footer f = {SB_FOOTER_MAGIC, threads > SB_MAX_THREADS ? SB_MAX_THREADS : threads, sb_records_written,
            tickets, cap, atomic_load(&sb_flags), sb_error};
        int err = sb_write_all(&f, sizeof f);
        if (err != 0) {
            sb_fail(err);
        }
        close(sb_fd);
        sb_fd = -1;
    }
    pthread_mutex_unlock(&sb_lock);
}

static void sb_init_once(void) {
    const char *file = getenv("SCALEBENCH_TRACE_FILE");
    if (file == NULL || *file == '\0') {
        sb_say("SCALEBENCH_TRACE_FILE is not set: this program is built for `scalebench coherence trace capture`; "
               "it runs without recording");
        return;
    }
    sb_fd = open(file, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (sb_fd < 0) {
        char msg[200];
        snprintf(msg, sizeof msg, "cannot open SCALEBENCH_TRACE_FILE (%s); the program runs without recording",
                 strerror(errno));
        sb_say(msg);
        return;
    }
    sb_pid = getpid();
    atomic_store(&sb_cap, sb_env("SCALEBENCH_TRACE_MAX", UINT64_MAX));
    sb_yield_every = sb_env("SCALEBENCH_TRACE_YIELD", 0);
    sb_reserve = sb_env("SCALEBENCH_TRACE_RESERVE", 64u << 20);
    unsetenv("SCALEBENCH_TRACE_FILE");
    unsetenv("SCALEBENCH_TRACE_MAX");
    unsetenv("SCALEBENCH_TRACE_YIELD");
    unsetenv("SCALEBENCH_TRACE_RESERVE");
    if (pthread_key_create(&sb_key, sb_thread_exit) != 0 || atexit(sb_finish) != 0) {
        sb_say("cannot register the thread and exit handlers; the program runs without recording");
        close(sb_fd);
        sb_fd = -1;
        return;
    }
    sb_assigned = atomic_fetch_add(&sb_next_thread, 1); /* the initializing (main) thread is thread 0 */
    sb_state = SB_RECORDING;
}

static void sb_init(void) {
    pthread_once(&sb_once, sb_init_once);
}

__attribute__((constructor)) static void sb_constructor(void) {
    sb_init();
}

static inline void sb_put(sb_thread *t, uint64_t address, int store) {
    uint64_t ticket = atomic_fetch_add_explicit(&sb_next_ticket, 1, memory_order_relaxed);
    if (ticket >= atomic_load_explicit(&sb_cap, memory_order_relaxed)) {
        return;
    }
    sb_record *r = &t->records[t->count];
    r->ticket = ticket;
    r->address = address | (store ? SB_STORE_BIT : 0);
    if (++t->count == SB_BUFFER_RECORDS) {
        sb_flush(t);
    }
}

static inline sb_thread *sb_current(void) {
    sb_thread *t = sb_self;
    if (__builtin_expect(t == NULL, 0)) {
        t = sb_attach();
    }
    return sb_state == SB_RECORDING ? t : NULL;
}

static inline void sb_yield_point(sb_thread *t) {
    if (sb_yield_every != 0 && ++t->since_yield >= sb_yield_every) {
        t->since_yield = 0;
        sched_yield();
    }
}

/* One access of `size` bytes: its line, and the next line when it crosses into it. */
static inline void sb_access(const void *p, uint64_t size, int store) {
    sb_thread *t = sb_current();
    if (t == NULL) {
        return;
    }
    uint64_t a = (uint64_t) (uintptr_t) p & ~SB_STORE_BIT;
    sb_put(t, a, store);
    if ((a & (SB_LINE_BYTES - 1)) + size > SB_LINE_BYTES) {
        sb_put(t, (a | (SB_LINE_BYTES - 1)) + 1, store);
    }
    sb_yield_point(t);
}

/* A range: one record per line it touches, the first at its own address. */
static void sb_range(const void *p, uint64_t size, int store) {
    if (size == 0) {
        return;
    }
    sb_thread *t = sb_current();
    if (t == NULL) {
        return;
    }
    uint64_t a = (uint64_t) (uintptr_t) p & ~SB_STORE_BIT;
    uint64_t end = a + size;
    sb_put(t, a, store);
    for (uint64_t line = (a | (SB_LINE_BYTES - 1)) + 1; line < end; line += SB_LINE_BYTES) {
        sb_put(t, line, store);
    }
    sb_yield_point(t);
}

/* ---- thread creation: numbers in creation order ---- */

typedef int (*sb_create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

typedef struct {
    void *(*start)(void *);
    void *arg;
    uint32_t index;
} sb_start;

static void *sb_trampoline(void *p) {
    sb_start s = *(sb_start *) p;
    free(p);
    sb_assigned = s.index;
    return s.start(s.arg);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg) {
    static sb_create_fn real;
    if (real == NULL) {
        real = (sb_create_fn) dlsym(RTLD_NEXT, "pthread_create");
        if (real == NULL) {
            sb_say("cannot find the C library's pthread_create");
            return EAGAIN;
        }
    }
    sb_start *s = malloc(sizeof *s);
    if (s == NULL) {
        return EAGAIN;
    }
    s->start = start;
    s->arg = arg;
    s->index = atomic_fetch_add(&sb_next_thread, 1);
    int result = real(thread, attr, sb_trampoline, s);
    if (result != 0) {
        free(s);
    }
    return result;
}

/* ---- the hooks ---- */

void __tsan_init(void) { sb_init(); }
void __tsan_func_entry(void *pc) { (void) pc; }
void __tsan_func_exit(void) {}

#define SB_SIZED(n) \
    void __tsan_read##n(void *p) { sb_access(p, n, 0); } \
    void __tsan_write##n(void *p) { sb_access(p, n, 1); } \
    void __tsan_unaligned_read##n(void *p) { sb_access(p, n, 0); } \
    void __tsan_unaligned_write##n(void *p) { sb_access(p, n, 1); } \
    void __tsan_volatile_read##n(void *p) { sb_access(p, n, 0); } \
    void __tsan_volatile_write##n(void *p) { sb_access(p, n, 1); } \
    void __tsan_unaligned_volatile_read##n(void *p) { sb_access(p, n, 0); } \
    void __tsan_unaligned_volatile_write##n(void *p) { sb_access(p, n, 1); }
SB_SIZED(1)
SB_SIZED(2)
SB_SIZED(4)
SB_SIZED(8)
SB_SIZED(16)

void __tsan_read_range(void *p, unsigned long size) { sb_range(p, size, 0); }
void __tsan_write_range(void *p, unsigned long size) { sb_range(p, size, 1); }
void __tsan_vptr_read(void **p) { sb_access(p, sizeof *p, 0); }
void __tsan_vptr_update(void **p, void *value) { (void) value; sb_access(p, sizeof *p, 1); }

/*
 * Atomics. The instrumented program calls these instead of performing the operation, so each one performs it
 * (sequentially consistent, at least as strong as any order asked for) and records it. 128-bit operations take
 * one lock, which every 128-bit atomic of the program goes through.
 */
#define SB_ATOMIC(bits, type) \
    type __tsan_atomic##bits##_load(const volatile type *a, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 0); \
        return __atomic_load_n(a, __ATOMIC_SEQ_CST); } \
    void __tsan_atomic##bits##_store(volatile type *a, type v, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 1); \
        __atomic_store_n(a, v, __ATOMIC_SEQ_CST); } \
    type __tsan_atomic##bits##_exchange(volatile type *a, type v, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); } \
    type __tsan_atomic##bits##_fetch_add(volatile type *a, type v, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); } \
    type __tsan_atomic##bits##_fetch_sub(volatile type *a, type v, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); } \
    type __tsan_atomic##bits##_fetch_and(volatile type *a, type v, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); } \
    type __tsan_atomic##bits##_fetch_or(volatile type *a, type v, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); } \
    type __tsan_atomic##bits##_fetch_xor(volatile type *a, type v, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); } \
    type __tsan_atomic##bits##_fetch_nand(volatile type *a, type v, int mo) { \
        (void) mo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST); } \
    int __tsan_atomic##bits##_compare_exchange_strong(volatile type *a, type *c, type v, int mo, int fmo) { \
        (void) mo; (void) fmo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_compare_exchange_n(a, c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); } \
    int __tsan_atomic##bits##_compare_exchange_weak(volatile type *a, type *c, type v, int mo, int fmo) { \
        (void) mo; (void) fmo; sb_access((const void *) a, sizeof(type), 1); \
        return __atomic_compare_exchange_n(a, c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); } \
    type __tsan_atomic##bits##_compare_exchange_val(volatile type *a, type c, type v, int mo, int fmo) { \
        (void) mo; (void) fmo; sb_access((const void *) a, sizeof(type), 1); \
        __atomic_compare_exchange_n(a, &c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
        return c; }
SB_ATOMIC(8, int8_t)
SB_ATOMIC(16, int16_t)
SB_ATOMIC(32, int32_t)
SB_ATOMIC(64, int64_t)

typedef __int128 sb_int128;

#define SB_WIDE_RMW(name, expr) \
    sb_int128 __tsan_atomic128_##name(volatile sb_int128 *a, sb_int128 v, int mo) { \
        (void) mo; sb_access((const void *) a, 16, 1); \
        pthread_mutex_lock(&sb_wide_lock); \
        sb_int128 old = *a; \
        *a = (expr); \
        pthread_mutex_unlock(&sb_wide_lock); \
        return old; }
SB_WIDE_RMW(exchange, v)
SB_WIDE_RMW(fetch_add, old + v)
SB_WIDE_RMW(fetch_sub, old - v)
SB_WIDE_RMW(fetch_and, old & v)
SB_WIDE_RMW(fetch_or, old | v)
SB_WIDE_RMW(fetch_xor, old ^ v)
SB_WIDE_RMW(fetch_nand, ~(old & v))

sb_int128 __tsan_atomic128_load(const volatile sb_int128 *a, int mo) {
    (void) mo;
    sb_access((const void *) a, 16, 0);
    pthread_mutex_lock(&sb_wide_lock);
    sb_int128 v = *a;
    pthread_mutex_unlock(&sb_wide_lock);
    return v;
}

void __tsan_atomic128_store(volatile sb_int128 *a, sb_int128 v, int mo) {
    (void) mo;
    sb_access((const void *) a, 16, 1);
    pthread_mutex_lock(&sb_wide_lock);
    *a = v;
    pthread_mutex_unlock(&sb_wide_lock);
}

static int sb_wide_cas(volatile sb_int128 *a, sb_int128 *c, sb_int128 v) {
    sb_access((const void *) a, 16, 1);
    pthread_mutex_lock(&sb_wide_lock);
    int same = *a == *c;
    if (same) {
        *a = v;
    } else {
        *c = *a;
    }
    pthread_mutex_unlock(&sb_wide_lock);
    return same;
}

int __tsan_atomic128_compare_exchange_strong(volatile sb_int128 *a, sb_int128 *c, sb_int128 v, int mo, int fmo) {
    (void) mo; (void) fmo;
    return sb_wide_cas(a, c, v);
}

int __tsan_atomic128_compare_exchange_weak(volatile sb_int128 *a, sb_int128 *c, sb_int128 v, int mo, int fmo) {
    (void) mo; (void) fmo;
    return sb_wide_cas(a, c, v);
}

sb_int128 __tsan_atomic128_compare_exchange_val(volatile sb_int128 *a, sb_int128 c, sb_int128 v, int mo, int fmo) {
    (void) mo; (void) fmo;
    sb_wide_cas(a, &c, v);
    return c;
}

void __tsan_atomic_thread_fence(int mo) { (void) mo; __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int mo) { (void) mo; __atomic_signal_fence(__ATOMIC_SEQ_CST); }
