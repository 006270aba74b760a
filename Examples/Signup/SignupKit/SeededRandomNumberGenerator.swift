import Foundation

/// A small, fast generator whose sequence is fixed by its seed (SplitMix64).
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// Double.random(in: 0..<1, using: &generator)  // the same value on every run and platform
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Makes a generator; equal seeds give equal sequences.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A generator that concurrent tasks can draw from, one draw at a time.
  final class Shared: @unchecked Sendable {
    // Safe: `generator` is only read and written with `lock` held.
    private let lock = NSLock()
    private var generator: SeededRandomNumberGenerator

    init(seed: UInt64) {
      generator = SeededRandomNumberGenerator(seed: seed)
    }

    /// A value in `0..<1`.
    func nextUnitValue() -> Double {
      lock.withLock { Double.random(in: 0..<1, using: &generator) }
    }
  }
}
