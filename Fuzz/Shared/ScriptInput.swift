// Shared by the two script targets: hands the fuzzer's bytes to ScriptReader through a pipe, as
// `--script -` reads standard input.
import Foundation

/// The lines ScriptReader reads from `bytes`, or its error; the input must fit a pipe's buffer.
func scriptLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[ScriptLine], ScriptError> {
  var ends: [Int32] = [0, 0]
  precondition(pipe(&ends) == 0 && bytes.count <= 65_536)
  var written = 0
  while written < bytes.count {
    let result = write(ends[1], bytes.baseAddress! + written, bytes.count - written)
    precondition(result > 0)
    written += result
  }
  close(ends[1])
  defer { close(ends[0]) }
  return Result { () throws(ScriptError) in
    try ScriptReader.read(descriptor: ends[0], name: "fuzz", maximumLineLength: 256)
  }
}
