// Fuzz target: github-search's script parser (ScriptReader, ScriptLine, ScriptCommand).
//
// Input: a script. Property: commands with arguments in range, or a ScriptError.
/// libFuzzer calls this with each input it tries; it returns 0, or traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  for command in scriptCommands(start, count) {
    switch command {
    case .success(.open(let number)): precondition(number >= 1)
    case .success(.sleep(let milliseconds)):
      precondition((0...ScriptLine.maximumSleepMilliseconds).contains(milliseconds))
    case .success(.query(let query)): precondition(query.count <= ScriptCommand.maximumQueryLength)
    case .success, .failure: break
    }
  }
  return 0
}
