import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Long scripted runs of both executables, offline: 2,000 changes in one run, every one
/// answered or superseded (its work cancelled), and the resident memory of the process flat once
/// warmed up. The memory is read from `/proc/PID/status` while the program runs, when it prints
/// the state at each quarter of the script.
///
/// Linux only (`/proc`); under the sanitizers the memory is printed but not checked. Sized to
/// take seconds: each script waits for the work in flight every
/// 20 (github-search) or 100 (signup) changes, so most changes overtake the one before.
@Suite(
  .serialized, .timeLimit(.minutes(5)),
  .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"))
)
struct LongRunEndToEndTests {
  /// 2,000 changes; 400 under ThreadSanitizer, whose executables run many times slower and
  /// would crowd out the in-process suites' real-time limits.
  static let changes = isRunningUnderThreadSanitizer ? 400 : 2000

  /// The index of the last change of each quarter of the run.
  static let quarterEnds = (1...4).map { $0 * changes / 4 - 1 }

  /// How much the resident memory may grow from the first quarter to the end: allocator noise,
  /// not a leak. A leak of one kilobyte per change would be 1.5 MB.
  static let allowedGrowth = 1024 * 1024

  /// `VmRSS` of `pid`, in bytes, or `nil` once it is gone.
  static func residentMemory(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }

  /// Samples the memory at the states that show the query or name of each quarter's last change.
  final class Samples: @unchecked Sendable {
    // Safe: `values` is touched only with `lock` held.
    private let lock = NSLock()
    private var values: [String: Int] = [:]
    let markers: [String]

    init(markers: [String]) {
      self.markers = markers
    }

    func record(line: String, pid: Int32) {
      guard let marker = markers.first(where: { line.contains($0) }),
        lock.withLock({ values[marker] == nil }),
        let memory = LongRunEndToEndTests.residentMemory(of: pid)
      else { return }
      lock.withLock { values[marker] = values[marker] ?? memory }
    }

    /// The samples in the order of the markers.
    var inOrder: [Int?] {
      lock.withLock { markers.map { values[$0] } }
    }
  }

  @Test func everyQueryOfALongScriptIsAnsweredOrSupersededAndMemoryStaysFlat() async throws {
    let words = ["swift", "rust", "json", "parser", "http", "cache", "graph", "storage", "maps"]
    let queries = (0..<Self.changes).map { "\(words[$0 % words.count]) \($0)" }
    var script = ""
    for (index, query) in queries.enumerated() {
      script += "query \(query)\n"
      if index % 20 == 19 { script += "wait\n" }
    }
    // Time to read the memory at the last state before the process is gone.
    script += "sleep 500\n"
    let quarters = Self.quarterEnds.map { #""query":"\#(queries[$0])","repositoryCount""# }
    let samples = Samples(markers: quarters)

    let run = try await BinaryRunner.run(
      "github-search", arguments: ["--offline", "--json", "--debounce-ms", "0"], input: script,
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"], onLine: samples.record)

    #expect(run.status == 0, "\(run.standardError)")
    let states = try run.outputLines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    // Every query shows; each is answered, or overtaken by the next one.
    let shown = states.compactMap { $0["query"] as? String }
    #expect(Set(shown) == Set(queries))
    let answered = Set(
      states.filter { $0["totalCount"] is Int && $0["isLoadingFirstPage"] as? Bool == false }
        .compactMap { $0["query"] as? String })
    for (index, query) in queries.enumerated() {
      let isAnswered = answered.contains(query)
      let isOvertaken = index + 1 < queries.count && index % 20 != 19
      #expect(isAnswered || isOvertaken, "\(query) was neither answered nor overtaken")
      if index % 20 == 19 { #expect(isAnswered, "\(query) was waited for but not answered") }
    }
    try Self.expectFlat(samples, "github-search")
  }

  @Test func everyNameOfALongScriptIsCheckedOrSupersededAndMemoryStaysFlat() async throws {
    let names = (0..<Self.changes).map { "user-\($0)" }
    var script = ""
    for (index, name) in names.enumerated() {
      script += "username \(name)\n"
      if index % 100 == 99 { script += "wait\n" }
    }
    script += "sleep 500\n"
    let quarters = Self.quarterEnds.map { #""text":"\#(names[$0])""# }
    let samples = Samples(markers: quarters)

    let run = try await BinaryRunner.run(
      "signup", arguments: ["--offline", "--json", "--debounce-ms", "0", "--seed", "1"],
      input: script, onLine: samples.record)

    #expect(run.status == 0, "\(run.standardError)")
    let verdicts = run.outputLines.filter { $0.contains(#""status":"ok""#) }
    #expect(verdicts.count == Self.changes / 100)
    let lastName = try #require(names.last)
    #expect(run.outputLines.last?.contains(#""message":"\#(lastName) is available""#) == true)
    try Self.expectFlat(samples, "signup")
  }

  /// Whether this run is under ThreadSanitizer (and so are the executables it runs): the
  /// sanitizer's own bookkeeping grows with the work done, so the memory is printed, not checked.
  static let isRunningUnderThreadSanitizer =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

  /// Whether this run is under AddressSanitizer, whose quarantine of freed memory grows the same
  /// way (github-search went from 224 to 520 MB).
  static let isRunningUnderAddressSanitizer =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

  static func expectFlat(_ samples: Samples, _ program: String) throws {
    let values = samples.inOrder
    try #require(values.allSatisfy { $0 != nil }, "missing samples: \(values)")
    let memory = values.compactMap { $0 }
    let megabytes = memory.map { String(format: "%.1f MB", Double($0) / 1_048_576) }
    print("\(program): resident memory at each quarter: \(megabytes.joined(separator: ", "))")
    guard !isRunningUnderThreadSanitizer, !isRunningUnderAddressSanitizer else { return }
    #expect(
      memory[3] - memory[0] <= allowedGrowth,
      "\(program) grew from \(megabytes[0]) to \(megabytes[3])")
  }
}
