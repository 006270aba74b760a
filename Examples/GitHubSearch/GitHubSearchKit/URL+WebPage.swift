import Foundation

extension URL {
  /// Whether this is an address a browser can open: `http` or `https`, with a host. A
  /// repository's `html_url` that is not one is a malformed answer.
  var isWebPage: Bool {
    guard let scheme = scheme?.lowercased(), scheme == "https" || scheme == "http" else {
      return false
    }
    return host != nil
  }
}
