#!/usr/bin/env bash
# Measures the CPU a pending request costs the examples: process CPU ÷ wall time over a window
# in the middle of a 3 s wait, for github-search and signup, against their --offline servers and
# against an outside loopback server (Scripts/urlsession-spin/slow-server.py), on a new
# connection (the first request) and on a reused one (the second request of a session).
#
#   bash Scripts/measure-idle-wait.sh            # the examples of `swift build`
#   BIN=.build-net/debug bash Scripts/measure-idle-wait.sh
#
# It prints the numbers; it fails only if an example cannot run, never on a ratio: CPU shares on
# a shared machine are noise-prone. Without Examples/Shared/CurlSocketReregistration a request on
# a new connection costs about a core (a FoundationNetworking bug:
# Scripts/urlsession-spin/README.md). Linux only (/proc).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ! -r /proc/self/stat ]]; then
  echo "measure-idle-wait: skipped, it reads /proc (Linux only)"
  exit 0
fi
BIN=${BIN:-$(swift build --show-bin-path)}
for program in github-search signup; do
  if [[ ! -x "$BIN/$program" ]]; then
    echo "measure-idle-wait: $BIN/$program is missing; build the examples first" >&2
    exit 1
  fi
done

TICKS=$(getconf CLK_TCK)
WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# The outside server: answers every request after 3 s, keeping connections open.
python3 Scripts/urlsession-spin/slow-server.py 0 3 >"$WORK/port" &
SERVER_PID=$!
for _ in $(seq 50); do
  [[ -s "$WORK/port" ]] && break
  sleep 0.1
done
OUTSIDE="http://127.0.0.1:$(head -n 1 "$WORK/port")"

# "TICKS SECONDS": the CPU ticks (user + system) of process $1 so far, and the time now; empty
# once the process is gone. (Fields counted after the command name, which may hold spaces.)
sample() {
  local ticks
  ticks=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }') || true
  if [[ -n "$ticks" ]]; then echo "$ticks $(date +%s.%N)"; fi
}

# measure NAME FIRST SECOND COMMAND...: runs COMMAND (standard input from $WORK/input), whose
# first request waits from about FIRST-1 to FIRST+2 seconds after its start and second from about
# SECOND-1 to SECOND+2, and prints the share of a core it used over 1.5 s in each wait.
measure() {
  local name=$1 first=$2 second=$3
  shift 3
  local start
  start=$(date +%s.%N)
  "$@" <"$WORK/input" >/dev/null 2>"$WORK/stderr" &
  local pid=$! samples=() status=0
  for at in "$first" "$first + 1.5" "$second" "$second + 1.5"; do
    sleep "$(awk "BEGIN { wait = $at - ($(date +%s.%N) - $start); print (wait > 0 ? wait : 0) }")"
    samples+=("$(sample "$pid")")
  done
  wait "$pid" || status=$?
  if [[ $status -ne 0 ]]; then
    echo "measure-idle-wait: $name exited with status $status:" >&2
    cat "$WORK/stderr" >&2
    exit 1
  fi
  report "$name, new connection" "${samples[0]}" "${samples[1]}"
  report "$name, reused connection" "${samples[2]}" "${samples[3]}"
}

# report LABEL BEFORE AFTER: the share of a core between two samples.
report() {
  if [[ -z "$2" || -z "$3" ]]; then
    printf '%-46s n/a (the run ended before the window)\n' "$1"
  else
    echo "$2 $3" | awk -v label="$1" -v hz="$TICKS" '{
      cpu = ($3 - $1) / hz; wall = $4 - $2
      printf "%-46s %5.1f %% of a core (%.2f s CPU in %.2f s)\n", label, 100 * cpu / wall, cpu, wall
    }'
  fi
}

echo "CPU while a request waits 3 s, over 1.5 s in the middle of the wait:"
export GITHUB_SEARCH_OFFLINE_LATENCY_MS=3000 SIGNUP_OFFLINE_LATENCY_MS=3000
for server in offline outside; do
  if [[ $server == offline ]]; then
    where=(--offline)
  else
    where=(--api-url "$OUTSIDE")
  fi
  # github-search: the first search goes out at once, the second when the first is answered.
  printf 'query swift\nwait\nquery swiftui\nwait\n' >"$WORK/input"
  measure "github-search $server" 0.8 3.9 \
    "$BIN/github-search" "${where[@]}" --json --debounce-ms 0 --script -
  # signup: each check goes out after the 300 ms debounce.
  printf 'username free-name-1\nwait\nusername free-name-2\nwait\n' >"$WORK/input"
  measure "signup $server" 1.1 4.5 "$BIN/signup" "${where[@]}" --json --script -
done
echo "(The target: 5 % at most, each.)"
