// The process EffectIsolationTests start to see where an effect sent from the main actor runs,
// with the main actor served on this process's main thread, as in an app. In the test runner on
// Linux, a `@MainActor` test runs on a thread of the runner's pool, where `Thread.isMainThread`
// cannot tell, and where `MainActor.assumeIsolated` would trap the whole runner.
//
// It prints one line per check and exits 0. A check that fails prints what it saw and exits 1,
// or traps (`MainActor.assumeIsolated`, `dispatchPrecondition`); a watchdog exits 3 after 30 s.
import Foundation
import Reactors

/// Writes a line at once, unbuffered, so that it reaches the test even if a later check traps.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Says that a check failed, and how, and ends the process with `status`.
func fail(_ line: String, status: Int32 = 1) -> Never {
  say("FAILED: \(line)")
  exit(status)
}

/// Checks that the caller runs on the main actor, on the main thread and its queue, and says so.
func checkOnTheMainActor(_ what: String) {
  // The soft check first, so that the usual failure is a line rather than a trap.
  guard Thread.isMainThread else { fail("\(what): not on the main thread") }
  MainActor.assumeIsolated {}
  dispatchPrecondition(condition: .onQueue(.main))
  say("\(what): main actor, main thread")
}

/// Checks that `model` has a state whose log is `log`, and says so.
///
/// Synchronous, so it reads the model in its caller's main-actor job: a state that a later hop
/// would apply is not there yet.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func checkThat(_ model: ObservedReactor<EffectLogReactor>, has log: [String]) {
  let seen = MainActor.assumeIsolated { model.state.log }
  guard seen == log else { fail("model when send returned: \(seen)") }
  say("model when send returned: has the state")
}

/// Sends from the main actor an effect that sends a mutation, then one told to leave it, and
/// checks where each part runs.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor func checkEffectsSentFromTheMainActor() async {
  let reactor = EffectLogReactor()
  let model = ObservedReactor(reactor)
  let observation = reactor.observe { state in
    if state.log == ["sent"] { checkOnTheMainActor("observer of its mutation") }
  }
  reactor.send(
    .perform(
      .run { send in
        checkOnTheMainActor("effect body")
        send(.append("sent"))
        checkThat(model, has: ["sent"])
      }))
  await reactor.waitUntilIdle()

  reactor.send(
    .perform(
      .run(isolation: nil) { _ in
        guard !Thread.isMainThread else { fail("run(isolation: nil) body: on the main thread") }
        say("run(isolation: nil) body: off the main thread")
      }))
  await reactor.waitUntilIdle()
  observation.cancel()
}

DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
  fail("not done after 30 s", status: 3)
}
guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
  fail("ObservedReactor needs macOS 14, iOS 17, tvOS 17 or watchOS 10")
}
Task { @MainActor in
  await checkEffectsSentFromTheMainActor()
  exit(0)
}
// Serves the main queue, and so the main actor, on this thread from here on. Not `dispatchMain()`:
// on Linux it parks this thread and leaves the main queue to a thread of the pool, where
// `Thread.isMainThread` is false, and so does async top-level code.
RunLoop.main.run()
fail("the main run loop returned")
