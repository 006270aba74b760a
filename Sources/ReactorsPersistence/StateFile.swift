import Dispatch
import Foundation
@_spi(Persistence) import Reactors

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
/// - ``save(_:)`` watches the reactor without observing it: when ready to write, the file asks
///   for the end of the reactor's next step, and only that step hands its state over. The saved
///   part (``PersistentReactor/saved(from:)``) is computed and compared on a queue of the file's
///   own, never on the thread of a step, and only a change is written. At most one write runs at
///   a time, at most one per `writeInterval`, and the newest value wins, so a burst of changes is
///   a few writes. ``flush()`` returns once the newest value is on disk.
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
  private let writeInterval: DispatchTimeInterval
  private let queue = DispatchQueue(label: "ReactorsPersistence.StateFile")
  private let lock = NSLock()
  private var mutable: Mutable

  /// What changes after opening.
  struct Mutable {
    var diagnostics: [PersistenceDiagnostic] = []
    var isSaving: Bool
    /// The saved part that needs no write: on disk as far as this process knows, or the one the
    /// reactor started from.
    var known: R.Saved?
    /// The reactor being saved, and its identity, which tells its states from a replaced one's.
    weak var reactor: R?
    var reactorID: ObjectIdentifier?
    var writeCount = 0
    /// When the last write ended, and whether a look at the state after it is scheduled.
    var lastWrite: DispatchTime?
    var isCheckScheduled = false

    init(diagnostics: [PersistenceDiagnostic], isSaving: Bool, known: R.Saved?) {
      self.diagnostics = diagnostics
      self.isSaving = isSaving
      self.known = known
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
  ///   - writeInterval: The least time between two writes: a change after a quiet spell is
  ///     written at once, and changes during the interval after a write are written as one,
  ///     the newest, when it ends. 100 ms by default: typing is saved as it goes, and a burst of
  ///     changes costs the process a few writes a second. ``flush()`` does not wait for it.
  ///   - onDiagnostic: Also called with each diagnostic as it happens, those of opening
  ///     included (on the calling thread), later ones on the file's queue.
  /// - Throws: ``PersistenceError/secretMember(_:reactor:)`` when a member of the saved state
  ///   names a secret that ``PersistentReactor/allowedSecretMembers`` does not allow.
  public init(
    at url: URL,
    redaction: Redaction = .default,
    writeInterval: Duration = .milliseconds(100),
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
    let (seconds, attoseconds) = max(writeInterval, .zero).components
    self.writeInterval = .nanoseconds(
      Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000))
    let opened = Self.open(path, reactor: reactorName)
    lockDescriptor = opened.lockDescriptor
    restored = opened.restored
    mutable = Mutable(
      diagnostics: opened.diagnostics, isSaving: opened.lockDescriptor != nil,
      known: opened.restored)
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

  /// Saves `reactor`'s state from now on, for as long as it lives: a change of its saved part
  /// is written, and its last state when it goes.
  ///
  /// Call it from the reactor's initializer: the state it starts from is not written, unless it
  /// differs from the restored one. Calling it again saves the new reactor instead.
  ///
  /// The file is not an observer: it asks the reactor for the end of its next step only when it
  /// is ready to write, so a step costs nothing while a write runs (`persisted-sync-action`).
  public func save(_ reactor: R) {
    guard isSaving else { return }
    let id = ObjectIdentifier(reactor)
    let startedFrom = R.saved(from: reactor.initialState)
    lock.withLock {
      mutable.reactor = reactor
      mutable.reactorID = id
      if mutable.known == nil { mutable.known = startedFrom }
    }
    reactor.setStepWatcher { [self] state, isLast in stepEnded(state, isLast: isLast, of: id) }
    queue.async { [weak self] in self?.settle(self?.rearmed(id), of: id) }
  }

  /// Returns once the saved part of the reactor's current state is on disk (or its write
  /// failed, see ``diagnostics``).
  ///
  /// Call it before the program exits, on every way out.
  public func flush() async {
    await withCheckedContinuation { continuation in
      // Weakly: the caller holds the file, and the job must not outlive its `resume()` holding
      // it, or the file's lock could outlive the caller's last reference.
      queue.async { [weak self] in
        self?.settleCurrent()
        continuation.resume()
      }
    }
  }

  /// ``flush()`` for a caller that cannot wait asynchronously, such as an exit path: blocks the
  /// calling thread until the saved part of the reactor's current state is on disk.
  public func flushSynchronously() {
    queue.sync { settleCurrent() }
  }

  /// A step of the reactor ended, on its thread, or the reactor went: hands the state to the
  /// queue. The last state is compared here, so that a reactor that goes unchanged leaves no job
  /// holding the file.
  private func stepEnded(_ state: R.State, isLast: Bool, of id: ObjectIdentifier) {
    guard isLast else {
      return queue.async { [weak self] in self?.changed(R.saved(from: state), of: id) }
    }
    let saved = R.saved(from: state)
    if needsWrite(saved, of: id) { queue.async { self.settle(saved, of: id) } }
  }

  /// On the queue: writes the saved part of the current state if it changed.
  private func settleCurrent() {
    guard let id = lock.withLock({ mutable.reactorID }) else { return }
    settle(rearmed(id), of: id)
  }

  /// On the queue: the saved part changed to `saved`; written now, unless the last write was
  /// less than `writeInterval` ago: then the newest one is, once it is over.
  private func changed(_ saved: R.Saved, of id: ObjectIdentifier) {
    let due = lock.withLock { mutable.lastWrite.map { $0 + writeInterval } }
    if let due, due > .now() { return scheduleCheck(at: due, of: id) }
    settle(saved, of: id)
  }

  /// On the queue: writes `saved` if it changed, and asks the reactor for its next step: once
  /// `writeInterval` has passed after a write, at once otherwise, going on while the state
  /// changed meanwhile.
  private func settle(_ saved: R.Saved?, of id: ObjectIdentifier) {
    var next = saved
    while let saved = next {
      if needsWrite(saved, of: id) {
        // A failed write is tried again at the next step, not at once.
        guard write(saved) else { return _ = rearmed(id) }
        return scheduleCheck(at: .now() + writeInterval, of: id)
      }
      next = rearmed(id)
    }
  }

  /// Has the queue look at the reactor's state at `time`, unless it will already.
  private func scheduleCheck(at time: DispatchTime, of id: ObjectIdentifier) {
    let isScheduledHere = lock.withLock {
      defer { mutable.isCheckScheduled = true }
      return !mutable.isCheckScheduled
    }
    guard isScheduledHere else { return }
    queue.asyncAfter(deadline: time) { [weak self] in
      guard let self else { return }
      lock.withLock { mutable.isCheckScheduled = false }
      settle(rearmed(id), of: id)
    }
  }

  /// Whether `saved`, of the reactor `id`, is to be written.
  private func needsWrite(_ saved: R.Saved, of id: ObjectIdentifier) -> Bool {
    lock.withLock { mutable.isSaving && mutable.reactorID == id && mutable.known != saved }
  }

  /// Asks the reactor to tell the end of its next step; returns the saved part of its current
  /// state if that is to be written, `nil` if not or if the reactor has gone.
  private func rearmed(_ id: ObjectIdentifier) -> R.Saved? {
    let reactor = lock.withLock { mutable.reactorID == id ? mutable.reactor : nil }
    guard let reactor else { return nil }
    let saved = R.saved(from: reactor.armStepWatcher() ?? reactor.initialState)
    return needsWrite(saved, of: id) ? saved : nil
  }

  /// Writes `saved`; whether it is on disk.
  private func write(_ saved: R.Saved) -> Bool {
    let reactorName = StateFileFormat.reactorName(of: R.self)
    let data: Data
    do {
      data = try StateFileFormat.encode(saved, reactor: reactorName, version: R.savedVersion)
    } catch {
      report(.cannotSave(path: path, reason: "the state does not encode: \(error)"))
      return false
    }
    let redaction = redaction
    if let member = StateFileFormat.secretMember(
      in: data, isSecret: { redaction.isSecret($0) }, allowed: R.allowedSecretMembers)
    {
      let reason = PersistenceError.secretMember(member, reactor: reactorName).description
      report(.cannotSave(path: path, reason: reason), stopsSaving: true)
      return false
    }
    do {
      try FileSystem.writeAtomically(data, to: path)
    } catch {
      report(.cannotSave(path: path, reason: error.description))
      return false
    }
    lock.withLock {
      mutable.known = saved
      mutable.writeCount += 1
      mutable.lastWrite = .now()
    }
    return true
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
