#!/usr/bin/env bash
# Adopts this package the way the README says, in a new package, and runs every documented sample.
#
#   bash Scripts/check-adoption.sh
#
# 1. Publishes the commit under test as the `main` branch of a bare repository,
#    .build-adoption/remote/Reactors.git. It stands in for the hosted repository: the README's
#    `.package(url: "https://github.com/<owner>/Reactors.git", branch: "main")` becomes
#    `.package(url: "file://.../Reactors.git", branch: "main")`. The URL's last component is what
#    SwiftPM derives the package identity from, so it stays `Reactors.git`, and the README's
#    `package: "Reactors"` resolves exactly as it will against the hosted URL. The commit is HEAD
#    plus the uncommitted changes to tracked files (`git stash create`); untracked files are left
#    out.
# 2. Writes a new package in .build-adoption/my-app (a folder not named Reactors): its manifest is
#    the README's installation sample with that one URL replaced, and every other ```swift sample
#    of the README and the DocC articles becomes a file of it (see Scripts/doc_samples.py).
# 3. Builds it (both products, zero warnings from the samples), runs each executable sample and
#    compares what it prints with the documented output, and runs the test samples.
#
# CI (.ci/run) calls this script. Later runs reuse .build-adoption/my-app/.build.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
work="$repository/.build-adoption"
remote="$work/remote/Reactors.git"
app="$work/my-app"

echo "== publishing the commit under test as main of $remote"
commit=$(git stash create)
commit=${commit:-$(git rev-parse HEAD)}
rm -rf "$remote" && mkdir -p "$remote"
git init --quiet --bare "$remote"
git push --quiet --force "$remote" "$commit:refs/heads/main"

echo "== writing the adopting package $app from the documentation's samples"
mkdir -p "$app"
rm -rf "$app/Sources" "$app/Tests" "$app/Package.swift" "$app/Package.resolved" "$app"/*.expected-output
python3 Scripts/doc_samples.py "$repository" "$app" "file://$remote" >"$work/executables"

echo "== building it"
swift package --package-path "$app" update
swift build --package-path "$app" --build-tests 2>&1 | tee "$work/build.log"
if grep -E "^$app/.*warning:" "$work/build.log"; then
  echo "error: the documentation's samples compile with warnings" >&2
  exit 1
fi

while IFS=$'\t' read -r target expected; do
  echo "== running the sample $target"
  timeout 60 swift run --package-path "$app" --skip-build "$target" </dev/null \
    >"$work/$target.output" || {
    echo "error: the sample $target failed, or did not end within 60 s (status $?; 124: time)" >&2
    exit 1
  }
  cat "$work/$target.output"
  if [ -n "$expected" ] && ! diff -u "$expected" "$work/$target.output"; then
    echo "error: $target printed something else than its documented output (- documented)" >&2
    exit 1
  fi
done <"$work/executables"

echo "== running the test samples"
timeout 600 swift test --package-path "$app" --skip-build
echo "== the package adopts Reactors as documented"
