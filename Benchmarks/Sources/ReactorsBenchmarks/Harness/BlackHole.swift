/// Takes a value the optimiser must assume is used: it can neither delete the work that
/// produced it nor fold a loop of such work into one step.
///
/// Not inlined and not optimised, so a call costs the same few cycles in every benchmark.
@inline(never) @_optimize(none)
func blackHole(_ value: CounterState) {}

/// Takes an integer the optimiser must assume is used.
@inline(never) @_optimize(none)
func blackHole(_ value: Int) {}

/// Returns `value` without the optimiser knowing which value it is.
@inline(never) @_optimize(none)
func opaque<Value>(_ value: Value) -> Value { value }
