// Fuzz target: the Recording loader (`Recording(jsonLines:)`), built with the whole Reactors and
// ReactorsRecording modules. Input: the text of a recording. Property: events with offsets in
// range, or a RecordingError, never a trap.
import Foundation

/// A reactor with the shapes of both examples' actions: strings, numbers, nested payloads.
final class FuzzReactor: Reactor {
  enum Action: Codable, Sendable {
    case type(String)
    case open(at: Int)
    case pick([Int: String])
  }
  enum Mutation: Codable, Sendable {
    case setCount(Int)
    case setError(reason: String?, until: Date)
  }

  let initialState = 0
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> { .none }
  func reduce(state: Int, mutation: Mutation) -> Int { state }
}

/// libFuzzer calls this with each input it tries; it returns 0, or traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  let header = #"{"format":"reactors-recording","reactor":"FuzzReactor","version":1}"#
  // Half the inputs get a valid header, so the fuzzer reaches the event lines quickly.
  for input in [text, header + "\n" + text] {
    do {
      let recording = try Recording<FuzzReactor>(jsonLines: input)
      precondition(recording.events.allSatisfy { $0.offset >= .zero })
      _ = recording.mutations
    } catch {
      _ = error.description
    }
  }
  return 0
}
