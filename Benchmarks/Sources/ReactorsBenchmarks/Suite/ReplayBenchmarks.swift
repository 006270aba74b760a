import Reactors

/// The benchmarks of stepping through a recording.
extension Benchmark {
  /// Builds a `ReplayTimeline` of a 10,000-event recording of a search session (a page of 30
  /// repositories every fifth event), then reads every step's diff. `build_ms` is what opening a
  /// timeline costs and must stay well under a second; `diffs_ms` is all 10,000 diffs, of which
  /// a viewer reads one per key press. `ns_per_op` is the build, per event.
  ///
  /// Reading every diff takes seconds, so only the first `diffRounds` samples read them (with the
  /// two warm-up rounds, three measured ones); `diffs_ms` is the median of those.
  static func replayTimeline10k(events: Int = 10_000, diffRounds: Int = 5) -> Benchmark {
    let recording = RepositorySearchReactor.recording(events: events)
    let samplesTaken = Counter()
    return Benchmark(
      name: "replay-timeline-10k", figure: .extra("build_ms", unit: "ms"),
      extras: [.median("build_ms"), .median("diffs_ms"), .median("diff_lines")],
      checks: [.extra("build_ms", atMost: 250, unit: " ms")]
    ) { counting in
      let reactor = RepositorySearchReactor()
      // Replaced in the measured block; the empty one costs nothing and is not measured.
      var timeline = ReplayTimeline(Recording(events: []), reactor: reactor)
      let build = measure(countingAllocations: counting) {
        timeline = ReplayTimeline(recording, reactor: reactor)
      }
      var extras = ["build_ms": Double(build.nanoseconds) / 1e6]
      samplesTaken.value += 1
      if !counting, samplesTaken.value <= diffRounds {
        var lines = 0
        let diffs = measure(countingAllocations: false) {
          for step in timeline {
            lines += step.diff.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1
          }
        }
        extras["diffs_ms"] = Double(diffs.nanoseconds) / 1e6
        // The lines of all diffs, per step: shows that the diffs were made, and how big.
        extras["diff_lines"] = Double(lines) / Double(events)
      }
      return Sample(build, operations: events, extras: extras)
    }
  }
}

/// How many samples a benchmark has taken; samples run one after another on the main thread.
private final class Counter {
  var value = 0
}
