// A bare URLSession data task that waits for a slow server, printing the CPU the process uses
// meanwhile. On Linux (FoundationNetworking over libcurl), a request on a new connection keeps a
// core busy until its answer arrives; one on a reused connection does not.
//
//   swiftc -O repro.swift -o repro && ./repro http://127.0.0.1:18080/ delegate 2
//
// Arguments: URL, then how to await the task (completion, async or delegate; default
// completion), then how many requests to send one after another on one session (default 1).

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The user and system CPU time of this process so far, in seconds.
func processCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Signals a semaphore when the task completes, for the `delegate` mode.
final class CompletionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // Safe: the session calls it on its serial delegate queue; `done` is thread-safe.
  let done = DispatchSemaphore(value: 0)
  var byteCount = 0

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    byteCount += data.count
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    done.signal()
  }
}

let arguments = CommandLine.arguments
guard arguments.count > 1, let url = URL(string: arguments[1]) else {
  print("usage: repro URL [completion|async|delegate] [COUNT]")
  exit(2)
}
let mode = arguments.count > 2 ? arguments[2] : "completion"
let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
let delegate = CompletionDelegate()
let session = URLSession(
  configuration: .ephemeral, delegate: mode == "delegate" ? delegate : nil, delegateQueue: nil)

for index in 1...max(1, count) {
  let (start, cpuAtStart) = (Date(), processCPUSeconds())
  switch mode {
  case "async":
    _ = try await session.data(from: url)
  case "delegate":
    session.dataTask(with: url).resume()
    delegate.done.wait()
  default:
    let done = DispatchSemaphore(value: 0)
    session.dataTask(with: url) { _, _, _ in done.signal() }.resume()
    done.wait()
  }
  let wall = Date().timeIntervalSince(start)
  let cpu = processCPUSeconds() - cpuAtStart
  print(
    "request \(index) (\(mode)): wall \(String(format: "%.2f", wall)) s, "
      + "CPU \(String(format: "%.2f", cpu)) s = \(String(format: "%.0f", 100 * cpu / wall)) % of a core"
  )
}
