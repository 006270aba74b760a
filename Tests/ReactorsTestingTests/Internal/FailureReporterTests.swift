import Foundation
import Testing
import XCTest

@testable import ReactorsTesting

@Suite(.timeLimit(.minutes(1))) struct FailureReporterTests {
  @Test func underSwiftTestingAFailureIsAnIssueAtTheCallersLocation() async {
    let failures = await recordedFailures {
      FailureReporter.fail(
        "boom",
        at: CallSite(fileID: "Module/File.swift", filePath: "/File.swift", line: 42, column: 7))
    }

    #expect(failures.map(\.message) == ["boom"])
    #expect(failures.map(\.line) == [42])
  }
}

/// Shows that the harness reports through XCTest when XCTest runs the test.
final class TestStoreXCTests: XCTestCase {
  private var caught: [(message: String, file: String, line: Int)] = []
  private var catchesFailures = false

  func testAPassingStoreRecordsNothing() async {
    let store = TestStore(CounterReactor())

    await store.send(.increment) { $0.count = 1 }

    await store.finish()
  }

  func testAWrongStateIsReportedThroughXCTFailAtTheCallersLine() async {
    let store = TestStore(CounterReactor())

    catchesFailures = true
    let line = #line + 1
    await store.send(.increment) { $0.count = 2 }
    catchesFailures = false

    XCTAssertEqual(caught.count, 1)
    XCTAssertEqual(caught.first?.line, line)
    XCTAssertEqual(caught.first?.file, #filePath)
    // XCTFail prefixes its message with "failed - ".
    XCTAssertEqual(
      caught.first?.message.replacingOccurrences(of: "failed - ", with: ""),
      """
      The state after send(.increment) is not the expected one: (- expected, + actual)

        State(
      -   count: 2
      +   count: 1
        )
      """)
  }

  #if canImport(Darwin)
  override func record(_ issue: XCTIssue) {
    guard catchesFailures else { return super.record(issue) }
    caught.append(
      (
        issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
        issue.sourceCodeContext.location?.lineNumber ?? 0
      ))
  }
  #else
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard catchesFailures else {
      return super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    caught.append((description, filePath, lineNumber))
  }
  #endif
}

// MARK: - Fixtures

private final class CounterReactor: Reactor {
  enum Action { case increment }
  struct State: Equatable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Action> { .just(.increment) }

  func reduce(state: State, mutation: Action) -> State {
    State(count: state.count + 1)
  }
}
