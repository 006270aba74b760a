import ExampleCommandLine
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct APIServerTests {
  let enterprise = URL(string: "https://ghe.example.com/api/v3")!

  @Test func theDefaultIsGitHubAndEachChoiceHasItsURL() {
    #expect(APIServer.gitHub.url == URL(string: "https://api.github.com"))
    #expect(APIServer.custom(enterprise).url == enterprise)
    #expect(APIServer.offline.url == nil)
  }

  @Test func sayingTheSameTwiceIsFineAndALaterURLWins() throws {
    var server = APIServer.gitHub
    try server.choose(.offline)
    try server.choose(.offline)
    #expect(server == .offline)

    var custom = APIServer.gitHub
    try custom.choose(.custom(URL(string: "http://a.example")!))
    try custom.choose(.custom(enterprise))
    #expect(custom == .custom(enterprise))
  }

  @Test(arguments: [(APIServer.offline, APIServer.custom(URL(string: "http://a.example")!))])
  func offlineAndAnAPIURLConflictInEitherOrder(first: APIServer, second: APIServer) throws {
    let conflict = UsageError("--offline and --api-url cannot be combined")
    var server = APIServer.gitHub
    try server.choose(first)
    #expect(throws: conflict) { try server.choose(second) }
    var reversed = APIServer.gitHub
    try reversed.choose(second)
    #expect(throws: conflict) { try reversed.choose(first) }
  }
}
