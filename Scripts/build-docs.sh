#!/usr/bin/env bash
# Builds the API reference and articles of the four library modules with the toolchain's `docc`,
# warnings as errors: Documentation/Reactors.docc, Documentation/ReactorsRecording.docc,
# Documentation/ReactorsTesting.docc and Documentation/ReactorsPersistence.docc.
#
#   bash Scripts/build-docs.sh          # sites in .build-docs/<Module>/, e.g. for `docc preview`
#
# CI (.ci/run) calls this script.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build-docs
symbols="$out/symbol-graphs"
mkdir -p "$symbols"

# One build emits the symbol graphs of ReactorsTesting and of the two modules it depends on. A
# build with nothing to do emits none: the graphs of the last one stay, matching the sources.
# `-emit-extension-block-symbols`: without the extension itself in the graph, DocC drops what a
# module adds to another's types.
# ReactorsPersistence is built on its own: nothing else in the libraries depends on it.
for target in ReactorsTesting ReactorsPersistence; do
  swift build --target "$target" --scratch-path "$out" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$symbols" \
    -Xswiftc -emit-extension-block-symbols
done

# `ReactorsTesting` re-exports `Reactors` (`@_exported import`), so its graph repeats every
# symbol of `Reactors`; each module's reference documents only its own sources.
python3 - "$symbols" <<'PYTHON'
import json, os, shutil, sys

symbols = sys.argv[1]
for module in ("Reactors", "ReactorsRecording", "ReactorsTesting", "ReactorsPersistence"):
    with open(os.path.join(symbols, f"{module}.symbols.json")) as file:
        graph = json.load(file)
    own = f"/Sources/{module}/"
    declared = {
        symbol["pathComponents"][0]
        for symbol in graph["symbols"]
        if own in symbol.get("location", {}).get("uri", "")
    }
    graph["symbols"] = [s for s in graph["symbols"] if s["pathComponents"][0] in declared]
    kept = {s["identifier"]["precise"] for s in graph["symbols"]}
    graph["relationships"] = [r for r in graph["relationships"] if r["source"] in kept]
    os.makedirs(os.path.join(symbols, module), exist_ok=True)
    with open(os.path.join(symbols, module, f"{module}.symbols.json"), "w") as file:
        json.dump(graph, file)
    # What a module adds to another module's types (`ReactorRecorder.jsonLines` in
    # ReactorsRecording) is in a graph of its own, <Module>@<Other>.symbols.json; DocC shows it
    # under the module's "Extended Modules".
    for name in os.listdir(symbols):
        if name.startswith(f"{module}@") and name.endswith(".symbols.json"):
            shutil.copyfile(os.path.join(symbols, name), os.path.join(symbols, module, name))
PYTHON

for module in Reactors ReactorsRecording ReactorsTesting ReactorsPersistence; do
  rm -rf "${out:?}/$module"
  docc convert "Documentation/$module.docc" \
    --additional-symbol-graph-dir "$symbols/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.reactors.$module" \
    --warnings-as-errors \
    --output-dir "$out/$module"
done
echo "Documentation built: $out/Reactors, $out/ReactorsRecording, $out/ReactorsTesting," \
  "$out/ReactorsPersistence"
