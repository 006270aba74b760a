import Dispatch
import Glibc
import MallocCounter

/// The time and heap allocations of a measured block.
struct Measured {
  /// Wall-clock time.
  var nanoseconds: UInt64
  /// CPU time of the whole process, every thread, user and system: what the block cost, without
  /// the time other processes of a shared machine held the cores.
  var cpuNanoseconds: UInt64
  var allocations: UInt64
}

/// Whether this platform counts allocations (glibc only: see `MallocCounter.c`).
let allocationsAreCounted = malloc_counter_is_supported() != 0

/// The CPU time the process has used so far, on every thread.
func processCPUNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The CPU time the calling thread has used so far.
func threadCPUNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Times `body`; counts its allocations too when `countingAllocations` is set.
@inline(__always)
func measure(countingAllocations: Bool, _ body: () -> Void) -> Measured {
  if countingAllocations { malloc_counter_start() }
  let cpuStart = processCPUNanoseconds()
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  let end = DispatchTime.now().uptimeNanoseconds
  let cpuEnd = processCPUNanoseconds()
  let allocations = countingAllocations ? malloc_counter_stop() : 0
  return Measured(
    nanoseconds: end - start, cpuNanoseconds: cpuEnd - cpuStart, allocations: allocations)
}

/// Times asynchronous `body`; counts its allocations too when `countingAllocations` is set. Runs
/// where it is called, so a main-actor driver stays on the main actor.
nonisolated(nonsending) func measure(
  countingAllocations: Bool, _ body: nonisolated(nonsending) () async -> Void
) async -> Measured {
  if countingAllocations { malloc_counter_start() }
  let cpuStart = processCPUNanoseconds()
  let start = DispatchTime.now().uptimeNanoseconds
  await body()
  let end = DispatchTime.now().uptimeNanoseconds
  let cpuEnd = processCPUNanoseconds()
  let allocations = countingAllocations ? malloc_counter_stop() : 0
  return Measured(
    nanoseconds: end - start, cpuNanoseconds: cpuEnd - cpuStart, allocations: allocations)
}

/// The bytes the process has allocated from the heap and not yet freed (main arena).
func heapBytesInUse() -> Int {
  Int(malloc_counter_bytes_in_use())
}
