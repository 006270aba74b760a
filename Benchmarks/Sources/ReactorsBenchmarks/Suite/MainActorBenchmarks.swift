import OpenCombine
import Reactors

/// The benchmarks of a main-actor app: actions sent from the main actor, whose effects start
/// there, observed there.
extension Benchmark {
  /// From the main actor, `operations` actions one after another, each starting a main-actor
  /// `Task` that sets a main-actor store's state and resumes the waiter: the floor.
  static func mainActorTask(operations: Int) -> Benchmark {
    Benchmark(name: "main-actor-task") { counting in
      runOnMainActor {
        let waiter = MainActorWaiter()
        let store = MainActorStore(waiter: waiter)
        let measured = await measure(countingAllocations: counting) {
          for _ in 0..<operations { await waiter.wait { store.send(.increase) } }
        }
        precondition(store.state.value == operations)
        return Sample(measured, operations: operations)
      }
    }
  }

  /// `main-actor-task`'s work through a reactor: from the main actor, an action whose effect
  /// emits one mutation, until an observer sees the state.
  static func mainActorEffect(operations: Int) -> Benchmark {
    Benchmark(name: "main-actor-effect", baseline: "main-actor-task", checks: [.ratio(atMost: 1.5)])
    {
      counting in
      runOnMainActor {
        let waiter = MainActorWaiter()
        let reactor = EffectReactor()
        let observation = reactor.observe { _ in waiter.resume() }
        let measured = await measure(countingAllocations: counting) {
          for _ in 0..<operations { await waiter.wait { reactor.send(.increase) } }
        }
        precondition(reactor.currentState.value == operations)
        observation.cancel()
        return Sample(measured, operations: operations)
      }
    }
  }

  /// `main-actor-effect` written as an OpenCombine view model: a main-actor `Task` per effect,
  /// the state sunk by the view; its ratio is over `main-actor-effect` (above 1: Reactors is
  /// faster).
  static func combineMainActorEffect(operations: Int) -> Benchmark {
    Benchmark(
      name: "combine-main-actor-effect", baseline: "main-actor-effect",
      checks: [.ratio(atLeast: 1)]
    ) { counting in
      runOnMainActor {
        let waiter = MainActorWaiter()
        let viewModel = MainActorViewModel()
        let subscription = viewModel.state.dropFirst().sink { _ in waiter.resume() }
        let measured = await measure(countingAllocations: counting) {
          for _ in 0..<operations { await waiter.wait { viewModel.send(.increase) } }
        }
        precondition(viewModel.state.value.value == operations)
        subscription.cancel()
        return Sample(measured, operations: operations)
      }
    }
  }

  /// 10,000 queries in a row from the main actor, each starting a 1 ms search under `.latest`,
  /// then a wait until every effect has ended; against the OpenCombine view model that cancels
  /// its previous task by hand.
  static func mainActorLatest10k(queries: Int = 10_000) -> Benchmark {
    Benchmark(
      name: "main-actor-latest-10k", baseline: "combine-main-actor-latest-10k",
      figure: .extra("total_ms", unit: "ms"),
      extras: [.median("total_ms"), .median("runs_started"), .maximum("stale_applied")],
      checks: [.ratio(atMost: 1), .extra("stale_applied", atMost: 0, unit: "")]
    ) { counting in
      runOnMainActor {
        let reactor = SearchReactor()
        _ = reactor.currentState
        let measured = await measure(countingAllocations: counting) {
          for query in 1...queries { reactor.send(.updateQuery(query)) }
          await reactor.waitUntilIdle()
        }
        let state = reactor.currentState
        precondition(state.resultsQuery == queries)
        return Sample(
          measured, operations: queries,
          extras: [
            "total_ms": Double(measured.nanoseconds) / 1e6,
            "runs_started": Double(reactor.runsStarted),
            "stale_applied": Double(state.staleApplied),
          ])
      }
    }
  }

  /// `main-actor-latest-10k` as an OpenCombine view model on the main actor.
  static func combineMainActorLatest10k(queries: Int = 10_000) -> Benchmark {
    Benchmark(
      name: "combine-main-actor-latest-10k", figure: .extra("total_ms", unit: "ms"),
      extras: [.median("total_ms"), .median("runs_started"), .maximum("stale_applied")]
    ) { counting in
      runOnMainActor {
        let viewModel = MainActorSearchViewModel()
        let measured = await measure(countingAllocations: counting) {
          for query in 1...queries { viewModel.updateQuery(query) }
          await viewModel.waitForSearch()
        }
        let state = viewModel.state.value
        precondition(state.resultsQuery == queries)
        return Sample(
          measured, operations: queries,
          extras: [
            "total_ms": Double(measured.nanoseconds) / 1e6,
            "runs_started": Double(viewModel.runsStarted),
            "stale_applied": Double(state.staleApplied),
          ])
      }
    }
  }
}
