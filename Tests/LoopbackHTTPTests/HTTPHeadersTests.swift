import LoopbackHTTP
import Testing

@Suite(.timeLimit(.minutes(1))) struct HTTPHeadersTests {
  @Test func lookupIgnoresTheCaseOfTheName() {
    let headers: HTTPHeaders = ["Content-Type": "application/json"]

    #expect(headers["content-type"] == "application/json")
    #expect(headers["CONTENT-TYPE"] == "application/json")
    #expect(headers.contains("Content-type"))
    #expect(headers["Accept"] == nil)
  }

  @Test func addingKeepsEveryValueInOrder() {
    var headers = HTTPHeaders()
    headers.add("Set-Cookie", "a=1")
    headers.add("set-cookie", "b=2")

    #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
    #expect(headers["Set-Cookie"] == "a=1")
  }

  @Test func settingReplacesEveryFieldOfThatNameInPlace() {
    var headers: HTTPHeaders = ["A": "1", "B": "2", "b": "3", "C": "4"]

    headers["B"] = "5"

    #expect(headers.map(\.name) == ["A", "B", "C"])
    #expect(headers.map(\.value) == ["1", "5", "4"])
  }

  @Test func settingNilRemovesTheField() {
    var headers: HTTPHeaders = ["A": "1", "B": "2"]

    headers["a"] = nil

    #expect(headers.map(\.name) == ["B"])
    #expect(headers.map(\.value) == ["2"])
  }
}
