/// Why the command line was refused; printed before the usage.
struct SignupOptionsError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
