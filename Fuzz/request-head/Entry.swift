// Fuzz target: the loopback server's request-head parser (RequestHead.parse), and the
// percent-decoding of the target it parsed.
//
// Input: the bytes a client sent. Property: incomplete, a head whose byte count and body length
// lie in range, or a 4xx/5xx refusal; never a trap.
/// libFuzzer calls this with each input it tries; it returns 0, or traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  switch RequestHead.parse(bytes[...], maximumByteCount: 1024, maximumFieldCount: 16) {
  case .incomplete: break
  case .complete(let head, let byteCount):
    precondition(byteCount > 0 && byteCount <= bytes.count && byteCount <= 1024)
    precondition(head.contentLength >= 0)
    _ = (head.wantsKeepAlive, head.expectsContinue)
    _ = PercentDecoding.decode(head.target, plusAsSpace: true)
  case .invalid(let status, _):
    precondition((400...599).contains(status))
  }
  return 0
}
