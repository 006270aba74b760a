import Dispatch
import MallocCounter

/// The time and heap allocations of a measured block.
struct Measured {
  var nanoseconds: UInt64
  var allocations: UInt64
}

/// Whether this platform counts allocations (glibc only: see `MallocCounter.c`).
let allocationsAreCounted = malloc_counter_is_supported() != 0

/// Times `body`; counts its allocations too when `countingAllocations` is set.
@inline(__always)
func measure(countingAllocations: Bool, _ body: () -> Void) -> Measured {
  if countingAllocations { malloc_counter_start() }
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  let end = DispatchTime.now().uptimeNanoseconds
  let allocations = countingAllocations ? malloc_counter_stop() : 0
  return Measured(nanoseconds: end - start, allocations: allocations)
}

/// Times asynchronous `body`; counts its allocations too when `countingAllocations` is set.
func measure(countingAllocations: Bool, _ body: () async -> Void) async -> Measured {
  if countingAllocations { malloc_counter_start() }
  let start = DispatchTime.now().uptimeNanoseconds
  await body()
  let end = DispatchTime.now().uptimeNanoseconds
  let allocations = countingAllocations ? malloc_counter_stop() : 0
  return Measured(nanoseconds: end - start, allocations: allocations)
}

/// The bytes the process has allocated from the heap and not yet freed (main arena).
func heapBytesInUse() -> Int {
  Int(malloc_counter_bytes_in_use())
}
