#!/usr/bin/env bash
# Builds every fuzz target in Fuzz/ from the source files it needs (swiftc, libFuzzer and
# AddressSanitizer; no package, so adopters never see them), then runs each for a fixed time
# from its seed corpus. Fails on any crash, leak or timeout, and leaves the input that caused it
# in .build-fuzz-targets/.
#
# usage: Scripts/fuzz.sh [TARGET...]    every target when none is named
#   FUZZ_SECONDS=600 Scripts/fuzz.sh recording    runs one target for longer (default 20 s)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-20}
out=.build-fuzz-targets
all=(search-response username-availability request-head github-script signup-script recording
  key-decoder persistence)
targets=("${@:-${all[@]}}")
mkdir -p "$out/stubs"

# The source files of each target. Its own files in Fuzz/ come first; `import` of the example
# modules resolves to empty stand-ins (below), since everything is compiled as one module.
sources() {
  local kit=Examples/GitHubSearch/GitHubSearchKit cli=Examples/Shared/CommandLine
  local script=("$cli"/{ScriptReader,ScriptLine,ScriptError,JSONValue,StandardDescriptors}.swift
    "$cli"/Unicode.Scalar+TerminalControl.swift "$cli"/StringProtocol+ControlCharacters.swift
    Fuzz/Shared/ScriptInput.swift)
  case $1 in
  search-response)
    echo "$kit"/{SearchResponseDecoder,SearchError,SearchError+Response,SearchError+RateLimit}.swift \
      "$kit"/{SearchPage,PageLink,LinkHeader,Repository,GitHubConfiguration,GitHubToken}.swift \
      "$kit"/URL+WebPage.swift ;;
  username-availability)
    echo Examples/Signup/SignupKit/{UsernameAvailabilityClient+Live,UsernameAvailabilityClient}.swift \
      Examples/Signup/SignupKit/{UsernameAvailability,AvailabilityCheckError}.swift \
      $(find Examples/Shared/LoopbackHTTP "$cli" -name '*.swift') ;;
  request-head)
    echo Examples/Shared/LoopbackHTTP/Internal/{RequestHead,PercentDecoding}.swift \
      Examples/Shared/LoopbackHTTP/HTTPHeaders.swift ;;
  github-script) echo "${script[@]}" "$kit"/ScriptCommand.swift ;;
  signup-script) echo "${script[@]}" Examples/Signup/SignupKit/ScriptCommand.swift ;;
  recording) find Sources/Reactors Sources/ReactorsRecording -name '*.swift' ;;
  key-decoder) echo Examples/Shared/TerminalUI/{KeyDecoder,Key}.swift ;;
  persistence) find Sources/Reactors Sources/ReactorsPersistence -name '*.swift' ;;
  *) echo "unknown fuzz target: $1 (targets: ${all[*]})" >&2; return 1 ;;
  esac
}

# The Fuzz/github-script stand-in for GitHubSearchReactor.normalized must match the original.
grep -q 'text.trimmingCharacters(in: .whitespacesAndNewlines)' \
  Examples/GitHubSearch/GitHubSearchKit/GitHubSearchReactor.swift || {
  echo "error: GitHubSearchReactor.normalized changed; update Fuzz/github-script" >&2
  exit 1
}

for module in Reactors LoopbackHTTP ExampleCommandLine; do
  echo "" >"$out/stubs/$module.swift"
  swiftc -emit-module -parse-as-library -module-name "$module" \
    -o "$out/stubs/$module.swiftmodule" "$out/stubs/$module.swift"
done

build() {
  local name=$1 files
  files=$(sources "$name")
  # -O: a fuzzer is only as good as its executions per second.
  # shellcheck disable=SC2046,SC2086
  swiftc -parse-as-library -swift-version 6 -O -g -sanitize=fuzzer,address -package-name fuzz \
    -module-name "Fuzz_${name//-/_}" -I "$out/stubs" \
    $(find "Fuzz/$name" -name '*.swift') $files -o "$out/$name" 2>"$out/$name.build.log" || {
    # The linker's notes about AddressSanitizer's own symbols are noise; the errors are kept.
    grep -v 'Cannot export local symbol' "$out/$name.build.log" >&2
    return 1
  }
}

start=$SECONDS
pids=()
for name in "${targets[@]}"; do
  sources "$name" >/dev/null
  build "$name" &
  pids+=($!)
  # Two builds at a time: CI has two cores.
  if ((${#pids[@]} == 2)); then wait "${pids[0]}"; pids=("${pids[1]}"); fi
done
for pid in "${pids[@]}"; do wait "$pid"; done
echo "built ${#targets[@]} fuzz targets in $((SECONDS - start)) s"

failed=0
for name in "${targets[@]}"; do
  corpus="$out/$name.corpus"
  rm -rf "$corpus" "$out/$name-"* && mkdir -p "$corpus"
  # New inputs go to the scratch corpus; the seeds in Fuzz/NAME/corpus stay as committed.
  # .ci/lsan.supp: the toolchain's own leaks (Foundation's DateFormatter caches, for one), as in
  # the AddressSanitizer pass of .ci/run. SWIFT_BACKTRACE=enable=no: on a trap, Swift's
  # backtracer would outlive the fuzzer for half a minute; libFuzzer prints the stack itself.
  # The outer timeout is a last guard: libFuzzer stops itself after `seconds`.
  if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
    LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp:print_suppressions=0" \
    timeout $((seconds + 120)) "$out/$name" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 -artifact_prefix="$out/$name-" \
    "$corpus" "Fuzz/$name/corpus" >"$out/$name.log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$out/$name.log" | grep -o '[0-9]*$')
    coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$out/$name.log" | tail -1)
    echo "$name: ok, $runs executions in $seconds s, $coverage"
  else
    failed=1
    echo "$name: FAILED (crash, leak or timeout); the log, then the input:" >&2
    grep -vE '^#[0-9]+' "$out/$name.log" | tail -40 >&2
    ls "$out/$name-"* >&2 2>/dev/null || true
  fi
done
exit $failed
