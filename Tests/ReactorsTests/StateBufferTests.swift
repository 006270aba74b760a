import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct StateBufferTests {
  @Test func statesPushedBeforeReadingAreReadInOrder() async {
    let buffer = StateBuffer<Int>(latestOnly: false)
    for value in 1...3 { buffer.push(value) }
    #expect(await buffer.next() == 1)
    #expect(await buffer.next() == 2)
    #expect(await buffer.next() == 3)
  }

  @Test func aWaitingReaderGetsTheNextPushedState() async {
    let buffer = StateBuffer<Int>(latestOnly: false)
    let reader = Task { await buffer.next() }
    #expect(await eventually { buffer.hasWaiter })
    buffer.push(7)
    #expect(await reader.value == 7)
  }

  @Test func latestOnlyKeepsTheNewestUnreadState() async {
    let buffer = StateBuffer<Int>(latestOnly: true)
    for value in 1...3 { buffer.push(value) }
    #expect(await buffer.next() == 3)
  }

  @Test func finishingEndsTheReaderFreesTheQueueAndRefusesMore() async {
    let buffer = StateBuffer<Int>(latestOnly: false)
    let ended = Recorder<Void>()
    buffer.whenFinished { ended.record(()) }
    buffer.push(1)
    buffer.finish()
    #expect(await buffer.next() == nil)
    #expect(!buffer.push(2))
    #expect(ended.values.count == 1)
    buffer.finish()
    #expect(ended.values.count == 1)  // Told once.
  }

  @Test func cancellingTheReaderFinishesTheBuffer() async {
    let buffer = StateBuffer<Int>(latestOnly: false)
    let reader = Task { await buffer.next() }
    reader.cancel()
    #expect(await reader.value == nil)
    #expect(buffer.isFinished)
  }
}
