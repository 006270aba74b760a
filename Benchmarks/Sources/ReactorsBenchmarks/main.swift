import Foundation

// reactors-benchmarks [--json] [--filter NAME[,NAME...]] [--repeats N] [--scale X] [--list]
//
// Runs every benchmark (or those whose name contains one of the filters) together with the
// baselines they are held against, and prints a table or, with --json, one JSON object per line.

struct Options {
  var json = false
  var filters: [String] = []
  var repeats = 21
  var list = false
  /// Multiplies the operations of every sample; below 1 for quick runs under a profiler.
  var scale = 1.0

  init(_ arguments: ArraySlice<String>) {
    var arguments = arguments
    while let argument = arguments.popFirst() {
      switch argument {
      case "--json": json = true
      case "--list": list = true
      case "--filter":
        guard let value = arguments.popFirst() else { Options.fail("--filter needs a name") }
        filters += value.split(separator: ",").map(String.init)
      case "--repeats":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
          Options.fail("--repeats needs a positive number")
        }
        repeats = value
      case "--scale":
        guard let value = arguments.popFirst().flatMap({ Double($0) }), value > 0 else {
          Options.fail("--scale needs a positive number")
        }
        scale = value
      case "-h", "--help":
        print(
          "usage: reactors-benchmarks [--json] [--filter NAME[,NAME...]] [--repeats N] [--scale X] [--list]"
        )
        exit(0)
      default: Options.fail("unknown argument \(argument)")
      }
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
  }
}

let options = Options(CommandLine.arguments.dropFirst())

/// `count` operations, scaled by `--scale`.
func scaled(_ count: Int) -> Int { max(1, Int((Double(count) * options.scale).rounded())) }

let suite: [Benchmark] = [
  .rawReduce(operations: scaled(2_000_000)),
  .lockClosureStore(operations: scaled(500_000)),
  .threeTripStore(operations: scaled(500_000)),
  .twoTripStore(operations: scaled(500_000)),
  .syncAction(operations: scaled(500_000)),
  .persistedSyncAction(operations: scaled(500_000)),
  .persistedBurst10k(),
  .concat2(operations: scaled(200_000)),
  .observerOutbox(operations: scaled(100_000)),
  .contendedLock(operations: scaled(200_000)),
  .contendedSend(operations: scaled(200_000)),
  .taskSpawn(operations: scaled(2_000)),
  .asyncEffect(operations: scaled(2_000)),
  .handWrittenEffect(operations: scaled(2_000)),
  .resumeFloor(changes: scaled(100)),
  .fanout(changes: scaled(100)),
  .idleReactorMemory(),
  .perMemberObservation(),
  .latest10k(),
  .replayTimeline10k(),
  .combineMVVM(operations: scaled(200_000)),
  .mainActorTask(operations: scaled(10_000)),
  .mainActorEffect(operations: scaled(10_000)),
  .combineMainActorEffect(operations: scaled(10_000)),
  .mainActorLatest10k(),
  .combineMainActorLatest10k(),
]

if options.list {
  for benchmark in suite { print(benchmark.name) }
  exit(0)
}
let selected = suite.filter { benchmark in
  options.filters.isEmpty || options.filters.contains { benchmark.name.contains($0) }
}
if selected.isEmpty { Options.fail("no benchmark matches \(options.filters)") }

/// The 1-minute load average, to tell a quiet machine's figures from a busy one's.
func loadAverage() -> String {
  guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
  return text.split(separator: " ").first.map(String.init) ?? "?"
}

// NB: every benchmark but the main-actor ones runs on the main thread, as it always has. The
// main-actor ones need the main queue served (`dispatchMain()`, which on Linux hands it to a
// worker thread) while a thread of their own drives them (`runOnMainActor`); they run last,
// handed over once, here.
let loadBefore = loadAverage()
var runner = Runner(benchmarks: suite, repeats: options.repeats, warmUps: 2)
let isTerminal = isatty(STDERR_FILENO) != 0
runner.progress = { step in
  guard isTerminal else { return }
  FileHandle.standardError.write(Data("\u{1B}[2K\r\(step)".utf8))
}
let toRun = runner.closure(of: selected.map(\.name))
let drivesMainActor = { (benchmark: Benchmark) in benchmark.name.contains("main-actor") }
let onMainThread = runner.run(toRun.filter { !drivesMainActor($0) })
nonisolated(unsafe) let mainActorRunner = runner
nonisolated(unsafe) let mainActorBenchmarks = toRun.filter(drivesMainActor)
nonisolated(unsafe) let wholeSuite = suite

Thread {
  let results = onMainThread + mainActorRunner.run(mainActorBenchmarks)
  if isTerminal { FileHandle.standardError.write(Data("\u{1B}[2K\r".utf8)) }
  let report = Report(results: results, benchmarks: wholeSuite)
  if options.json {
    for line in report.jsonLines() { print(line) }
  } else {
    print(report.table())
    print()
    let allocations =
      allocationsAreCounted ? "counted in a separate pass" : "not counted on this platform"
    print(
      """
      Medians of \(options.repeats) repeats after 2 warm-up rounds, benchmarks and baselines \
      interleaved; allocations \(allocations); \(ProcessInfo.processInfo.activeProcessorCount) cores, \
      load average \(loadBefore) before and \(loadAverage()) after.
      """
    )
  }
  exit(0)
}.start()
dispatchMain()
