#!/usr/bin/env bash
# Reproduces the busy wait of a pending URLSession request on Linux, outside the package: builds
# repro.swift and the curl-trace.c shim into a temporary directory, starts slow-server.py, then
# sends two requests one after another on one session (each answered after 3 s), in each way of
# awaiting a task, first as is, then with the shim's re-registration (CURL_TRACE_REREGISTER=1).
set -euo pipefail
cd "$(dirname "$0")"
WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

swiftc -O repro.swift -o "$WORK/repro"
cc -shared -fPIC -O2 -o "$WORK/libcurl-trace.so" curl-trace.c -ldl
python3 slow-server.py 0 3 >"$WORK/port" &
SERVER_PID=$!
for _ in $(seq 50); do
  [[ -s "$WORK/port" ]] && break
  sleep 0.1
done
URL="http://127.0.0.1:$(head -n 1 "$WORK/port")/"

for mode in completion async delegate; do
  "$WORK/repro" "$URL" "$mode" 2
done
echo "--- with the shim's log (curl's socket and timer requests):"
LD_PRELOAD="$WORK/libcurl-trace.so" "$WORK/repro" "$URL" delegate 2
echo "--- with the shim re-registering a socket narrowed from write to read:"
CURL_TRACE_REREGISTER=1 LD_PRELOAD="$WORK/libcurl-trace.so" "$WORK/repro" "$URL" delegate 2
