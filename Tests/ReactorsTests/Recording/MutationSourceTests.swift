import Foundation
import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct MutationSourceTests {
  @Test func aSourceIsWrittenAsItsName() throws {
    let data = try JSONEncoder().encode([MutationSource.immediate, .effect])
    #expect(String(decoding: data, as: UTF8.self) == #"["immediate","effect"]"#)
    #expect(try JSONDecoder().decode([MutationSource].self, from: data) == [.immediate, .effect])
  }
}
