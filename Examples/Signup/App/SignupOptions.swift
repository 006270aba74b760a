import ExampleCommandLine
import Foundation

/// The command line of `signup`, parsed.
///
/// ```
/// signup [--offline | --api-url URL] [--json] [--script FILE] [--record FILE]
///        [--debounce-ms N] [--signup-latency-ms N] [--signup-failure-rate P] [--seed N]
///        [--state-dir DIR | --no-state]
/// signup --replay FILE [--json]
/// ```
struct SignupOptions: CommandLineOptions, Equatable {
  var common = CommonOptions()
  var signupLatency = Duration.milliseconds(1200)
  var signupFailureRate = 0.2
  var seed: UInt64?

  static let usage = """
    usage: signup [--offline | --api-url URL] [--json] [--script FILE]
                  [--record FILE] [--debounce-ms N] [--signup-latency-ms N]
                  [--signup-failure-rate P] [--seed N]
                  [--state-dir DIR | --no-state]
           signup --replay FILE [--json]

    A sign-up form with live validation. On a terminal, the interactive form (it
    scrolls to the focused field in a short window). Otherwise, with --script FILE
    or commands piped in, runs them and prints the form each time it changes:
      username TEXT, password TEXT, repeat TEXT, signup, wait, sleep MS, # comment
    The whole script is read and checked before it runs; at its end the run waits
    as `wait` does (for a pending check or sign-up). The sign-up service is
    simulated, and says so.

    options:
      --offline                check usernames against an embedded directory
                               (served on 127.0.0.1) instead of api.github.com
      --api-url URL            a GitHub-compatible API root (GitHub Enterprise:
                               https://HOST/api/v3); default
                               https://api.github.com
      --json                   print one JSON object per state instead of text
                               (not in the interactive form: there it is a usage
                               error)
      --script FILE            run the commands in FILE (- for standard input)
      --record FILE            record the session to FILE (JSON lines, passwords
                               redacted); FILE must not exist: a recording never
                               overwrites a file
      --replay FILE            step through a recorded session on a terminal: the
                               form after each event, the events around it and
                               what each changed (← → event, Shift-← → action,
                               Home End, / find, q quit); off a terminal, or with
                               --json, print its states as a script prints them
                               (each change once). From its mutations alone: no
                               network, no clock; it takes only --json
      --debounce-ms N          pause before a username is checked (default 300)
      --signup-latency-ms N    how long the simulated sign-up takes (default 1200)
      --signup-failure-rate P  probability, 0 to 1, that it fails (default 0.2)
      --seed N                 seed of the simulated failures, 0 or more
                               (default: random)
      --state-dir DIR          keep the username draft in DIR/signup.json
                               instead of the state directory below; a script
                               or --json run keeps it only with this option
      --no-state               neither restore nor save the username draft
      -h, --help               show this help

    saved state: the interactive form remembers the username typed (never a
    password; not once it is signed up) and says so when it brings it back, in
    signup.json under
    \(StateLocation.defaultDirectoryDescription)
    A file that cannot be read is moved aside and said, never overwritten.
    --replay never reads or writes saved state.

    exit status: 0 done; 1 a script whose last sign-up failed (as github-search for
    a failed search), or a failure to start (a --record FILE that exists or cannot
    be written included); 2 a usage, script or recording error (--replay of a
    missing, corrupt or foreign file); Ctrl-C ends it by SIGINT (130 in a shell),
    SIGTERM and SIGHUP by theirs, the draft saved first.
    """

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> SignupOptions {
    var options = SignupOptions()
    var parser = OptionParser(arguments)
    var given: [String] = []
    while let option = try parser.nextOption() {
      given.append(option)
      switch option {
      case "--signup-latency-ms": options.signupLatency = try parser.milliseconds()
      case "--signup-failure-rate": options.signupFailureRate = try parser.number(in: 0...1)
      case "--seed": options.seed = try parser.integer(in: 0...UInt64.max)
      default:
        guard try options.common.read(option, from: &parser) else { throw parser.unknownOption() }
      }
    }
    try options.common.checkReplay(given: given)
    if let operand = parser.operands.first {
      throw UsageError(
        "unexpected argument \(JSONValue.quoted(operand)); signup takes options only")
    }
    return options
  }
}
