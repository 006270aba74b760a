import Testing

@testable import Reactors

/// The intake takes work from other threads only while its owner keeps it open.
@Suite(.timeLimit(.minutes(1))) struct IntakeTests {
  @Test func workIsLeftOnlyWhileTheOwnerKeepsFindingSome() {
    var intake = Intake<Int>()
    var batch: [Int] = []
    // Closed: a sender with the intake kept goes through the runtime's lock, which always leaves.
    let whenClosed = [intake.leave(1, always: false), intake.leave(2, always: true)]
    #expect(whenClosed == [false, false] && intake.work == [2])
    let foundFirst = intake.take(into: &batch)
    #expect(foundFirst && batch == [2] && intake.isOpen)
    let whenOpen = [intake.leave(3, always: false), intake.leave(4, always: true)]
    batch.removeAll(keepingCapacity: true)
    let foundSecond = intake.take(into: &batch)
    #expect(whenOpen == [true, true] && foundSecond && batch == [3, 4])
    // Nothing left: the owner closes it before its step ends, and senders go back to the lock.
    batch.removeAll(keepingCapacity: true)
    let foundThird = intake.take(into: &batch)
    let afterClosing = intake.leave(5, always: false)
    #expect(!foundThird && !intake.isOpen && batch.isEmpty && !afterClosing && intake.work.isEmpty)
  }
}
