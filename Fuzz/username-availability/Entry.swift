// Fuzz target: the username-availability verdict from an answer to `GET /users/{name}`.
//
// Input: a status line, an `x-ratelimit-remaining` line, then the body.
// Property: a verdict or an AvailabilityCheckError, never a trap.
import Foundation

/// libFuzzer calls this with each input it tries; it returns 0, or traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let lines = bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
  let status = lines.first.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 200
  let remaining = lines.count > 1 ? String(decoding: lines[1], as: UTF8.self) : nil
  let body = lines.count > 2 ? Data(lines[2]) : Data()
  do {
    _ = try UsernameAvailabilityClient.availability(
      status: status, rateLimitRemaining: remaining, body: body)
  } catch let error as AvailabilityCheckError {
    _ = error.localizedDescription
  } catch {
    preconditionFailure("not an AvailabilityCheckError: \(error)")
  }
  return 0
}
