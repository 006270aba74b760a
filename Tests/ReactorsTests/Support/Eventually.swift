/// Yields until `condition` holds, up to a bound; for state that changes in another task with no
/// event to wait on (such as a test clock's sleeper count). Never sleeps.
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<100_000 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
