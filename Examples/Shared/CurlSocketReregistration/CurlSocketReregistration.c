// Stops a busy wait of URLSession on Linux (Scripts/urlsession-spin/README.md): when libcurl
// narrows a socket from write to read, FoundationNetworking keeps its dispatch write source, which
// fires without pause until the transfer ends. Defined in the executable, this curl_multi_setopt
// is the one FoundationNetworking calls. It passes every option on to libcurl's, but wraps
// FoundationNetworking's socket callback so that a change to a socket it watches arrives as a
// removal, then the new interest in a socket seen anew (what libcurl itself sends for a reused
// connection), and FoundationNetworking drops the stale source. Where FoundationNetworking is not
// a shared library (a static build), nothing changes.

#if defined(__linux__)

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // For dladdr and RTLD_NEXT.
#endif
#include <dlfcn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <string.h>

typedef int (*SocketCallback)(void *easy, int socket, int what, void *user, void *socketData);

// From curl/multi.h, whose header need not be installed.
enum {
  optionTypeObject = 10000,
  optionTypeFunction = 20000,
  optionTypeOffset = 30000,
  optionTypeBlob = 40000,
  optionSocketFunction = optionTypeFunction + 1,
  pollRemove = 4,
};

// FoundationNetworking's callback: one function for every session, so one slot.
static _Atomic(SocketCallback) foundationCallback;

static int reregisteringCallback(
  void *easy, int socket, int what, void *user, void *socketData
) {
  SocketCallback callback = atomic_load_explicit(&foundationCallback, memory_order_relaxed);
  if (socketData == NULL || what == pollRemove) {
    return callback(easy, socket, what, user, socketData);
  }
  // FoundationNetworking releases socketData on a removal and assigns a new one to a socket it
  // sees without; libcurl holds the new one from then on.
  callback(easy, socket, pollRemove, user, socketData);
  return callback(easy, socket, what, user, NULL);
}

/// Whether `function` is FoundationNetworking's: only its handling of a removal is known.
static int isFoundationNetworking(void *function) {
  Dl_info info;
  return dladdr(function, &info) != 0 && info.dli_fname != NULL
    && strstr(info.dli_fname, "libFoundationNetworking") != NULL;
}

__attribute__((weak)) int curl_multi_setopt(void *multi, int option, ...) {
  static _Atomic(int (*)(void *, int, ...)) libcurlSetOption;
  int (*setOption)(void *, int, ...) = atomic_load_explicit(&libcurlSetOption, memory_order_relaxed);
  if (setOption == NULL) {
    setOption = (int (*)(void *, int, ...))dlsym(RTLD_NEXT, "curl_multi_setopt");
    if (setOption == NULL) return 1;  // CURLM_BAD_HANDLE: no libcurl behind this one.
    atomic_store_explicit(&libcurlSetOption, setOption, memory_order_relaxed);
  }
  // Each option takes one argument, whose type its number's range says.
  va_list arguments;
  va_start(arguments, option);
  int result;
  if (option >= optionTypeBlob) {
    result = setOption(multi, option, va_arg(arguments, void *));
  } else if (option >= optionTypeOffset) {
    result = setOption(multi, option, va_arg(arguments, long long));
  } else if (option >= optionTypeFunction) {
    void *function = va_arg(arguments, void *);
    if (option == optionSocketFunction && function != NULL && isFoundationNetworking(function)) {
      atomic_store_explicit(&foundationCallback, (SocketCallback)function, memory_order_relaxed);
      function = (void *)reregisteringCallback;
    }
    result = setOption(multi, option, function);
  } else if (option >= optionTypeObject) {
    result = setOption(multi, option, va_arg(arguments, void *));
  } else {
    result = setOption(multi, option, va_arg(arguments, long));
  }
  va_end(arguments);
  return result;
}

#endif
