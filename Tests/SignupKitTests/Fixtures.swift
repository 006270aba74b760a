import Foundation
import ReactorsTesting
import SignupKit
import Testing

/// A stand-in for GitHub's `/users/{name}`: every check waits until the test answers it.
///
/// A cancelled check is recorded but deliberately not resumed, so the test can still deliver a
/// late answer to it: the worst case of a network that answers after the user moved on.
final class ControlledAvailability: @unchecked Sendable {
  // Safe: `waiting` and `cancelledNames` are touched only with `lock` held; continuations are
  // resumed after it is released.
  private let lock = NSLock()
  private var waiting: [String: [CheckedContinuation<UsernameAvailability, any Error>]] = [:]
  private var cancelledNames: [String] = []
  private let callsContinuation: AsyncStream<String>.Continuation
  /// The names asked about, in order, once each check is waiting for its answer.
  let calls: AsyncStream<String>

  init() {
    (calls, callsContinuation) = AsyncStream.makeStream()
  }

  var client: UsernameAvailabilityClient {
    UsernameAvailabilityClient { [self] name in
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          lock.withLock { waiting[name, default: []].append(continuation) }
          callsContinuation.yield(name)
        }
      } onCancel: {
        lock.withLock { cancelledNames.append(name) }
      }
    }
  }

  /// The checks that saw their task cancelled.
  var cancelled: [String] {
    lock.withLock { cancelledNames }
  }

  /// Answers the oldest waiting check for `name`.
  func answer(_ name: String, with result: Result<UsernameAvailability, any Error>) {
    let continuation = lock.withLock {
      () -> CheckedContinuation<UsernameAvailability, any Error>? in
      guard var queue = waiting[name], !queue.isEmpty else { return nil }
      let first = queue.removeFirst()
      waiting[name] = queue
      return first
    }
    guard let continuation else {
      Issue.record("No check for \(String(reflecting: name)) is waiting")
      return
    }
    continuation.resume(with: result)
  }
}

/// A stand-in for the sign-up service: every sign-up waits until the test answers it.
final class ControlledSignup: @unchecked Sendable {
  // Safe: `waiting` and `received` are touched only with `lock` held.
  private let lock = NSLock()
  private var waiting: [CheckedContinuation<Void, any Error>] = []
  private var received: [String] = []
  private let callsContinuation: AsyncStream<String>.Continuation
  /// The usernames signed up, once each sign-up is waiting for its answer.
  let calls: AsyncStream<String>

  init() {
    (calls, callsContinuation) = AsyncStream.makeStream()
  }

  var client: SignupClient {
    SignupClient { [self] username, _ in
      try await withCheckedThrowingContinuation { continuation in
        lock.withLock {
          waiting.append(continuation)
          received.append(username)
        }
        callsContinuation.yield(username)
      }
    }
  }

  /// The usernames of every sign-up so far.
  var usernames: [String] {
    lock.withLock { received }
  }

  /// Ends the oldest waiting sign-up.
  func answer(_ result: Result<Void, any Error>) {
    let continuation = lock.withLock { waiting.isEmpty ? nil : waiting.removeFirst() }
    guard let continuation else {
      Issue.record("No sign-up is waiting")
      return
    }
    continuation.resume(with: result)
  }
}

/// An error that is not an `AvailabilityCheckError`.
struct SomeOtherError: Error, CustomStringConvertible {
  var description: String { "the cable was unplugged" }
}

extension AsyncStream {
  /// The next element, for tests that wait for one call at a time.
  func next() async -> Element? {
    var iterator = makeAsyncIterator()
    return await iterator.next()
  }
}
