// Shared by the two script targets: hands the fuzzer's bytes to ScriptReader through a pipe, as
// `--script -` reads standard input, and parses each line as the target's ScriptCommand.
import Foundation

/// Each line's command or error, from the script in the fuzzer's input; none when the input does
/// not fit a pipe's buffer or ScriptReader refuses it as a whole.
func scriptCommands(
  _ start: UnsafePointer<UInt8>, _ count: Int
) -> [Result<ScriptCommand, ScriptError>] {
  guard count <= 65_536 else { return [] }
  var ends: [Int32] = [0, 0]
  precondition(pipe(&ends) == 0)
  var written = 0
  while written < count {
    let result = write(ends[1], start + written, count - written)
    precondition(result > 0)
    written += result
  }
  close(ends[1])
  defer { close(ends[0]) }
  let lines = Result { () throws(ScriptError) in
    try ScriptReader.read(descriptor: ends[0], name: "fuzz", maximumLineLength: 256)
  }
  guard case .success(let lines) = lines else { return [] }
  return lines.map { line in Result { () throws(ScriptError) in try ScriptCommand(line) } }
}
