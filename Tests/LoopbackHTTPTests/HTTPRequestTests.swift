import Foundation
import LoopbackHTTP
import Testing

@Suite(.timeLimit(.minutes(1))) struct HTTPRequestTests {
  @Test func queryItemsAreDecodedLikeGitHubDecodesThem() {
    let request = HTTPRequest(
      method: "GET",
      target: "/search/repositories?q=c%2B%2B&hash=%23tag&and=a%26b&equals=a%3Db"
        + "&unicode=%E5%90%8D%E5%89%8D&plus=swift+language&raw=%E2%9C%93+ok")

    #expect(request.path == "/search/repositories")
    #expect(request.queryValue(for: "q") == "c++")
    #expect(request.queryValue(for: "hash") == "#tag")
    #expect(request.queryValue(for: "and") == "a&b")
    #expect(request.queryValue(for: "equals") == "a=b")
    #expect(request.queryValue(for: "unicode") == "名前")
    #expect(request.queryValue(for: "plus") == "swift language")
    #expect(request.queryValue(for: "raw") == "✓ ok")
  }

  @Test func queryItemsKeepTheirOrderAndRepeatedNames() {
    let request = HTTPRequest(method: "GET", target: "/?b=2&a=1&b=3")

    #expect(request.queryItems.map(\.name) == ["b", "a", "b"])
    #expect(request.queryItems.map(\.value) == ["2", "1", "3"])
    #expect(request.queryValue(for: "b") == "2")
  }

  @Test func aPairWithoutAnEqualsSignHasNoValueAndEmptyPairsAreSkipped() {
    let request = HTTPRequest(method: "GET", target: "/?flag&&empty=&x=1")

    #expect(
      request.queryItems == [
        URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "empty", value: ""),
        URLQueryItem(name: "x", value: "1"),
      ])
  }

  @Test func theRawQueryAndPathAreKeptAsSent() {
    let request = HTTPRequest(method: "GET", target: "/users/octo%2Dcat?q=a+b%21")

    #expect(request.rawPath == "/users/octo%2Dcat")
    #expect(request.path == "/users/octo-cat")
    #expect(request.rawQuery == "q=a+b%21")
    #expect(request.target == "/users/octo%2Dcat?q=a+b%21")
  }

  @Test func aTargetWithoutAQuestionMarkHasNoQuery() {
    let request = HTTPRequest(method: "GET", target: "/users/octocat")

    #expect(request.rawQuery == nil)
    #expect(request.queryItems.isEmpty)
  }

  @Test func anEmptyQueryIsPresentButHasNoItems() {
    let request = HTTPRequest(method: "GET", target: "/search?")

    #expect(request.rawQuery == "")
    #expect(request.queryItems.isEmpty)
  }

  @Test func aPlusInThePathStaysAPlus() {
    let request = HTTPRequest(method: "GET", target: "/repos/a+b")

    #expect(request.path == "/repos/a+b")
  }

  @Test func pathSegmentsAreSplitBeforeDecodingSoAnEscapedSlashStaysInside() {
    let request = HTTPRequest(method: "GET", target: "/users/octo%2Fcat/repos")

    #expect(request.pathSegments == ["users", "octo/cat", "repos"])
    #expect(request.path == "/users/octo/cat/repos")
  }

  @Test func malformedEscapesAreKeptAndInvalidUTF8BecomesAReplacementCharacter() {
    let request = HTTPRequest(method: "GET", target: "/a%zz%4?q=%FF%41&t=100%")

    #expect(request.path == "/a%zz%4")
    #expect(request.queryValue(for: "q") == "\u{FFFD}A")
    #expect(request.queryValue(for: "t") == "100%")
  }
}
