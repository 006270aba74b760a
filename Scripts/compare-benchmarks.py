#!/usr/bin/env python3
"""Compares two builds of the benchmarks in time.

Runs the whole suite of each build in turns, PAIRS times, pinned to one core unless --cores
says otherwise, and prints each run's CPU time and ratio for the timed benchmarks asked for,
then the range of each build. Benchmarks/README.md (under "Profiling") says why whole runs, in
turns, on one core.

    python3 Scripts/compare-benchmarks.py OLD NEW [--pairs 3] [--cores 0] [BENCHMARK ...]

OLD and NEW are `reactors-benchmarks` executables, each copied out of a release build
(Benchmarks/.build/release/reactors-benchmarks) of a checkout to compare. The benchmarks
default to async-effect.
"""

import argparse
import json
import os
import subprocess
import sys


def run(binary, cores):
    """One whole run of `binary` on `cores`; its JSON lines, by benchmark name."""
    pin = lambda: os.sched_setaffinity(0, cores)
    command = [os.path.abspath(binary), "--json"]
    output = subprocess.run(
        command, capture_output=True, text=True, check=True, preexec_fn=pin
    ).stdout
    lines = (json.loads(line) for line in output.splitlines() if line.startswith("{"))
    return {line["name"]: line for line in lines}


def main():
    parser = argparse.ArgumentParser(usage=__doc__.split("\n\n")[2].strip())
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("benchmarks", nargs="*", default=["async-effect"])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--cores", default="0", help="comma-separated CPU numbers")
    options = parser.parse_intermixed_args()
    cores = {int(core) for core in options.cores.split(",")}
    builds = [options.old, options.new]
    for binary in builds:
        if not os.access(binary, os.X_OK):
            sys.exit(f"not an executable: {binary}")

    seen = {binary: {name: [] for name in options.benchmarks} for binary in builds}
    for pair in range(1, options.pairs + 1):
        for binary in builds:
            results = run(binary, cores)
            for name in options.benchmarks:
                if name not in results:
                    sys.exit(f"{binary} has no benchmark named {name}")
                result = results[name]
                seen[binary][name].append((result["cpu_ns_per_op"], result["ratio"]))
                met = {True: "met", False: "NOT met"}.get(result.get("met"), "")
                print(f"pair {pair}  {binary}  {name}  {result['cpu_ns_per_op']} ns/op  "
                      f"ratio {result['ratio']}  {met}", flush=True)
    print()
    for name in options.benchmarks:
        for binary in builds:
            nanoseconds = [ns for ns, _ in seen[binary][name]]
            ratios = [ratio for _, ratio in seen[binary][name] if ratio is not None]
            line = f"{name}  {binary}: {min(nanoseconds)}–{max(nanoseconds)} ns/op"
            if ratios:
                line += f", ratio {min(ratios)}–{max(ratios)} ({', '.join(map(str, ratios))})"
            print(line)


if __name__ == "__main__":
    main()
