import Foundation

/// Prints results as a table for people or as JSON lines for tools.
struct Report {
  let results: [Result]
  let benchmarks: [Benchmark]

  private func benchmark(named name: String) -> Benchmark {
    benchmarks.first { $0.name == name }!
  }

  /// Whether every target of `result` is met; `nil` when it has none.
  func verdict(of result: Result) -> (met: Bool, labels: [String])? {
    let checks = benchmark(named: result.name).checks
    guard !checks.isEmpty else { return nil }
    return (checks.allSatisfy { $0.isMet(result) }, checks.map(\.label))
  }

  /// One JSON object per benchmark, one per line.
  func jsonLines() -> [String] {
    results.map { result in
      var fields: [(String, String)] = [
        ("name", quoted(result.name)),
        ("cpu_ns_per_op", number(result.cpuNanosecondsPerOperation)),
        ("ns_per_op", number(result.nanosecondsPerOperation)),
        ("allocs_per_op", result.allocationsPerOperation.map(number) ?? "null"),
        ("baseline", result.baseline.map(quoted) ?? "null"),
        ("baseline_cpu_ns_per_op", result.baselineCPUNanosecondsPerOperation.map(number) ?? "null"),
        ("ratio", result.ratio.map(number) ?? "null"),
        ("wall_ratio", result.wallRatio.map(number) ?? "null"),
      ]
      for extra in benchmark(named: result.name).extras {
        if let value = result.extras[extra.key] { fields.append((extra.key, number(value))) }
      }
      fields.append(("repeats", String(result.repeats)))
      if let verdict = verdict(of: result) {
        fields.append(("target", quoted(verdict.labels.joined(separator: ", "))))
        fields.append(("met", verdict.met ? "true" : "false"))
      }
      return "{" + fields.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }
  }

  /// An aligned table: name, our figure, CPU and wall-clock time, allocations, baseline, its CPU
  /// time, the ratios, target.
  func table() -> String {
    let header = [
      "name", "figure", "cpu ns/op", "wall ns/op", "allocs/op", "baseline", "baseline cpu",
      "ratio", "wall ratio", "target", "met", "also",
    ]
    var rows = [header]
    for result in results {
      let verdict = verdict(of: result)
      rows.append([
        result.name,
        figure(of: result),
        format(result.cpuNanosecondsPerOperation),
        format(result.nanosecondsPerOperation),
        result.allocationsPerOperation.map(format) ?? "n/a",
        result.baseline ?? "-",
        result.baselineCPUNanosecondsPerOperation.map(format) ?? "-",
        result.ratio.map { format($0) + "x" } ?? "-",
        result.wallRatio.map { format($0) + "x" } ?? "-",
        verdict?.labels.joined(separator: ", ") ?? "-",
        verdict.map { $0.met ? "yes" : "NO" } ?? "-",
        also(result),
      ])
    }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
      let cells = row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        // Names and words to the left, numbers to the right.
        return [0, 5, 9, 10, 11].contains(column) ? cell + padding : padding + cell
      }
      var line = cells.joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      lines.append(line)
      if index == 0 {
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The extras not already shown as the figure, as `key=value` pairs.
  private func also(_ result: Result) -> String {
    let benchmark = benchmark(named: result.name)
    var shown: String?
    if case .extra(let key, _) = benchmark.figure { shown = key }
    let pairs = benchmark.extras.compactMap { extra -> String? in
      guard extra.key != shown, let value = result.extras[extra.key] else { return nil }
      return "\(extra.key)=\(format(value))"
    }
    return pairs.isEmpty ? "-" : pairs.joined(separator: " ")
  }

  private func figure(of result: Result) -> String {
    switch benchmark(named: result.name).figure {
    case .nanosecondsPerOperation:
      return format(result.cpuNanosecondsPerOperation) + " ns"
    case .extra(let key, let unit):
      return (result.extras[key].map(format) ?? "?") + " " + unit
    }
  }

  private func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"")
      + "\""
  }

  private func number(_ value: Double) -> String {
    value.isFinite ? format(value) : "null"
  }
}
