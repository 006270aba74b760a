import Dispatch
import Foundation
import Reactors

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The file that keeps a ``PersistentReactor``'s ``PersistentReactor/Saved`` state across runs:
/// read once when it opens, then written whenever the saved part of the state changes.
///
/// Open it before the reactor, give it to the reactor's initializer, which restores from it and
/// saves to it, and flush it before the program exits:
///
/// ```swift
/// let file = try StateFile<NotesReactor>(at: stateDirectory.appending(path: "notes.json"))
/// for diagnostic in file.diagnostics { print(diagnostic) }
/// let reactor = NotesReactor(stateFile: file)
/// // ...
/// await file.flush()
/// ```
///
/// - Restoring happens when it opens: ``restored`` is the value read (after migrations), and
///   ``restoring(into:)`` puts it into the reactor's default state, its `initialState`.
/// - ``save(_:)`` observes the reactor. Each state's ``PersistentReactor/saved(from:)`` is
///   compared with the last one; only a change is written, on a queue of the file's own, never on
///   the thread of the reactor's step. At most one write runs at a time and the newest value
///   wins, so a burst of changes is a few writes. ``flush()`` returns once the newest value is on
///   disk.
/// - Each write goes to a temporary file beside it, is synced, and renamed over it: a process
///   killed at any moment leaves the old file or the new one, whole. Files are made `0600`,
///   directories `0700`.
/// - A file that cannot be read is moved aside to `NAME.corrupt-<UTC time>`, never deleted or
///   written over; a newer version's file is left untouched and this run saves nothing; a second
///   process opening the same file (an advisory lock beside it, `NAME.lock`) saves nothing; a
///   directory that cannot be written only stops saving. Each is told in ``diagnostics``: the
///   reactor starts from its initial state, or runs unsaved, and the app decides what to show.
public final class StateFile<R: PersistentReactor>: @unchecked Sendable {
  // Safe: `mutable` is only read and written with `lock` held; the other stored properties are
  // `let`s of `Sendable` values, or the lock's descriptor, only closed in `deinit`. The
  // ReactorsPersistenceTests run under ThreadSanitizer in CI.

  /// The path of the file.
  public let path: String
  /// The saved value read when the file was opened, migrated to the current version; `nil` when
  /// there was none or it could not be read.
  public let restored: R.Saved?

  private let lockDescriptor: Int32?
  private let redaction: Redaction
  private let onDiagnostic: @Sendable (PersistenceDiagnostic) -> Void
  @usableFromInline let queue = DispatchQueue(label: "ReactorsPersistence.StateFile")
  @usableFromInline let lock = NSLock()
  @usableFromInline var mutable: Mutable

  /// What changes after opening.
  @usableFromInline struct Mutable {
    var diagnostics: [PersistenceDiagnostic] = []
    @usableFromInline var isSaving: Bool
    /// The saved part of the last state observed; the first observed state only sets it.
    @usableFromInline var lastObserved: R.Saved?
    @usableFromInline var hasObserved = false
    /// The newest value not yet written, if any.
    @usableFromInline var pending: R.Saved?
    /// Whether the queue has a write loop running or scheduled.
    @usableFromInline var isWriting = false
    /// The value on disk, as far as this process knows.
    var lastWritten: R.Saved?
    var writeCount = 0
    var observation: StateObservation?

    init(diagnostics: [PersistenceDiagnostic], isSaving: Bool, lastWritten: R.Saved?) {
      self.diagnostics = diagnostics
      self.isSaving = isSaving
      self.lastWritten = lastWritten
    }
  }

  /// Opens the file at `url`, reading it and taking its lock, so that ``restored`` and
  /// ``diagnostics`` are ready when it returns.
  ///
  /// Only a mistake in ``PersistentReactor/Saved`` is thrown; everything the file system does
  /// is a ``PersistenceDiagnostic``, and the reactor still runs.
  ///
  /// - Parameters:
  ///   - url: The file; its directory is made (`0700`) if missing.
  ///   - redaction: The rules that say which member names hold secrets.
  ///   - onDiagnostic: Also called with each diagnostic as it happens, those of opening
  ///     included (on the calling thread), later ones on the file's queue.
  /// - Throws: ``PersistenceError/secretMember(_:reactor:)`` when a member of the saved state
  ///   names a secret that ``PersistentReactor/allowedSecretMembers`` does not allow.
  public init(
    at url: URL,
    redaction: Redaction = .default,
    onDiagnostic: @escaping @Sendable (PersistenceDiagnostic) -> Void = { _ in }
  ) throws(PersistenceError) {
    let reactorName = StateFileFormat.reactorName(of: R.self)
    for member in MemberNameProbe.memberPaths(of: R.Saved.self) {
      let name = member.split(separator: ".").last.map(String.init) ?? member
      if redaction.isSecret(name), !R.allowedSecretMembers.contains(name) {
        throw .secretMember(member, reactor: reactorName)
      }
    }
    path = url.path
    self.redaction = redaction
    self.onDiagnostic = onDiagnostic
    let opened = Self.open(path, reactor: reactorName)
    lockDescriptor = opened.lockDescriptor
    restored = opened.restored
    mutable = Mutable(
      diagnostics: opened.diagnostics, isSaving: opened.lockDescriptor != nil,
      lastWritten: opened.restored)
    for diagnostic in opened.diagnostics { onDiagnostic(diagnostic) }
  }

  deinit {
    if let lockDescriptor { close(lockDescriptor) }
  }

  /// What went wrong so far, oldest first: at opening, and with writes since.
  public var diagnostics: [PersistenceDiagnostic] {
    lock.withLock { mutable.diagnostics }
  }

  /// Whether changes are saved: this process holds the file, and nothing has stopped it.
  public var isSaving: Bool {
    lock.withLock { mutable.isSaving }
  }

  /// How many times this process has written the file.
  public var writeCount: Int {
    lock.withLock { mutable.writeCount }
  }

  /// `state` with ``restored`` put back by ``PersistentReactor/restoring(_:into:)``, or `state`
  /// itself when nothing was restored: the reactor's `initialState`.
  public func restoring(into state: R.State) -> R.State {
    guard let restored else { return state }
    return R.restoring(restored, into: state)
  }

  // NB: inlinable with `observe(_:)`, so that the observer is specialized for the reactor: the
  // generic one made `persisted-sync-action` several times slower than `sync-action`.
  /// Saves `reactor`'s state from now on, for as long as it lives: every state it commits is
  /// observed, and a change of its saved part is written.
  ///
  /// Call it from the reactor's initializer: the state observed first is the one it starts
  /// from, and is not written. Calling it again saves the new reactor instead.
  @inlinable public func save(_ reactor: R) {
    guard isSaving else { return }
    keep(reactor.observe { state in self.observe(state) })
  }

  /// Keeps `observation`, and cancels the one it replaces.
  @usableFromInline func keep(_ observation: StateObservation) {
    let replaced = lock.withLock {
      defer { mutable.observation = observation }
      return mutable.observation
    }
    replaced?.cancel()
  }

  /// Returns once the saved part of the last state observed is on disk (or its write failed,
  /// see ``diagnostics``).
  ///
  /// Call it before the program exits, on every way out.
  public func flush() async {
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
  }

  /// ``flush()`` for a caller that cannot wait asynchronously, such as an exit path: blocks the
  /// calling thread until the last value observed is on disk.
  public func flushSynchronously() {
    queue.sync {}
  }

  /// A state the reactor committed, on the thread of its step: only compares and hands over.
  @inlinable func observe(_ state: R.State) {
    let saved = R.saved(from: state)
    lock.lock()
    if mutable.hasObserved {
      guard mutable.isSaving, mutable.lastObserved != saved else { return lock.unlock() }
    } else {
      mutable.hasObserved = true
      // The first state is the one the reactor started from: restored, or its initial state
      // (nothing to write, not even an empty file), unless it changed before `save` was called.
      guard let restored, restored != saved else {
        mutable.lastObserved = saved
        return lock.unlock()
      }
    }
    // The values replaced are released after unlocking, as anything of the user's is.
    var replaced = (Optional(saved), Optional(saved))
    swap(&replaced.0, &mutable.lastObserved)
    swap(&replaced.1, &mutable.pending)
    let startsWriting = !mutable.isWriting
    mutable.isWriting = true
    lock.unlock()
    if startsWriting { queue.async { self.writePending() } }
  }

  /// Writes the pending value until there is none: the newest one each time.
  @usableFromInline func writePending() {
    while true {
      let next = lock.withLock { () -> (R.Saved, R.Saved?)? in
        guard mutable.isSaving, let pending = mutable.pending else {
          mutable.isWriting = false
          return nil
        }
        mutable.pending = nil
        return (pending, mutable.lastWritten)
      }
      guard let (saved, lastWritten) = next else { return }
      if saved != lastWritten { write(saved) }
    }
  }

  private func write(_ saved: R.Saved) {
    let reactorName = StateFileFormat.reactorName(of: R.self)
    let data: Data
    do {
      data = try StateFileFormat.encode(saved, reactor: reactorName, version: R.savedVersion)
    } catch {
      return report(.cannotSave(path: path, reason: "the state does not encode: \(error)"))
    }
    let redaction = redaction
    if let member = StateFileFormat.secretMember(
      in: data, isSecret: { redaction.isSecret($0) }, allowed: R.allowedSecretMembers)
    {
      let reason = PersistenceError.secretMember(member, reactor: reactorName).description
      return report(.cannotSave(path: path, reason: reason), stopsSaving: true)
    }
    do {
      try FileSystem.writeAtomically(data, to: path)
    } catch {
      return report(.cannotSave(path: path, reason: error.description))
    }
    lock.withLock {
      mutable.lastWritten = saved
      mutable.writeCount += 1
    }
  }

  /// Records `diagnostic` (once in a row: a full disk is not told at every change) and tells
  /// the app.
  private func report(_ diagnostic: PersistenceDiagnostic, stopsSaving: Bool = false) {
    let isNew = lock.withLock {
      if stopsSaving { mutable.isSaving = false }
      guard mutable.diagnostics.last != diagnostic else { return false }
      mutable.diagnostics.append(diagnostic)
      return true
    }
    if isNew { onDiagnostic(diagnostic) }
  }
}
