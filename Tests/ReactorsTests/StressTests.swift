import Foundation
@_spi(Testing) import Reactors
import Testing
import XCTest

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The core under load: many threads sending to one reactor, a burst of effects that supersede
/// each other, and many reactors released with their effects in flight.
///
/// Sized to take seconds; CI runs them under ThreadSanitizer and AddressSanitizer too, on two
/// cores shared with other work, so the deadlines are loose. Each test prints its figures, which
/// `Reliability.md` records.
@Suite(.timeLimit(.minutes(5))) struct StressTests {
  @Test func eightThreadsSendingAHundredThousandActionsEachLoseNoneAndObserversSeeThemInOrder()
    async
  {
    // Given a reactor that counts numbered actions, and an observer that checks every state
    let reactor = TallyReactor()
    let check = TallyCheck(senders: 8)
    let observation = reactor.observe(check.observe)
    // When 8 threads (not tasks: the cooperative pool has a thread per core) send 100,000 each
    // (10,000 under ThreadSanitizer, which runs this 20 times slower: 100,000 would take minutes)
    let sends = isRunningUnderThreadSanitizer ? 10_000 : 100_000
    let start = ContinuousClock.now
    let finished = await withDeadline("8 threads × \(sends) sends", limit: .seconds(240)) {
      await runOnThreads(Array(0..<check.senders)) { sender in
        for index in 0..<sends { reactor.send(TallyReactor.Action(sender: sender, index: index)) }
      }
      return true
    }
    guard finished == true else {
      abandon(observation)
      return
    }
    // Then every action was applied once, and the observer saw every state once, in `reduce`
    // order, each sender's actions in the order it sent them. (Every send has returned, and a
    // step ends only once nothing is queued behind it: the last one applied everything.)
    let applied = reactor.currentState.applied
    let (states, mismatches, next) = check.results
    print(
      "stress: \(check.senders * sends) actions sent, \(applied) applied, \(states) states "
        + "observed in \(ContinuousClock.now - start)")
    #expect(applied == check.senders * sends)
    #expect(states == check.senders * sends + 1)  // The initial state too.
    #expect(mismatches == 0)
    #expect(next == Array(repeating: sends, count: check.senders))
    _ = observation
  }

  @Test func tenThousandEffectsStartedAtOnceUnderLatestLandOnlyTheLastOne() async {
    // Given effects that wait at a closed gate, then send their result even if cancelled
    let gate = Gate()
    let reactor = SupersedingReactor(gate: gate)
    // When 8 threads start 1,250 each under `.latest`, and then the gate opens
    let senders = 8
    let sends = 1_250
    let finished = await withDeadline("8 threads × \(sends) effects", limit: .seconds(120)) {
      await runOnThreads(Array(0..<senders)) { sender in
        for index in 0..<sends { reactor.send(.start(sender * sends + index)) }
      }
      return true
    }
    guard finished == true else { return }
    gate.open()
    await withDeadline("the effects to end") { await reactor.waitUntilIdle() }
    // Then the run `mutate` saw last landed, and no other result reached `reduce`, although
    // every run that got to start sent one
    let started = reactor.started.values
    let ran = reactor.ran.values.count
    let landed = reactor.currentState.landed
    print("stress: \(started.count) effects under .latest, \(ran) ran, \(landed.count) landed")
    #expect(started.count == senders * sends)
    #expect(landed == started.suffix(1))
    #expect(reactor.stale.values.isEmpty)
    #expect(ran >= 1)
    #expect(reactor._runningEffectCount == 0)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe")))
  func aHundredThousandReactorsReleasedWithEffectsInFlightAreFreedAndMemoryReturns() async throws {
    // Given a process of its own, for the memory to mean something: the other suites allocate
    // meanwhile, and Swift Testing's runner keeps about 150 bytes for each task cancelled while
    // suspended (plain tasks too; XCTest's runner does not)
    let run = try await ReleaseProbe.runInOwnProcess()
    guard let run else { return }  // Past the deadline: recorded.
    // When it makes 100,000 reactors, starts an effect in each and releases them
    let report = try #require(ReleaseProbe.Report(run.output), "\(run.output)")
    print("stress: \(report)")
    // Then every reactor was freed, every task it started returned, and memory is back where it was
    #expect(run.status == 0, "\(run.output)")
    #expect(report.alive == 0)
    #expect(report.running == 0)
    // The sanitizers' allocators keep memory of their own (quarantine, shadow): figures only.
    guard !isRunningUnderAddressSanitizer, !isRunningUnderThreadSanitizer else { return }
    #expect(report.growth < ReleaseProbe.allowedGrowth, "\(report)")
  }
}

// MARK: - Releasing reactors in a process of its own

/// Makes and releases 100,000 reactors with an effect in flight each, in this test binary run as
/// a child process by XCTest's runner, and reports what is left.
enum ReleaseProbe {
  /// What `StressTests` sets for the child, which skips the probe otherwise.
  static let variable = "REACTORS_RELEASE_PROBE"
  /// 100,000; 10,000 under ThreadSanitizer, which runs this 20 times slower.
  static let reactors = isRunningUnderThreadSanitizer ? 10_000 : 100_000
  /// Released a batch at a time, so that a leak shows as growth rather than a peak.
  static let batch = reactors / 10

  /// How much the resident memory may grow over the probe, after a first batch has warmed up what
  /// grows once (the allocator's caches, the thread pool). A leak of 50 bytes per reactor would
  /// be 4.3 MB (a reactor, a task or a continuation is hundreds); measured growth is 0.3 to
  /// 1.9 MB on a loaded 2-core machine, and flat over 300,000 reactors, since `residentMemory()`
  /// hands free pages back to the system first.
  static let allowedGrowth = 4 * 1_048_576

  /// What the child found: resident memory in bytes, and what outlived its release.
  struct Report: CustomStringConvertible {
    var before: Int
    var after: Int
    var alive: Int
    var running: Int
    var seconds: Double

    var growth: Int { after - before }

    var line: String {
      "release-probe before=\(before) after=\(after) alive=\(alive) running=\(running) "
        + "seconds=\(seconds)"
    }

    var description: String {
      let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
      return
        "\(ReleaseProbe.reactors) reactors released in \(String(format: "%.1f", seconds)) s: "
        + "\(alive) alive, \(running) tasks running; resident memory \(megabytes(before)) before, "
        + "\(megabytes(after)) after"
    }

    init(before: Int, after: Int, alive: Int, running: Int, seconds: Double) {
      (self.before, self.after, self.alive, self.running) = (before, after, alive, running)
      self.seconds = seconds
    }

    /// Reads the report line out of the child's output.
    init?(_ output: String) {
      guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("release-probe ") })
      else { return nil }
      var fields: [Substring: Substring] = [:]
      for field in line.split(separator: " ").dropFirst() {
        let parts = field.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
      }
      guard let before = fields["before"].flatMap({ Int($0) }),
        let after = fields["after"].flatMap({ Int($0) }),
        let alive = fields["alive"].flatMap({ Int($0) }),
        let running = fields["running"].flatMap({ Int($0) }),
        let seconds = fields["seconds"].flatMap({ Double($0) })
      else { return nil }
      self.init(before: before, after: after, alive: alive, running: running, seconds: seconds)
    }
  }

  /// Runs the probe in the child; `nil` (and a recorded issue) if it outlives its deadline.
  static func runInOwnProcess() async throws -> (status: Int32, output: String)? {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("reactors-release-probe-\(getpid()).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let output = try FileHandle(forWritingTo: log)
    defer { try? output.close() }
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = ["ReactorsTests.ReleaseProbeTests/testReleasingReactorsWithEffectsInFlight"]
    process.environment = ProcessInfo.processInfo.environment.merging([variable: "1"]) { $1 }
    (process.standardOutput, process.standardError) = (output, output)
    try process.run()
    let status = await withDeadline("the release probe", limit: .seconds(240)) {
      await withCheckedContinuation { continuation in
        Thread {
          process.waitUntilExit()
          continuation.resume(returning: process.terminationStatus)
        }
        .start()
      }
    }
    guard let status else {
      process.terminate()
      return nil
    }
    return (status, try String(contentsOf: log, encoding: .utf8))
  }

  /// The probe itself, in the child.
  static func run() async -> Report {
    let start = ContinuousClock.now
    _ = await releaseWithEffectsInFlight(batch)  // The warm-up.
    let before = residentMemory() ?? 0
    var (alive, running) = (0, 0)
    var after: [Int] = []
    for _ in 0..<(reactors / batch) where alive == 0 {
      (alive, running) = await releaseWithEffectsInFlight(batch)
      after.append(residentMemory() ?? 0)
    }
    let elapsed = (ContinuousClock.now - start).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    // The least of the last three batches: a leak raises all three, a passing peak one.
    return Report(
      before: before, after: after.suffix(3).min() ?? 0, alive: alive, running: running,
      seconds: seconds)
  }

  /// Makes `count` reactors, starts an effect in each that waits at a gate that never opens, waits
  /// until every one waits, releases the reactors, and returns how many were not freed and how
  /// many of their tasks still run. (The parent holds the deadline.)
  static func releaseWithEffectsInFlight(_ count: Int) async -> (alive: Int, running: Int) {
    let gate = Gate()
    var reactors = (0..<count).map { _ in InFlightReactor(gate: gate) }
    let trackers = reactors.map { $0._trackEffects() }
    var alive = reactors.map(WeakReference.init)
    for reactor in reactors { reactor.send(.start) }
    await gate.waitForArrivalsWithoutDeadline(count)
    reactors = []
    // No event says that an object went away: look again after each of a few yields (a task holds
    // its reactor only for the length of a synchronous call).
    for _ in 0..<1_000 where !alive.isEmpty {
      alive.removeAll { $0.value == nil }
      await Task.yield()
    }
    guard alive.isEmpty else { return (alive.count, trackers.count { $0.runningCount > 0 }) }
    for tracker in trackers { await tracker.waitUntilNoneRunning() }
    return (0, trackers.count { $0.runningCount > 0 })
  }
}

/// The child's side of ``ReleaseProbe``; skipped unless `StressTests` started it.
final class ReleaseProbeTests: XCTestCase {
  func testReleasingReactorsWithEffectsInFlight() async throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment[ReleaseProbe.variable] != nil,
      "StressTests runs this in a process of its own")
    let report = await ReleaseProbe.run()
    print(report.line)
    XCTAssertEqual(report.alive, 0)
    XCTAssertEqual(report.running, 0)
  }
}

/// The resident memory of this process, in bytes, after handing free pages back to the system;
/// `nil` where `/proc` is missing.
private func residentMemory() -> Int? {
  if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
    // glibc's; the Glibc module does not import `malloc.h`.
    _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
  }
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { return nil }
  return kilobytes * 1024
}

/// Whether AddressSanitizer is linked in: it keeps freed memory in quarantine, so the resident
/// memory says nothing about leaks (its own leak checker does, at exit).
private let isRunningUnderAddressSanitizer =
  dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

// MARK: - Fixtures

/// Counts numbered actions from several senders, and keeps the last one.
final class TallyReactor: Reactor {
  struct Action: Sendable {
    let sender: Int
    let index: Int
  }
  struct State {
    var applied = 0
    var last: Action?
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.applied += 1
    state.last = mutation
    return state
  }
}

/// Checks each state of a ``TallyReactor``: one more action applied than in the state before, and
/// each sender's next action in the order sent.
final class TallyCheck: @unchecked Sendable {
  // Safe: the fields are read and written with `lock` held.
  let senders: Int
  private let lock = NSLock()
  private var states = 0
  private var mismatches = 0
  private var next: [Int]

  init(senders: Int) {
    self.senders = senders
    next = Array(repeating: 0, count: senders)
  }

  /// How many states were observed, how many broke the order, and each sender's next index.
  var results: (states: Int, mismatches: Int, next: [Int]) {
    lock.withLock { (states, mismatches, next) }
  }

  @Sendable func observe(_ state: TallyReactor.State) {
    lock.withLock {
      if state.applied != states { mismatches += 1 }
      states += 1
      guard let last = state.last else { return }
      if last.index != next[last.sender] { mismatches += 1 }
      next[last.sender] = last.index + 1
    }
  }
}

/// Starts numbered runs under `.latest` that wait at a gate, then send their number even when
/// cancelled; records what `mutate` started and any result that reaches `reduce` for a run that
/// was superseded by then.
final class SupersedingReactor: Reactor {
  enum EffectKey { case search }
  enum Action { case start(Int) }
  enum Mutation { case land(Int) }
  struct State { var landed: [Int] = [] }

  let initialState = State()
  let runtime = Runtime()
  let gate: Gate
  let started = Recorder<Int>()
  /// The runs that got to start (superseded runs may never get a task of their own).
  let ran = Recorder<Int>()
  let stale = Recorder<Int>()

  init(gate: Gate) {
    self.gate = gate
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .start(let number):
      started.record(number)
      let (gate, ran) = (gate, ran)
      return .run { send in
        ran.record(number)
        try? await gate.wait()
        send(.land(number))
      }
      .cancellable(id: EffectKey.search, policy: .latest)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .land(let number):
      // `mutate` and `reduce` run one at a time: the last run started is the current one.
      if number != started.values.last { stale.record(number) }
      state.landed.append(number)
    }
    return state
  }
}

/// Starts an effect that waits at a gate; only cancelling it ends it if the gate stays closed.
final class InFlightReactor: Reactor {
  enum Action { case start }
  enum Mutation { case passed }
  struct State {}

  let initialState = State()
  let runtime = Runtime()
  let gate: Gate

  init(gate: Gate) {
    self.gate = gate
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    let gate = gate
    return .run { send in
      try await gate.wait()
      send(.passed)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State { state }
}

/// A reference that does not keep its object alive.
struct WeakReference<Object: AnyObject & Sendable>: Sendable {
  weak var value: Object?

  init(_ value: Object) {
    self.value = value
  }
}
