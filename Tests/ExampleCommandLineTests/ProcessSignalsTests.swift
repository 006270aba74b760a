import ExampleCommandLine
import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// ``ProcessSignals/prepare()`` and ``ProcessSignals/end(by:)`` change the whole process; the
/// end-to-end tests check them on the executables (Ctrl-C, `| head`).
@Suite(.timeLimit(.minutes(1)))
struct ProcessSignalsTests {
  @Test func unblockingLetsASignalThroughOnThisThreadOnly() async {
    let isBlockedAfter = await withCheckedContinuation { continuation in
      Thread {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGHUP)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)

        ProcessSignals.unblock([SIGHUP])

        var current = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        continuation.resume(
          returning: (sigismember(&current, SIGHUP) == 1, sigismember(&current, SIGTERM) == 1))
      }.start()
    }
    #expect(isBlockedAfter == (false, true))
  }
}
