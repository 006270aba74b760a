/// The values that break conversions — 0, negatives, `Int.max`, `Int.min`, `1e308`, `nan`,
/// `inf`, 30-digit numbers, empty text, bytes that are not UTF-8 — drawn by a seeded generator
/// (SplitMix64), so a property test tries the same cases on every run and a failure reproduces.
///
/// A plain target of its own, like `PseudoTerminalSupport`, so that every test target that
/// checks a parser of outside input shares one copy.
public struct ExtremeValues: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose draws depend only on `seed`.
  public init(seed: UInt64 = 26) {
    state = seed
  }

  /// The next 64 random bits (SplitMix64).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var bits = state
    bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
    bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
    return bits ^ (bits >> 31)
  }

  /// Numbers as a server, a file or a person might write them, the absurd ones first.
  public static let numbers = [
    "0", "-0", "-1", "1", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "1e308", "-1e308", "1e309", "nan", "NaN", "inf", "-inf", "Infinity",
    "123456789012345678901234567890", "-123456789012345678901234567890", "0x10", "1.5", "",
    " ", "+1", "007", "1_000",
  ]

  /// An extreme number half the time, any `Int` the other half, as text.
  public mutating func number() -> String {
    Bool.random(using: &self)
      ? Self.numbers.randomElement(using: &self)!
      : String(Int.random(in: .min ... .max, using: &self))
  }

  /// An extreme `Int`: 0, ±1, the bounds, or any value.
  public mutating func integer() -> Int {
    [0, 1, -1, .max, .min, .max - 1, .min + 1, Int.random(in: .min ... .max, using: &self)]
      .randomElement(using: &self)!
  }

  /// Up to `maximumCount` bytes, often not UTF-8: control bytes, `0xC3` cut short, `0xFF`.
  public mutating func bytes(maximumCount: Int = 48) -> [UInt8] {
    let alphabet: [UInt8] =
      [0x00, 0x1B, 0x0A, 0x0D, 0x09, 0x7F, 0xC3, 0xFF, 0xFE, 0x80, 0xF0]
      + Array("[;~0123456789:<>\"{} ".utf8)
    return (0..<Int.random(in: 0...maximumCount, using: &self)).map { _ in
      Bool.random(using: &self)
        ? alphabet.randomElement(using: &self)! : UInt8.random(in: 0...255, using: &self)
    }
  }
}
