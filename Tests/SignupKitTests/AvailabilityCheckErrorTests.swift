import LoopbackHTTP
import Testing

@testable import SignupKit

@Suite(.timeLimit(.minutes(1))) struct AvailabilityCheckErrorTests {
  @Test(arguments: [
    AvailabilityCheckError.rateLimited, .forbidden, .serverError(status: 502),
    .unexpectedStatus(418), .timedOut(after: .seconds(10)), .unreachable(host: "api.github.com"),
    .failed(reason: "127.0.0.1:8080 redirected too many times"),
  ])
  func everyCauseSaysCouldntCheckAndNeverTaken(error: AvailabilityCheckError) {
    #expect(error.description.hasPrefix("Couldn't check availability: "))
    #expect(!error.description.contains("taken"))
  }

  @Test func theMessageNamesTheStatusOrHost() {
    #expect(AvailabilityCheckError.serverError(status: 502).description.contains("502"))
    #expect(
      AvailabilityCheckError.unreachable(host: "ghe.example.com").description.contains(
        "ghe.example.com"))
  }

  @Test func aTimeoutSaysHowLongItWaitedInSeconds() {
    #expect(
      AvailabilityCheckError.timedOut(after: .milliseconds(1500)).description
        == "Couldn't check availability: GitHub didn't answer within 1.5 s, try again")
  }

  @Test func anUnreachableServerSuggestsOfflineMode() {
    #expect(
      AvailabilityCheckError.unreachable(host: "api.github.com").description
        == "Couldn't check availability: can't reach api.github.com; without a network, use "
        + "--offline")
  }

  @Test func aFailedExchangeIsClassifiedByItsReason() {
    #expect(
      AvailabilityCheckError(HTTPFetchError(.timedOut(.seconds(3)), server: "h"))
        == .timedOut(after: .seconds(3)))
    #expect(
      AvailabilityCheckError(HTTPFetchError(.cannotFindHost, server: "h"))
        == .unreachable(host: "h"))
    #expect(
      AvailabilityCheckError(HTTPFetchError(.connectionLost, server: "h"))
        == .failed(reason: "the connection to h broke before the answer was complete"))
  }
}
