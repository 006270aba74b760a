import Reactors
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct PulseReaderTests {
  @Test func theFirstReadSetsTheBaseline() {
    var reader = PulseReader<String?>()
    var pulse = Pulse<String?>(wrappedValue: nil)
    pulse.wrappedValue = "before"
    #expect(reader.read(pulse) == nil)
  }

  @Test func eachAssignmentIsReadOnceEvenWithAnEqualValue() {
    var reader = PulseReader<String?>()
    var pulse = Pulse<String?>(wrappedValue: nil)
    _ = reader.read(pulse)
    pulse.wrappedValue = "hello"
    #expect(reader.read(pulse) == "hello")
    #expect(reader.read(pulse) == nil)
    pulse.wrappedValue = "hello"
    #expect(reader.read(pulse) == "hello")
  }
}
