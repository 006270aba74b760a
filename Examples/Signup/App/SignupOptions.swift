import Foundation

/// The command line of `signup`, parsed.
///
/// ```
/// signup [--offline | --api-url URL] [--json] [--script FILE]
///        [--debounce-ms N] [--signup-latency-ms N] [--signup-failure-rate P] [--seed N]
/// ```
struct SignupOptions: Equatable {
  /// Where usernames are checked.
  enum UsernameSource: Equatable {
    /// The embedded directory, served on 127.0.0.1.
    case offline
    /// A GitHub-compatible REST API.
    case api(URL)
  }

  var usernameSource = UsernameSource.api(URL(string: "https://api.github.com")!)
  var printsJSON = false
  var scriptPath: String?
  var debounce = Duration.milliseconds(300)
  var signupLatency = Duration.milliseconds(1200)
  var signupFailureRate = 0.2
  var seed: UInt64?
  var showsHelp = false

  static let usage = """
    usage: signup [--offline | --api-url URL] [--json] [--script FILE]
                  [--debounce-ms N] [--signup-latency-ms N] [--signup-failure-rate P] [--seed N]

    A sign-up form with live validation. With a terminal on stdin and no --script, an
    interactive form; otherwise commands are read one per line from FILE or stdin:
      username TEXT | password TEXT | repeat TEXT | signup | wait | sleep MS | # comment

    options:
      --offline                  check usernames against an embedded directory (served on
                                 127.0.0.1) instead of api.github.com
      --api-url URL              a GitHub-compatible API root (GitHub Enterprise:
                                 https://HOST/api/v3); default https://api.github.com
      --json                     scripted mode: print one JSON object per state change
      --script FILE              run the commands in FILE instead of reading stdin
      --debounce-ms N            pause before a username is checked (default 300)
      --signup-latency-ms N      how long the simulated sign-up takes (default 1200)
      --signup-failure-rate P    probability, 0 to 1, that it fails (default 0.2)
      --seed N                   seed of the simulated failures (default: random)
      -h, --help                 show this help
    """

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(SignupOptionsError) -> SignupOptions {
    var options = SignupOptions()
    var sawOffline = false
    var sawAPIURL = false
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(SignupOptionsError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw SignupOptionsError("\(name) needs a value")
        }
        return next
      }
      func flag() throws(SignupOptionsError) {
        if inlineValue != nil { throw SignupOptionsError("\(name) takes no value") }
      }

      switch name {
      case "--offline":
        try flag()
        sawOffline = true
        options.usernameSource = .offline
      case "--api-url":
        sawAPIURL = true
        options.usernameSource = .api(try parseAPIURL(try value()))
      case "--json":
        try flag()
        options.printsJSON = true
      case "--script":
        options.scriptPath = try value()
      case "--debounce-ms":
        options.debounce = .milliseconds(try parseMilliseconds(try value(), for: name))
      case "--signup-latency-ms":
        options.signupLatency = .milliseconds(try parseMilliseconds(try value(), for: name))
      case "--signup-failure-rate":
        let text = try value()
        guard let rate = Double(text), (0...1).contains(rate) else {
          throw SignupOptionsError("\(name) needs a probability from 0 to 1, not \(quoted(text))")
        }
        options.signupFailureRate = rate
      case "--seed":
        let text = try value()
        guard let seed = UInt64(text) else {
          throw SignupOptionsError("\(name) needs a whole number, not \(quoted(text))")
        }
        options.seed = seed
      case "-h", "--help":
        options.showsHelp = true
      default:
        throw SignupOptionsError("unknown argument \(quoted(argument))")
      }
    }
    if sawOffline && sawAPIURL {
      throw SignupOptionsError("--offline and --api-url can't be used together")
    }
    return options
  }

  private static func parseAPIURL(_ text: String) throws(SignupOptionsError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else {
      throw SignupOptionsError("--api-url needs an http or https URL, not \(quoted(text))")
    }
    return url
  }

  private static func parseMilliseconds(
    _ text: String, for name: String
  )
    throws(SignupOptionsError) -> Int
  {
    guard let milliseconds = Int(text), milliseconds >= 0 else {
      throw SignupOptionsError("\(name) needs a whole number of milliseconds, not \(quoted(text))")
    }
    return milliseconds
  }

  private static func quoted(_ text: String) -> String {
    String(reflecting: text)
  }
}
