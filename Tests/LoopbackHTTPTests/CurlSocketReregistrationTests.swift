#if os(Linux)
import Foundation
import Testing

/// The examples' workaround for URLSession's busy wait on Linux is wired in: the process's
/// `curl_multi_setopt`, which FoundationNetworking calls, is the examples' and not libcurl's.
@Suite(.timeLimit(.minutes(1))) struct CurlSocketReregistrationTests {
  @Test func foundationNetworkingReachesTheExamplesCurlMultiSetopt() throws {
    // Already loaded by FoundationNetworking: this only takes another reference.
    let libcurl = try #require(dlopen("libcurl.so.4", RTLD_LAZY))
    defer { dlclose(libcurl) }
    let libcurlsOwn = try #require(dlsym(libcurl, "curl_multi_setopt"))
    let theProcesss = try #require(dlsym(nil, "curl_multi_setopt"))
    #expect(theProcesss != libcurlsOwn)
  }
}
#endif
