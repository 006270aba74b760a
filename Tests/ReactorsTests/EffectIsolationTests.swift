import Foundation
@_spi(Testing) import Reactors
import Testing

/// Where an effect runs: on the actor its action was sent from (`#isolation` at the `send`), on
/// the global executor from a nonisolated sender, and wherever `run(isolation:)` says.
@Suite(.timeLimit(.minutes(5))) struct EffectIsolationTests {
  @Test func anEffectSentFromAnActorRunsOnThatActorsExecutorBeforeAndAfterItAwaits() async {
    // Given a reactor whose effect notes, before and after awaiting work elsewhere, whether it
    // runs on the marked actor's executor, and an observer that notes it for the effect's state
    let actor = MarkedActor()
    let seenOn = Recorder<String>()
    let reactor = ScriptedReactor()
    let observation = reactor.observe { state in
      if state.log == ["done"] { seenOn.record("observer: \(actor.executor.isCurrent)") }
    }
    // When the action is sent from the actor
    await actor.run { _ in
      reactor.send(
        .perform(
          .run { send in
            seenOn.record("body: \(actor.executor.isCurrent)")
            await workElsewhere()
            seenOn.record("after await: \(actor.executor.isCurrent)")
            send(.append("done"))
          }))
    }
    // Then the body, its continuation and the observer of its mutation ran on the actor
    await seenOn.waitForCount(3)
    #expect(seenOn.values == ["body: true", "after await: true", "observer: true"])
    observation.cancel()
  }

  @Test func theEffectOfAnActionQueuedWhileAnotherThreadOwnsTheStepStartsOnTheSendersActor()
    async
  {
    // Given a step held by another thread, in an observer that waits for the actor's send
    let actor = MarkedActor()
    let seenOn = Recorder<Bool>()
    let reactor = ScriptedReactor()
    let sent = DispatchSemaphore(value: 0)
    let observation = reactor.observe { state in
      if state.log == ["hold"] { _ = sent.wait(timeout: .now() + 60) }
    }
    let holder = Thread { reactor.send(.perform(.just(.append("hold")))) }
    holder.start()
    #expect(await eventually { reactor.currentState.log == ["hold"] })
    // When the actor sends while that thread owns the step, which then performs the action
    await actor.run { _ in
      reactor.send(.perform(.run { _ in seenOn.record(actor.executor.isCurrent) }))
    }
    sent.signal()
    // Then the effect still ran on the sender's actor
    await seenOn.waitForCount(1)
    #expect(seenOn.values == [true])
    observation.cancel()
  }

  @Test func anEffectSentFromANonisolatedContextRunsOnTheGlobalExecutor() async {
    let actor = MarkedActor()
    let seenOn = Recorder<String>()
    let reactor = ScriptedReactor()
    await Task.detached {
      reactor.send(
        .perform(
          .run { _ in
            let isolated = await currentIsolation() != nil
            seenOn.record("actor: \(actor.executor.isCurrent), isolated: \(isolated)")
          }))
    }.value
    await seenOn.waitForCount(1)
    #expect(seenOn.values == ["actor: false, isolated: false"])
  }

  @Test func anEffectSentFromTheMainActorRunsIsolatedToItAndItsStateReachesTheModelWithoutAHop()
    async
  {
    // Given a model of the reactor on the main actor
    let seenOn = Recorder<String>()
    let reactor = ScriptedReactor()
    let model = await ObservedReactor(reactor)
    // When the main actor sends an action whose effect sends a mutation
    await sendFromTheMainActor(
      .perform(
        .run { send in
          let before = await currentIsolation() === MainActor.shared
          seenOn.record("body: \(before)")
          await workElsewhere()
          let after = await currentIsolation() === MainActor.shared
          seenOn.record("after await: \(after)")
          send(.append("done"))
          // Still in the same main-actor job: a hop would apply the state only after it.
          let seen = await MainActor.run { model.state.log }
          seenOn.record("model: \(seen)")
        }),
      to: reactor)
    // Then the effect ran on the main actor, and the model had the state when `send` returned
    await seenOn.waitForCount(3)
    #expect(seenOn.values == ["body: true", "after await: true", "model: [\"done\"]"])
  }

  @Test func aRunToldToLeaveWithIsolationNilRunsOffTheSendersActorAndSoDoesItsReduce() async {
    let actor = MarkedActor()
    let seenOn = Recorder<String>()
    let reactor = ScriptedReactor()
    let observation = reactor.observe { state in
      if state.log == ["done"] { seenOn.record("observer: \(actor.executor.isCurrent)") }
    }
    await actor.run { _ in
      reactor.send(
        .perform(
          .run(isolation: nil) { send in
            let isolated = await currentIsolation() != nil
            seenOn.record("body: \(actor.executor.isCurrent), isolated: \(isolated)")
            send(.append("done"))
          }))
    }
    await seenOn.waitForCount(2)
    #expect(seenOn.values == ["body: false, isolated: false", "observer: false"])
    observation.cancel()
  }

  @Test func aRunGivenAnotherActorRunsThereAndSoDoesItsErrorHandler() async {
    let sender = MarkedActor()
    let target = MarkedActor()
    let seenOn = Recorder<String>()
    let reactor = ScriptedReactor()
    await sender.run { _ in
      reactor.send(
        .perform(
          .run(isolation: target) { _ in
            seenOn.record("body: \(target.executor.isCurrent) \(sender.executor.isCurrent)")
            throw HandlerTestError()
          } catch: { _, _ in
            seenOn.record("handler: \(target.executor.isCurrent) \(sender.executor.isCurrent)")
          }))
    }
    await seenOn.waitForCount(2)
    #expect(seenOn.values == ["body: true false", "handler: true false"])
  }

  @Test func partsOfAMergeInsideAScopeRunOnTheSendersActor() async {
    let actor = MarkedActor()
    let seenOn = Recorder<Bool>()
    let reactor = ScriptedReactor()
    await actor.run { _ in
      reactor.send(
        .perform(
          .concat(
            .run { _ in seenOn.record(actor.executor.isCurrent) },
            .merge(
              .run { _ in seenOn.record(actor.executor.isCurrent) },
              .run { _ in seenOn.record(actor.executor.isCurrent) }
            )
          ).cancellable(id: "merge")))
    }
    await seenOn.waitForCount(3)
    #expect(seenOn.values == [true, true, true])
  }

  @Test func aLatestRunFromAnActorRunsThereAndOnlyTheNewestOfABurstStarts() async {
    let actor = MarkedActor()
    let started = Recorder<String>()
    let reactor = ScriptedReactor()
    await actor.run { _ in
      for query in ["s", "sw", "swift"] {
        reactor.send(
          .perform(
            .run { send in
              started.record("\(query) \(actor.executor.isCurrent)")
              send(.append(query))
            }
            .cancellable(id: "search", policy: .latest)))
      }
    }
    await withDeadline("the search") { await reactor.waitUntilIdle() }
    #expect(started.values == ["swift true"])
    #expect(reactor.currentState.log == ["swift"])
  }

  @MainActor
  @Test func theMainActorAndFourThreadsSendingAtOnceApplyEveryActionExactlyOnce() async {
    // Given four threads sending plain actions, while the main actor sends actions whose
    // effects, started on the main actor, send their mutation from there
    let reactor = EffectTallyReactor()
    let threads = 4
    let perSender = 20_000
    let finished = Recorder<Int>()
    for index in 0..<threads {
      Thread {
        for _ in 0..<perSender { reactor.send(.add(viaEffect: false)) }
        finished.record(index)
      }.start()
    }
    for index in 0..<perSender {
      reactor.send(.add(viaEffect: true))
      if index % 64 == 0 { await Task.yield() }  // Lets the effects run meanwhile.
    }
    // Then every action lands exactly once
    await finished.waitForCount(threads)
    await withDeadline("every effect") { await reactor.waitUntilIdle() }
    #expect(reactor.currentState == (threads + 1) * perSender)
  }

  @MainActor
  @Test func cancellingAndReleasingFromTheMainActorStopsEffectsRunningThere() async {
    // Given a `.latest` effect sent from the main actor, waiting on a gate
    let gate = Gate()
    let outcome = Recorder<String>()
    var reactor: ScriptedReactor? = ScriptedReactor()
    let tracker = reactor!._trackEffects()
    func load(_ name: String) -> ScriptedReactor.Action {
      .perform(
        .run { send in
          do { try await gate.wait() } catch { outcome.record("\(name) cancelled") }
          send(.append(name))
        }
        .cancellable(id: "load", policy: .latest))
    }
    reactor!.send(load("first"))
    await gate.waitForArrivals(1)
    // When a newer one replaces it
    reactor!.send(load("second"))
    await outcome.waitForCount(1)
    await gate.waitForArrivals(2)
    // Then the first is cancelled and what it sent afterwards never lands
    #expect(outcome.values == ["first cancelled"])
    #expect(reactor!.currentState.log == [])
    // When the reactor is released from the main actor
    weak let released = reactor
    reactor = nil
    // Then it is gone, and the second is cancelled too
    #expect(released == nil)
    await withDeadline("the effects to end") { await tracker.waitUntilNoneRunning() }
    #expect(outcome.values == ["first cancelled", "second cancelled"])
  }

  @Test func anEffectSentFromAMainActorServedOnTheMainThreadRunsThereAndSoDoesItsMutationsObserver()
    async throws
  {
    // Given a child process whose main thread serves the main actor, as an app's does (in this
    // runner on Linux, a `@MainActor` test runs on a thread of the pool, where
    // `Thread.isMainThread` cannot tell, and where `MainActor.assumeIsolated` would trap it all)
    // When it sends from the main actor an effect that sends a mutation, then one told to leave
    let run = try await IsolationChildProcess.run(deadline: .seconds(60))
    // Then `MainActor.assumeIsolated` and `dispatchPrecondition(.onQueue(.main))` held in the
    // effect's body and in the observer of its mutation, the model had the state when the
    // effect's `send` returned, and the body told to leave ran off the main thread
    #expect(
      run.lines == [
        "effect body: main actor, main thread",
        "observer of its mutation: main actor, main thread",
        "model when send returned: has the state",
        "run(isolation: nil) body: off the main thread",
      ])
    #expect(run.ending == .exited(0), "signal 9, SIGKILL, is the 60 s deadline")
  }
}

/// Sends `action` from the main actor.
@MainActor private func sendFromTheMainActor(
  _ action: ScriptedReactor.Action, to reactor: ScriptedReactor
) {
  reactor.send(action)
}

/// Work isolated to no actor: awaiting it leaves the caller's actor, and returning comes back.
@concurrent private func workElsewhere() async {
  await Task.yield()
}

/// The actor the caller runs on, as `#isolation` tells it to a `nonisolated(nonsending)` function.
private nonisolated(nonsending) func currentIsolation() async -> (any Actor)? {
  #isolation
}

/// An error for an error handler to see.
private struct HandlerTestError: Error {}

/// A counter whose actions add one, at once or from an effect.
final class EffectTallyReactor: Reactor {
  enum Action: Sendable { case add(viaEffect: Bool) }
  enum Mutation: Sendable { case add }

  let initialState = 0
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    guard case .add(viaEffect: true) = action else { return .just(.add) }
    return .run { send in send(.add) }
  }

  func reduce(state: Int, mutation: Mutation) -> Int {
    state + 1
  }
}
