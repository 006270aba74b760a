/// A small seeded random number generator (SplitMix64), so the offline catalog is the same on
/// every machine and every run.
struct CatalogRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// One element of `choices`, uniformly.
  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int(next() % UInt64(choices.count))]
  }

  /// A number in `0..<1`.
  mutating func unit() -> Double {
    Double(next() >> 11) / Double(1 << 53)
  }
}
