/// A listener after the first as the step's owner calls it: its objects unretained, so that a loop
/// over the calls copies plain words. The others' array owns them (`Listeners.Other`); only the
/// step's holder changes it, never during the loop (another thread's removal waits for the owner),
/// and a change drops the calls, remade before the next state (`RuntimeExtras.currentCalls`).
@usableFromInline struct ListenerCall<State: Sendable> {
  @usableFromInline let observer: Unmanaged<Box>?, consumer: Unmanaged<StateBuffer<State>>?

  init(_ other: Listeners<State>.Other) {
    observer = other.box.map(Unmanaged.passUnretained)
    consumer = other.listener.consumer.map(Unmanaged.passUnretained)
  }

  /// Hands `state` over; returns `false` if the consumer has gone.
  @inlinable func receive(_ state: State) -> Bool {
    observer?._withUnsafeGuaranteedRef { $0.receive(state) }
    return consumer?._withUnsafeGuaranteedRef { $0.push(state) } ?? true
  }
  /// An observer's closure, in an object its entry in the others' array owns: called unretained.
  @usableFromInline final class Box: Sendable {
    @usableFromInline let receive: @Sendable (State) -> Void
    init(_ receive: @escaping @Sendable (State) -> Void) { self.receive = receive }
  }
}
