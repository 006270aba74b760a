import Reactors
import ReactorsRecording

/// The benchmarks of stepping through a recording.
extension Benchmark {
  /// Builds a `ReplayTimeline` of a 10,000-event recording of a search session (a page of 30
  /// repositories every fifth event), then reads the diffs of every seventh step. `build_ms` is what
  /// opening a timeline costs and must stay well under a second; `diff_ms` is one diff, which a
  /// viewer reads per key press. `ns_per_op` is the build, per event.
  ///
  /// 1,429 diffs take about a second, so only the first `diffRounds` samples read them
  /// (with the two warm-up rounds, three measured ones); `diff_ms` is the median of those.
  static func replayTimeline10k(events: Int = 10_000, diffRounds: Int = 5) -> Benchmark {
    let recording = RepositorySearchReactor.recording(events: events)
    let samplesTaken = Counter()
    return Benchmark(
      name: "replay-timeline-10k", figure: .extra("build_ms", unit: "ms"),
      extras: [.median("build_ms"), .median("diff_ms"), .median("diff_lines")],
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
        // Every seventh: the session repeats every five events, so all kinds of step are read.
        let sampled = Array(stride(from: 0, to: events, by: 7))
        let diffs = measure(countingAllocations: false) {
          for position in sampled {
            lines += timeline[position].diff.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1
          }
        }
        extras["diff_ms"] = Double(diffs.nanoseconds) / 1e6 / Double(sampled.count)
        // The lines of a diff read: shows that the diffs were made, and how big.
        extras["diff_lines"] = Double(lines) / Double(sampled.count)
      }
      return Sample(build, operations: events, extras: extras)
    }
  }
}

/// How many samples a benchmark has taken; samples run one after another on the main thread.
private final class Counter {
  var value = 0
}
