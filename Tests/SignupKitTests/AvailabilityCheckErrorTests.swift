import SignupKit
import Testing

@Suite struct AvailabilityCheckErrorTests {
  @Test(arguments: [
    AvailabilityCheckError.rateLimited, .forbidden, .serverError(status: 502),
    .unexpectedStatus(418), .timedOut, .unreachable(host: "api.github.com"),
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
}
