import Foundation
import Testing

@_spi(Testing) @testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct RuntimeStorageEndingTests {
  @Test func workThatAStepStartsAfterTheReactorEndedIsCancelledAtOnce() async {
    // Given a step whose action reduces a mark, then starts a run; its observer holds the step
    // at the mark until the reactor has been ended from another thread
    let reactor = ScriptedReactor()
    let atMark = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    let waits = Recorder<DispatchTimeoutResult>()
    let observation = reactor.observe { state in
      guard state.log.last == "mark" else { return }
      atMark.signal()
      waits.record(ended.wait(timeout: .now() + .seconds(100)))
    }
    await runOnThreads([true, false]) { isSender in
      if isSender {
        reactor.send(
          .perform(.concat(.just(.append("mark")), .run { send in send(.append("ran")) })))
        return
      }
      // When the reactor ends while that step is held, before it starts the run
      waits.record(atMark.wait(timeout: .now() + .seconds(100)))
      reactor.runtime.storage.end()
      ended.signal()
    }
    await withDeadline("the reactor to be idle") { await reactor.waitUntilIdle() }
    // Then the run, decided before the end but started after it, lands nothing
    #expect(waits.values == [.success, .success])
    #expect(reactor.currentState.log == ["mark"])
    #expect(reactor._runningEffectCount == 0)
    _ = observation
  }
}
