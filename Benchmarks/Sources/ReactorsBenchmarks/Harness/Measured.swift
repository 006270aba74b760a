import Dispatch
import Glibc
import MallocCounter

/// The time and heap allocations of a measured block.
struct Measured {
  /// Wall-clock time.
  var nanoseconds: UInt64
  /// CPU time of the whole process, every thread, user and system: what the block cost, without
  /// the time other processes of a shared machine held the cores (`processCPUNanoseconds`).
  var cpuNanoseconds: UInt64
  var allocations: UInt64
}

/// Whether this platform counts allocations (glibc only: see `MallocCounter.c`).
let allocationsAreCounted = malloc_counter_is_supported() != 0

/// The CPU time the process has used so far, on every thread, counted to the moment it is read.
///
/// The process clock alone is late: it counts a thread running on another core only up to that
/// thread's last scheduler tick (up to 4 ms behind with `HZ=250`, as much as a whole `async-effect`
/// sample), and only the calling thread's time to the moment. A thread's own clock is exact, and
/// `schedstat` shows what the process clock counted of it, so the difference is added for each
/// other thread.
///
/// `correctionsFirst` orders the reads so that the reading itself falls outside the measured
/// block: the corrections before the process clock at its start, after it at its end.
func processCPUNanoseconds(correctionsFirst: Bool) -> UInt64 {
  if correctionsFirst {
    let late = lateThreadNanoseconds()
    return clockNanoseconds(CLOCK_PROCESS_CPUTIME_ID) + late
  }
  let counted = clockNanoseconds(CLOCK_PROCESS_CPUTIME_ID)
  return counted + lateThreadNanoseconds()
}

/// The CPU time the calling thread has used so far.
func threadCPUNanoseconds() -> UInt64 {
  clockNanoseconds(CLOCK_THREAD_CPUTIME_ID)
}

private func clockNanoseconds(_ clock: clockid_t) -> UInt64 {
  var time = timespec()
  clock_gettime(clock, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// What each thread of the process has run and the process clock does not count yet.
private func lateThreadNanoseconds() -> UInt64 {
  guard let directory = opendir("/proc/self/task") else { return 0 }
  defer { closedir(directory) }
  var late: UInt64 = 0
  // The calling thread's time is exact in the process clock already.
  let caller = callingThreadID()
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard let thread = pid_t(name), thread != caller,
      let counted = countedNanoseconds(ofThread: name)
    else { continue }
    // The thread's own clock, by its id: `MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)` in Linux.
    let exact = clockNanoseconds(clockid_t(~thread << 3 | 6))
    late += exact > counted ? exact - counted : 0
  }
  return late
}

/// The calling thread's id (`/proc/thread-self` links to `<pid>/task/<tid>`).
private func callingThreadID() -> pid_t? {
  var path = [CChar](repeating: 0, count: 64)
  let count = readlink("/proc/thread-self", &path, path.count - 1)
  guard count > 0 else { return nil }
  return text(path.prefix(count)).split(separator: "/").last.flatMap { pid_t($0) }
}

/// The run time of thread `name` as the scheduler last accounted it: the process clock's share.
private func countedNanoseconds(ofThread name: String) -> UInt64? {
  guard let file = fopen("/proc/self/task/\(name)/schedstat", "r") else { return nil }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 96)
  guard fgets(&line, Int32(line.count), file) != nil else { return nil }
  return text(line.prefix { $0 != 0 }).split(separator: " ").first.flatMap { UInt64($0) }
}

/// C characters read from a file, as UTF-8 text.
private func text(_ characters: some Collection<CChar>) -> String {
  String(decoding: characters.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// CPU time from `start` to `end`. Each reading takes its clocks a few microseconds apart, so a
/// block shorter than that can read less than nothing: it reads nothing.
private func elapsed(_ start: UInt64, _ end: UInt64) -> UInt64 {
  end > start ? end - start : 0
}

/// Times `body`; counts its allocations too when `countingAllocations` is set.
@inline(__always)
func measure(countingAllocations: Bool, _ body: () -> Void) -> Measured {
  // The clock's reading allocates: outside the counted allocations, as it is outside the time.
  let cpuStart = processCPUNanoseconds(correctionsFirst: true)
  if countingAllocations { malloc_counter_start() }
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  let end = DispatchTime.now().uptimeNanoseconds
  let allocations = countingAllocations ? malloc_counter_stop() : 0
  let cpuEnd = processCPUNanoseconds(correctionsFirst: false)
  return Measured(
    nanoseconds: end - start, cpuNanoseconds: elapsed(cpuStart, cpuEnd), allocations: allocations)
}

/// Times asynchronous `body`; counts its allocations too when `countingAllocations` is set. Runs
/// where it is called, so a main-actor driver stays on the main actor.
nonisolated(nonsending) func measure(
  countingAllocations: Bool, _ body: nonisolated(nonsending) () async -> Void
) async -> Measured {
  // The clock's reading allocates: outside the counted allocations, as it is outside the time.
  let cpuStart = processCPUNanoseconds(correctionsFirst: true)
  if countingAllocations { malloc_counter_start() }
  let start = DispatchTime.now().uptimeNanoseconds
  await body()
  let end = DispatchTime.now().uptimeNanoseconds
  let allocations = countingAllocations ? malloc_counter_stop() : 0
  let cpuEnd = processCPUNanoseconds(correctionsFirst: false)
  return Measured(
    nanoseconds: end - start, cpuNanoseconds: elapsed(cpuStart, cpuEnd), allocations: allocations)
}

/// The bytes the process has allocated from the heap and not yet freed (main arena).
func heapBytesInUse() -> Int {
  Int(malloc_counter_bytes_in_use())
}
