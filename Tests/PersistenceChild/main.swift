// The process ReactorsPersistenceTests start, to kill it in the middle of writes and to hold a
// state file against:
//
//   PersistenceChild write PATH COUNT   saves COUNT changes, one write each, printing "wrote N"
//                                       after each
//   PersistenceChild open PATH          opens the file and prints its diagnostics, then
//                                       "saving: true" or "saving: false"
import Foundation
import ReactorsPersistence

/// Writes a line at once, unbuffered: the test reads it while this process runs.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let mode = arguments.first else {
  FileHandle.standardError.write(Data("usage: PersistenceChild write|open PATH [COUNT]\n".utf8))
  exit(2)
}
let url = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
let file = try StateFile<KilledWriterReactor>(at: url)
switch mode {
case "write":
  let count = arguments.count > 2 ? Int(arguments[arguments.startIndex + 2]) ?? 0 : 0
  let reactor = KilledWriterReactor(stateFile: file)
  for number in 1...max(count, 1) {
    reactor.send(number)
    await file.flush()
    say("wrote \(number)")
  }
case "open":
  for diagnostic in file.diagnostics { say(diagnostic.description) }
  say("saving: \(file.isSaving)")
default:
  exit(2)
}
