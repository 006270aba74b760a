/// Runs benchmarks and their baselines, interleaved, and summarises the repeats.
///
/// Every selected benchmark and every baseline it needs run in rounds: one sample of each per
/// round, so slow drifts of a shared machine hit a benchmark and its baseline alike. The first
/// `warmUps` rounds are thrown away. An extra, untimed pass counts allocations.
struct Runner {
  let benchmarks: [Benchmark]
  let repeats: Int
  let warmUps: Int
  /// Called once per benchmark and round, for progress on standard error.
  var progress: (String) -> Void = { _ in }

  /// The names of `selected` and of every baseline they need, in the suite's order.
  func closure(of selected: [String]) -> [Benchmark] {
    var needed = Set<String>()
    var pending = selected
    while let name = pending.popLast() {
      guard needed.insert(name).inserted else { continue }
      if let baseline = benchmarks.first(where: { $0.name == name })?.baseline {
        pending.append(baseline)
      }
    }
    return benchmarks.filter { needed.contains($0.name) }
  }

  func run(_ selected: [Benchmark]) -> [Result] {
    var samples: [String: [Sample]] = [:]
    for round in 0..<(warmUps + repeats) {
      for benchmark in selected {
        progress("\(benchmark.name) round \(round + 1)/\(warmUps + repeats)")
        let sample = benchmark.sample(false)
        if round >= warmUps { samples[benchmark.name, default: []].append(sample) }
      }
    }
    var allocations: [String: Double] = [:]
    if allocationsAreCounted {
      for benchmark in selected {
        progress("\(benchmark.name) allocations")
        let sample = benchmark.sample(true)
        allocations[benchmark.name] = sample.allocations / Double(sample.operations)
      }
    }
    var perOperation: [String: Double] = [:]
    var cpuPerOperation: [String: Double] = [:]
    for benchmark in selected {
      let taken = samples[benchmark.name, default: []]
      perOperation[benchmark.name] = median(taken.map(\.nanosecondsPerOperation))
      cpuPerOperation[benchmark.name] = median(taken.map(\.cpuNanosecondsPerOperation))
    }
    return selected.map { benchmark in
      let taken = samples[benchmark.name, default: []]
      var extras: [String: Double] = [:]
      for extra in benchmark.extras {
        let values = taken.compactMap { $0.extras[extra.key] }
        guard !values.isEmpty else { continue }
        switch extra.summary {
        case .median: extras[extra.key] = median(values)
        case .maximum: extras[extra.key] = values.max()
        }
      }
      // Each round's sample against the baseline's sample of the same round, then the median of
      // those ratios: a round that ran while the machine was busier slows both sides.
      let baselineSamples = benchmark.baseline.map { samples[$0, default: []] }
      func pairedRatio(_ figure: (Sample) -> Double) -> Double? {
        guard let baselineSamples else { return nil }
        return median(zip(taken, baselineSamples).map { figure($0) / figure($1) })
      }
      return Result(
        name: benchmark.name,
        nanosecondsPerOperation: perOperation[benchmark.name] ?? .nan,
        cpuNanosecondsPerOperation: cpuPerOperation[benchmark.name] ?? .nan,
        allocationsPerOperation: allocations[benchmark.name],
        baseline: benchmark.baseline,
        baselineCPUNanosecondsPerOperation: benchmark.baseline.flatMap { cpuPerOperation[$0] },
        ratio: pairedRatio(\.cpuNanosecondsPerOperation),
        wallRatio: pairedRatio(\.nanosecondsPerOperation),
        extras: extras,
        repeats: taken.count
      )
    }
  }
}

/// The middle value; the mean of the two middle ones for an even count.
func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return .nan }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}
