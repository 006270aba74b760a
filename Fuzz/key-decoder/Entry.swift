// Fuzz target: the terminal key decoder (KeyDecoder), fed in two chunks split at the first byte.
//
// Input: the bytes a terminal sent; the first byte picks where the rest is cut in two.
// Property: keys, never a trap, and nothing held back beyond one control sequence.
/// libFuzzer calls this with each input it tries; it returns 0, or traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  guard let cut = bytes.first else { return 0 }
  let rest = bytes.dropFirst()
  let middle = rest.startIndex + Int(cut) % (rest.count + 1)
  var decoder = KeyDecoder()
  _ = decoder.decode(rest[..<middle])
  _ = decoder.decode(rest[middle...])
  _ = decoder.flush()
  precondition(!decoder.hasPendingBytes)
  return 0
}
