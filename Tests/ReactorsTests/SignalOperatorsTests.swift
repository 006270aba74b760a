import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct SignalOperatorsTests {
  @Test func filterAndMapRewriteActionsBeforeMutate() {
    let reactor = FilteringReactor()
    reactor.send(.number(1))
    reactor.send(.number(-5))
    reactor.send(.number(2))
    #expect(reactor.currentState.values == [10, 20])
  }

  @Test func compactMapDropsNil() {
    let reactor = FilteringReactor()
    reactor.send(.text("3"))
    reactor.send(.text("not a number"))
    #expect(reactor.currentState.values == [30])
  }

  @Test func prependStartsTheReactorWithAnActionOnFirstUse() {
    let reactor = FilteringReactor()
    // The prepended action ran when the reactor was first used, before this `send`.
    reactor.send(.number(4))
    #expect(reactor.startCount.values.count == 1)
    #expect(reactor.currentState.values == [40])
  }

  @Test func mergeWithAnotherSignalDeliversBoth() {
    let seen = Recorder<Int>()
    let evens = Signal<Int>(Numbers(values: []))
    let subscription = evens.prepend(2).merge(with: Signal<Int>.empty.prepend(1)).subscribe {
      value, _ in
      seen.record(value)
    }
    #expect(Set(seen.values) == [1, 2])
    subscription.cancel()
  }
}

/// A finite `AsyncSequence` of numbers.
struct Numbers: AsyncSequence, Sendable {
  typealias Element = Int
  let values: [Int]

  func makeAsyncIterator() -> AsyncStream<Int>.Iterator {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for value in values { continuation.yield(value) }
    continuation.finish()
    return stream.makeAsyncIterator()
  }
}

// MARK: - Fixtures

final class FilteringReactor: Reactor {
  enum Action { case start, number(Int), text(String) }
  enum Mutation { case append(Int) }
  struct State { var values: [Int] = [] }

  let initialState = State()
  let runtime = Runtime()
  let startCount = Recorder<Void>()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .start:
      startCount.record(())
      return .none
    case .number(let value): return .just(.append(value))
    case .text: return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .append(let value) = mutation { state.values.append(value) }
    return state
  }

  func transform(action: Signal<Action>) -> Signal<Action> {
    action
      .compactMap { action -> Action? in
        guard case .text(let text) = action else { return action }
        return Int(text).map(Action.number)
      }
      .filter { if case .number(let value) = $0 { value > 0 } else { true } }
      .map { if case .number(let value) = $0 { .number(value * 10) } else { $0 } }
      .prepend(.start)
  }
}
