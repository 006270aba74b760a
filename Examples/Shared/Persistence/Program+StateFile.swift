import ExampleCommandLine
import ReactorsPersistence

extension Program {
  /// The state file called `name` at `location`, opened for `reactor`, and what opening it had
  /// to say (a file moved aside, another process holding it, a directory that cannot be
  /// written), for the interactive mode to show on its screen; `nil` when nothing is kept.
  ///
  /// Every diagnostic is also written to standard error as it happens: before the interactive
  /// mode starts, or during it (then the terminal shows it once it is restored), or in a script.
  public func openStateFile<R: PersistentReactor>(
    for reactor: R.Type, named name: String, at location: StateLocation
  ) -> (file: StateFile<R>?, notices: [String]) {
    switch location {
    case .off:
      return (nil, [])
    case .unavailable(let reason):
      printError(reason)
      return (nil, [reason])
    case .directory(let directory):
      do {
        let file = try StateFile<R>(at: directory.appendingPathComponent(name)) { diagnostic in
          self.printError(diagnostic.description)
        }
        return (file, file.diagnostics.map(\.description))
      } catch {
        // A secret in `Saved` is the example's own mistake: said, and the run goes on unsaved.
        printError(error.description)
        return (nil, [error.description])
      }
    }
  }
}
