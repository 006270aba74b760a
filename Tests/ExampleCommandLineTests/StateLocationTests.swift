import ExampleCommandLine
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct StateLocationTests {
  let environment = ["XDG_STATE_HOME": "/home/me/.state", "HOME": "/home/me"]

  func location(
    _ configure: (inout CommonOptions) -> Void = { _ in }, isInteractive: Bool = true,
    environment: [String: String]? = nil
  ) -> StateLocation {
    var options = CommonOptions()
    configure(&options)
    return StateLocation.forRun(
      options, isInteractive: isInteractive, environment: environment ?? self.environment,
      currentDirectory: "/work")
  }

  /// The directory's path, `nil` for no directory.
  func path(_ location: StateLocation) -> String? {
    guard case .directory(let url) = location else { return nil }
    return url.path
  }

  #if !canImport(Darwin)
  @Test func anInteractiveRunKeepsStateUnderXDGStateHome() {
    #expect(path(location()) == "/home/me/.state/reactors-examples")
  }

  @Test(arguments: [nil, "", "relative/state"])
  func withoutAnAbsoluteXDGStateHomeItIsUnderDotLocalState(xdg: String?) {
    var environment = ["HOME": "/home/me"]
    environment["XDG_STATE_HOME"] = xdg
    #expect(path(location(environment: environment)) == "/home/me/.local/state/reactors-examples")
  }
  #else
  @Test func anInteractiveRunKeepsStateInApplicationSupport() {
    #expect(path(location()) == "/home/me/Library/Application Support/reactors-examples")
  }
  #endif

  @Test func scriptedJSONAndReplayRunsKeepNothingByDefault() {
    #expect(location(isInteractive: false) == .off)
    #expect(location({ $0.json = true }) == .off)
    #expect(location({ $0.scriptPath = "-" }) == .off)
    #expect(location({ $0.replayPath = "s.jsonl" }) == .off)
  }

  @Test func stateDirWinsEvenForAScriptAndIsResolvedAgainstTheCurrentDirectory() {
    let given = location({ $0.stateDirectoryPath = "saved" }, isInteractive: false)
    #expect(path(given) == "/work/saved")
    #expect(given.file(named: "a.json")?.path == "/work/saved/a.json")
    #expect(path(location({ $0.stateDirectoryPath = "/abs" })) == "/abs")
  }

  @Test func noStateTurnsItOffAndThereIsNoFile() {
    let off = location { $0.noState = true }
    #expect(off == .off)
    #expect(off.file(named: "a.json") == nil)
  }

  @Test func theHelpNamesTheDirectory() {
    #expect(StateLocation.defaultDirectoryDescription.contains("reactors-examples/"))
  }
}
