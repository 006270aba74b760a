import Foundation
import Testing

@_spi(Testing) @testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct RuntimeStorageEffectsTests {
  @Test func aRunThatReturnsWhileTheStepThatStartedItRunsEndsBehindThatStep() async {
    // Given a reactor whose observer holds the step at two marks: "hold", until a second thread
    // has queued its actions, and "block", until the run the step started has returned
    let reactor = ScriptedReactor()
    let holding = DispatchSemaphore(value: 0)
    let queued = DispatchSemaphore(value: 0)
    let runReturned = DispatchSemaphore(value: 0)
    let waits = Recorder<DispatchTimeoutResult>()
    let observation = reactor.observe { state in
      switch state.log.last {
      case "hold":
        holding.signal()
        waits.record(queued.wait(timeout: .now() + .seconds(100)))
      case "block":
        waits.record(runReturned.wait(timeout: .now() + .seconds(100)))
      default:
        break
      }
    }
    // When one thread's step is held while another queues a run that returns at once, then the
    // mark that holds the step until that run has returned
    await runOnThreads([true, false]) { isHolder in
      if isHolder {
        reactor.send(.perform(.just(.append("hold"))))
        return
      }
      waits.record(holding.wait(timeout: .now() + .seconds(100)))
      reactor.send(
        .perform(
          .run { send in
            send(.append("run"))
            runReturned.signal()
          }))
      reactor.send(.perform(.just(.append("block"))))
      queued.signal()
    }
    await withDeadline("the reactor to be idle") { await reactor.waitUntilIdle() }
    // Then the run's mutation is applied behind the mark, and the run has ended with the step
    #expect(waits.values == [.success, .success, .success])
    #expect(reactor.currentState.log == ["hold", "block", "run"])
    #expect(reactor._runningEffectCount == 0)
    _ = observation
  }

  @Test func aMutationSentOffTheMainActorAfterAMainActorStepIsNotTakenForOneOnTheMainActor() async {
    // Given a main-actor step that starts an effect told to leave the main actor
    let reactor = ScriptedReactor()
    let onMainActor = Recorder<Bool>()
    let observation = reactor.observe { state in
      if state.log.last == "off" { onMainActor.record(reactor.runtime.storage.isStepOnMainActor) }
    }
    await MainActor.run {
      reactor.send(.perform(.run(isolation: nil) { send in send(.append("off")) }))
    }
    // When its mutation takes the free step on another thread, then that step is not taken for
    // one on the main actor (an `ObservedReactor` would apply its state there, off the main actor)
    await onMainActor.waitForCount(1)
    #expect(onMainActor.values == [false])
    observation.cancel()
  }
}
