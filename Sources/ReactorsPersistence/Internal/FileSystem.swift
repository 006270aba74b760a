import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system calls a state file needs, each failure a ``SystemCallFailure``.
enum FileSystem {
  /// What reading a file found.
  enum ReadResult {
    case missing
    case contents(Data)
    case failed(SystemCallFailure)
  }

  /// Makes `path` and every missing directory above it, each `0700`; an existing one is left
  /// as it is.
  static func makeDirectory(_ path: String) throws(SystemCallFailure) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
      if mkdir(prefix, 0o700) != 0, errno != EEXIST {
        throw SystemCallFailure("mkdir", prefix)
      }
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw SystemCallFailure("mkdir", path, code: ENOENT)
    }
    guard isDirectory.boolValue else { throw SystemCallFailure("mkdir", path, code: ENOTDIR) }
  }

  /// Takes the advisory lock on `path` (made `0600` if missing): its descriptor, which holds the
  /// lock until it is closed, or `nil` when another process holds it.
  ///
  /// A lock found held is tried again for about a tenth of a second: a child this process forks
  /// shares the descriptors of an earlier lock until it `exec`s (close-on-exec), so that lock
  /// outlives its `close` by a moment, and would pass for another process's.
  static func lock(_ path: String) throws(SystemCallFailure) -> Int32? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallFailure("open", path) }
    for milliseconds: UInt32 in [1, 2, 4, 8, 16, 32, 64, 0] {
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return descriptor }
      let failure = SystemCallFailure("flock", path)
      guard failure.code == EWOULDBLOCK else {
        close(descriptor)
        throw failure
      }
      if milliseconds > 0 { usleep(milliseconds * 1000) }
    }
    close(descriptor)
    return nil
  }

  /// The contents of the regular file at `path`; `.missing` also when a directory above it is a
  /// file (`ENOTDIR`), since then no file can be there (making the directory says what is wrong).
  static func read(_ path: String) -> ReadResult {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT || errno == ENOTDIR
        ? .missing : .failed(SystemCallFailure("open", path))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failed(SystemCallFailure("stat", path)) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .failed(SystemCallFailure("read", path, code: EISDIR))
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .failed(SystemCallFailure("read", path)) }
      if count == 0 { return .contents(data) }
      data.append(contentsOf: buffer[..<count])
    }
  }

  /// Replaces the file at `path` with `data` so that, whenever the process stops, the file is
  /// either the old one or the new one, whole: written to a temporary file beside it, synced,
  /// renamed over it, and the directory synced so that the rename lasts.
  static func writeAtomically(_ data: Data, to path: String) throws(SystemCallFailure) {
    // One name is enough: only the process holding the lock writes.
    let temporary = path + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallFailure("open", temporary) }
    var failure: SystemCallFailure?
    // A leftover temporary file may have been made with other permissions.
    if fchmod(descriptor, 0o600) != 0 { failure = SystemCallFailure("chmod", temporary) }
    if failure == nil { failure = writeAll(data, to: descriptor, path: temporary) }
    if failure == nil, fsync(descriptor) != 0 { failure = SystemCallFailure("fsync", temporary) }
    if close(descriptor) != 0, failure == nil { failure = SystemCallFailure("close", temporary) }
    if failure == nil, rename(temporary, path) != 0 {
      failure = SystemCallFailure("rename", temporary)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
    syncDirectory(of: path)
  }

  /// Moves `path` aside to `path.corrupt-<UTC time>`, or that name with `-2`, `-3`, … if taken:
  /// never over another file. Returns the new path.
  static func moveAside(_ path: String) throws(SystemCallFailure) -> String {
    let stem = path + ".corrupt-" + utcTimestamp()
    for attempt in 1...1000 {
      let candidate = attempt == 1 ? stem : "\(stem)-\(attempt)"
      var status = stat()
      guard lstat(candidate, &status) != 0 else { continue }
      guard errno == ENOENT else { throw SystemCallFailure("stat", candidate) }
      // The caller holds the lock, so no one of ours makes `candidate` meanwhile.
      guard rename(path, candidate) == 0 else { throw SystemCallFailure("rename", path) }
      syncDirectory(of: path)
      return candidate
    }
    throw SystemCallFailure("rename", path, code: EEXIST)
  }

  /// The directory `path` is in: `"/a/b"` for `"/a/b/c.json"`, `"."` for `"c.json"`.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The time now in UTC, `20261207T013045Z`: sorts in time order, and no `:` (which some
  /// systems do not allow in names).
  static func utcTimestamp() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
  }

  private static func writeAll(
    _ data: Data, to descriptor: Int32, path: String
  ) -> SystemCallFailure? {
    data.withUnsafeBytes { bytes -> SystemCallFailure? in
      var offset = 0
      while offset < bytes.count {
        let count = Glue.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return SystemCallFailure("write", path) }
        offset += count
      }
      return nil
    }
  }

  /// Syncs the directory holding `path`; a failure only means the rename may not outlast a
  /// power cut, which no caller can do better about.
  private static func syncDirectory(of path: String) {
    let descriptor = open(directory(of: path), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// The C library's `read` and `write`, named apart from `FileSystem`'s own functions.
private enum Glue {
  static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Musl.read(descriptor, buffer, count)
    #endif
  }

  static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #elseif canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Musl.write(descriptor, buffer, count)
    #endif
  }
}
