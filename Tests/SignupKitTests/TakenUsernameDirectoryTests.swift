import SignupKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct TakenUsernameDirectoryTests {
  @Test(arguments: ["octocat", "torvalds", "apple", "swift", "OctoCat", "SWIFT", "Apple"])
  func theOfflineDirectoryHasTheWellKnownNamesInAnyCase(name: String) {
    #expect(TakenUsernameDirectory.offline.contains(name))
  }

  @Test func otherNamesAreFree() {
    #expect(!TakenUsernameDirectory.offline.contains("octocat-2"))
    #expect(!TakenUsernameDirectory.offline.contains("swift-reactors-demo"))
  }

  @Test func aCustomDirectoryIgnoresCase() {
    let directory = TakenUsernameDirectory(["Mona"])
    #expect(directory.contains("mona"))
    #expect(directory.names == ["mona"])
  }
}
