import Foundation

/// What a program was doing when a wait for it ran out: printed with the failure, so that a hang
/// seen once in CI can be read afterwards instead of guessed at.
extension TerminalSession {
  /// Prints, for the wait `what` that ran out, the program's threads as `/proc` shows them
  /// (name, state, the kernel function it sleeps in), their stacks if `gdb` is installed, and the
  /// end of what it wrote.
  func reportTimeout(of what: String) {
    let pid = process.processIdentifier
    let running = process.isRunning
    var lines = ["TerminalSession: \(what) ran out; pid \(pid) \(running ? "runs" : "ended")"]
    if running {
      lines += Self.threads(of: pid)
      lines += Self.stacks(of: pid)
    }
    let tail = String(output.suffix(600)).unicodeScalars.map {
      $0.value < 0x20 && $0 != "\n" ? "^" : String($0)
    }
    lines.append("last output: \(tail.joined())")
    print(lines.joined(separator: "\n"))
  }

  /// One line per thread: its name, state (`R`, `S`, `D`, `T`…) and wait channel.
  private static func threads(of pid: Int32) -> [String] {
    let directory = "/proc/\(pid)/task"
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return tasks.sorted().map { task in
      func read(_ name: String) -> String {
        let text = try? String(contentsOfFile: "\(directory)/\(task)/\(name)", encoding: .utf8)
        return text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
      }
      let state = schedulingState(inStat: "\(directory)/\(task)/stat").map(String.init) ?? "?"
      return "thread \(task) \(read("comm")): state \(state), waits in \(read("wchan"))"
    }
  }

  /// The stacks of every thread, from `gdb` in batch mode, or nothing without it; 60 s at most.
  private static func stacks(of pid: Int32) -> [String] {
    guard
      let gdb = ["/usr/bin/gdb", "/usr/local/bin/gdb"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return ["(no gdb: no stacks)"] }
    let debugger = Process()
    debugger.executableURL = URL(fileURLWithPath: gdb)
    debugger.arguments = ["-p", "\(pid)", "-batch", "-ex", "thread apply all bt 12"]
    let output = Pipe()
    debugger.standardOutput = output
    debugger.standardError = FileHandle.nullDevice
    guard (try? debugger.run()) != nil else { return ["(gdb did not start)"] }
    let killer = DispatchWorkItem { debugger.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killer)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    debugger.waitUntilExit()
    killer.cancel()
    return text.split(separator: "\n").compactMap { line in
      if line.hasPrefix("Thread ") { return String(line) }
      guard line.hasPrefix("#") else { return nil }
      // "#3  0x… in name (arguments) at file" or "#0  name (arguments) at file": the name.
      let afterNumber = line.drop { $0 != " " }.drop { $0 == " " }
      let name = afterNumber.range(of: " in ").map { afterNumber[$0.upperBound...] } ?? afterNumber
      return "  " + name.prefix { $0 != " " && $0 != "(" }
    }
  }
}
