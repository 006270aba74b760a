import Foundation

/// One benchmark: how to take a sample, what it is held against, and what it must achieve.
struct Benchmark {
  /// The name printed in the table and accepted by `--filter`.
  let name: String
  /// The benchmark whose `ns_per_op` this one is divided by for its ratio; measured in the same
  /// run, interleaved with this one.
  let baseline: String?
  /// The figure shown in the table's first column.
  let figure: Figure
  /// How each extra value of the samples is summarised over the repeats.
  let extras: [Extra]
  /// What must hold for the target of the issue to be met.
  let checks: [Check]
  /// Takes one sample; `countingAllocations` is `true` for the separate allocation pass only, so
  /// the counter never slows the timed runs.
  let sample: (_ countingAllocations: Bool) -> Sample

  init(
    name: String, baseline: String? = nil, figure: Figure = .nanosecondsPerOperation,
    extras: [Extra] = [], checks: [Check] = [],
    sample: @escaping (_ countingAllocations: Bool) -> Sample
  ) {
    self.name = name
    self.baseline = baseline
    self.figure = figure
    self.extras = extras
    self.checks = checks
    self.sample = sample
  }

  /// What the table shows as a benchmark's own figure.
  enum Figure {
    case nanosecondsPerOperation
    /// One of the extras, with its unit (`"B/reactor"`, `"ms"`).
    case extra(String, unit: String)
  }

  /// An extra value a sample reports, such as `bytes_per_reactor` or `stale_applied`.
  struct Extra {
    let key: String
    let summary: Summary

    /// The median over the repeats, or the worst (largest) one, for what must hold every time.
    enum Summary {
      case median
      case maximum
    }

    static func median(_ key: String) -> Extra { Extra(key: key, summary: .median) }
    static func maximum(_ key: String) -> Extra { Extra(key: key, summary: .maximum) }
  }

  /// One target: a label such as `ratio <= 2.0` and the test of a result against it.
  struct Check {
    let label: String
    let isMet: (Result) -> Bool

    static func ratio(atMost limit: Double) -> Check {
      Check(label: "ratio <= \(format(limit))") { ($0.ratio ?? .infinity) <= limit }
    }

    static func ratio(atLeast limit: Double) -> Check {
      Check(label: "ratio >= \(format(limit))") { ($0.ratio ?? 0) >= limit }
    }

    static var noAllocations: Check {
      Check(label: "0 allocs/op") { ($0.allocationsPerOperation ?? .infinity) == 0 }
    }

    static func extra(_ key: String, atMost limit: Double, unit: String) -> Check {
      Check(label: "\(key) <= \(format(limit))\(unit)") { ($0.extras[key] ?? .infinity) <= limit }
    }
  }
}

/// What one run of a benchmark measured.
struct Sample {
  /// Wall-clock time of the measured part.
  var nanoseconds: Double
  /// CPU time of the measured part, every thread of the process.
  var cpuNanoseconds: Double
  /// Heap allocations of the measured part, on every thread; zero unless counted.
  var allocations: Double
  /// How many operations the measured part did: actions, consumers reached, reactors made.
  var operations: Int
  var extras: [String: Double] = [:]

  init(_ measured: Measured, operations: Int, extras: [String: Double] = [:]) {
    nanoseconds = Double(measured.nanoseconds)
    cpuNanoseconds = Double(measured.cpuNanoseconds)
    allocations = Double(measured.allocations)
    self.operations = operations
    self.extras = extras
  }

  var nanosecondsPerOperation: Double { nanoseconds / Double(operations) }
  var cpuNanosecondsPerOperation: Double { cpuNanoseconds / Double(operations) }
}

/// A benchmark's figures over all its repeats, and its baseline's.
struct Result {
  let name: String
  /// Wall-clock time per operation, median over the repeats.
  let nanosecondsPerOperation: Double
  /// CPU time per operation, every thread of the process, median over the repeats: what the
  /// operation cost, without the time other processes held the cores.
  let cpuNanosecondsPerOperation: Double
  /// `nil` where allocations cannot be counted (not glibc).
  let allocationsPerOperation: Double?
  let baseline: String?
  let baselineCPUNanosecondsPerOperation: Double?
  /// CPU time per operation over the baseline's, median of the rounds' ratios: below 1 is faster.
  let ratio: Double?
  /// The same with wall-clock times, for reference: on a busy machine it also measures what
  /// else ran.
  let wallRatio: Double?
  let extras: [String: Double]
  let repeats: Int
}

/// A number printed with at most three significant decimals and no trailing zeros.
func format(_ value: Double) -> String {
  if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
  let magnitude = abs(value)
  let digits = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 3
  var text = String(format: "%.\(digits)f", value)
  while text.hasSuffix("0") { text.removeLast() }
  if text.hasSuffix(".") { text.removeLast() }
  return text
}
