extension Duration {
  /// The duration in seconds, for messages: `30 s`, `1.5 s`, `0.25 s` (to the millisecond).
  public var secondsText: String {
    let (seconds, attoseconds) = components
    guard attoseconds != 0 else { return "\(seconds) s" }
    let milliseconds = (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded()
    return "\(milliseconds / 1000) s"
  }
}
