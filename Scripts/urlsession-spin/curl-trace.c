// An LD_PRELOAD shim for diagnosis only: logs what libcurl asks FoundationNetworking to watch
// (CURLMOPT_SOCKETFUNCTION) and the timeouts it asks for (CURLMOPT_TIMERFUNCTION), and counts
// the calls of curl_multi_socket_action.
//
// With CURL_TRACE_REREGISTER=1 it also tests the diagnosis: when libcurl narrows a socket from
// write (or read and write) to read only, the shim reports a CURL_POLL_REMOVE first and then the
// new action as for a new socket, so that FoundationNetworking drops its write source; the loop
// stops. (It leans on FoundationNetworking calling curl_multi_assign for a socket it sees anew.)
//
//   cc -shared -fPIC -O2 -o libcurl-trace.so curl-trace.c -ldl
//   LD_PRELOAD=$PWD/libcurl-trace.so ./repro http://127.0.0.1:18080/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <time.h>

typedef void CURLM;
typedef void CURL;
typedef int (*socket_fn)(CURL *, int, int, void *, void *);
typedef int (*timer_fn)(CURLM *, long, void *);

static socket_fn real_socket_fn;
static timer_fn real_timer_fn;
static atomic_long socket_actions, timeout_actions;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static int last_action[1024];

static int log_socket(CURL *e, int s, int what, void *u, void *sp) {
  static const char *names[] = {"NONE", "IN", "OUT", "INOUT", "REMOVE"};
  fprintf(stderr, "[curl-trace %.6f] socket %d: CURL_POLL_%s (socket_action calls so far: %ld on sockets, %ld on timeouts)\n",
          now(), s, what >= 0 && what <= 4 ? names[what] : "?", socket_actions, timeout_actions);
  int before = s >= 0 && s < 1024 ? last_action[s] : 0;
  if (s >= 0 && s < 1024) last_action[s] = what == 4 ? 0 : what;
  const char *reregister = getenv("CURL_TRACE_REREGISTER");
  if (reregister && *reregister == '1' && (before & 2) && what == 1) {
    fprintf(stderr, "[curl-trace] socket %d: reported as REMOVE, then IN anew\n", s);
    real_socket_fn(e, s, 4, u, sp);
    return real_socket_fn(e, s, what, u, NULL);
  }
  return real_socket_fn(e, s, what, u, sp);
}

static int log_timer(CURLM *m, long ms, void *u) {
  fprintf(stderr, "[curl-trace %.6f] timer: %ld ms\n", now(), ms);
  return real_timer_fn(m, ms, u);
}

int curl_multi_setopt(CURLM *m, int option, ...) {
  static int (*real)(CURLM *, int, ...);
  if (!real) real = dlsym(RTLD_NEXT, "curl_multi_setopt");
  va_list ap;
  va_start(ap, option);
  void *arg = va_arg(ap, void *);
  va_end(ap);
  if (option == 20001) { real_socket_fn = (socket_fn)arg; arg = (void *)log_socket; }
  if (option == 20004) { real_timer_fn = (timer_fn)arg; arg = (void *)log_timer; }
  return real(m, option, arg);
}

int curl_multi_socket_action(CURLM *m, int s, int mask, int *running) {
  static int (*real)(CURLM *, int, int, int *);
  if (!real) real = dlsym(RTLD_NEXT, "curl_multi_socket_action");
  if (s == -1) timeout_actions++; else socket_actions++;
  return real(m, s, mask, running);
}

__attribute__((destructor)) static void summary(void) {
  if (socket_actions == 0 && timeout_actions == 0) return;  // Not a libcurl user.
  fprintf(stderr, "[curl-trace] curl_multi_socket_action: %ld on sockets, %ld on timeouts\n",
          socket_actions, timeout_actions);
}
