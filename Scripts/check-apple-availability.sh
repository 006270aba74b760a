#!/usr/bin/env bash
# Type-checks the libraries adopters get, `Reactors`, `ReactorsRecording`, `ReactorsTesting` and
# `ReactorsPersistence`, for the Apple systems Package.swift declares, on Linux, where no Apple SDK
# exists.
#
#   bash Scripts/check-apple-availability.sh
#
# 1. Makes a stand-in SDK per Apple platform in .build-apple-availability/sdk: the toolchain's
#    own textual interfaces (lib/swift/linux/<Module>.swiftmodule/*.swiftinterface), which carry
#    Apple's availability attributes, retargeted to the Apple triple; and the small stand-ins in
#    Scripts/AppleStandIns/ for the modules the toolchain ships no interface of (Darwin,
#    Dispatch, Foundation, XCTest), each declaring only what the package uses, with Apple's
#    availability.
#    The edits to the toolchain's interfaces change nothing a client sees: `-target` becomes the
#    Apple triple and `-disable-availability-checking` is added (they were generated for Linux,
#    where availability is not enforced, and do not build for Apple otherwise); `import Glibc`
#    goes; `@backDeployed(before:)` goes (some of its declarations have no body there; a caller
#    checks the `@available` beside it, which stays).
# 2. For each platform in Package.swift's `platforms` (macOS, iOS, tvOS, watchOS), at its
#    declared minimum, compiles every .swift file under Sources/Reactors into a module, then
#    Sources/ReactorsRecording against it, and type-checks every .swift file under
#    Sources/ReactorsTesting against both, and under Sources/ReactorsPersistence against
#    Reactors, as SwiftPM's debug
#    build would (Swift 6, `-DSWIFT_PACKAGE -DDEBUG`). Any error, or any warning in those files,
#    fails the check.
# 3. Proves it can fail: copies of the four folders, with a planted file in one of them that uses
#    `ObservationRegistrar` (macOS 14 / iOS 17 / tvOS 17 / watchOS 10) without `@available`
#    inside `#if canImport(Darwin)`, must be reported on every platform, once with the file in
#    each target. So the check enforces availability, in declarations and function bodies, in
#    every target, and compiles the Apple branches.
#
# What it cannot see:
# - Code for other systems: `#if os(Linux)`, `#elseif canImport(Glibc)` and the like are skipped,
#   as on Apple; so is `#if !DEBUG` (the release build's branch).
# - Apple's own modules. Darwin, Dispatch, Foundation and XCTest are stood in by
#   Scripts/AppleStandIns/: a
#   use of something they do not declare fails the check ("cannot find"), but a signature or
#   availability written there is believed. The other modules are the toolchain's Linux builds
#   of the sources Apple builds them from, with Apple's availability attributes, but without
#   their Objective-C parts: the check compiles without Objective-C interoperability.
# - Modules with no interface here (os, SwiftUI, Combine, ...): a file importing one
#   fails the check until a stand-in is added.
# - Devices' architectures: iOS, tvOS and watchOS are checked as x86_64 simulators (the
#   toolchain's interfaces were printed for x86_64 and declare `Float80`, which ARM lacks), so
#   32-bit watchOS (arm64_32, where `Int` has 32 bits) is not compiled. Mac Catalyst and
#   visionOS are not checked apart from iOS. Nothing past type-checking: no code generation,
#   linking or running.
#
# CI (.ci/run) calls this script. The first run builds the standard library from its interface
# once per platform (about half a minute of CPU each, two platforms at a time); later runs reuse
# .build-apple-availability/module-cache and take seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
scratch="$repository/.build-apple-availability"
script="$repository/Scripts/$(basename "$0")"

# The triple without its version, as module interfaces are named: x86_64-apple-ios-simulator.
module_triple() {
  sed -E 's/[0-9.]+(-simulator)?$/\1/' <<<"$1"
}

# The check of one platform, which the main part below runs in a process of its own:
#   check-apple-availability.sh --platform <triple> <Reactors folder> <ReactorsRecording folder>
#     <ReactorsTesting folder> <ReactorsPersistence folder> <log>
# Exits 0 if the compiler reported no error, and no warning in the files compiled.
if [ "${1:-}" = "--platform" ]; then
  triple=$2 reactors_folder=$3 recording_folder=$4 testing_folder=$5 persistence_folder=$6
  log=$7
  modules="${log%.log}.modules"
  mkdir -p "$modules"
  flags=(-target "$triple" -sdk "$scratch/sdk/$(module_triple "$triple")"
    -module-cache-path "$scratch/module-cache" -swift-version 6 -Onone -DSWIFT_PACKAGE -DDEBUG
    -package-name reactors -parse-as-library -no-color-diagnostics
    -Xfrontend -disable-objc-interop)
  mapfile -t reactors < <(find "$reactors_folder" -name '*.swift' | sort)
  mapfile -t recording < <(find "$recording_folder" -name '*.swift' | sort)
  mapfile -t testing < <(find "$testing_folder" -name '*.swift' | sort)
  mapfile -t persistence < <(find "$persistence_folder" -name '*.swift' | sort)
  status=0
  # NB: whole-module and not separately: the driver's separate module job skips the bodies of
  # functions that are not inlinable, which would hide their errors.
  {
    swiftc "${flags[@]}" -module-name Reactors -emit-module -wmo -no-emit-module-separately-wmo \
      -emit-module-path "$modules/Reactors.swiftmodule" "${reactors[@]}" &&
      swiftc "${flags[@]}" -module-name ReactorsRecording -emit-module -wmo \
        -no-emit-module-separately-wmo -I "$modules" \
        -emit-module-path "$modules/ReactorsRecording.swiftmodule" "${recording[@]}" &&
      swiftc "${flags[@]}" -module-name ReactorsTesting -typecheck -I "$modules" "${testing[@]}" &&
      swiftc "${flags[@]}" -module-name ReactorsPersistence -typecheck -I "$modules" \
        "${persistence[@]}"
  } >"$log" 2>&1 || status=1
  if grep ': warning:' "$log" |
    grep -F -e "$reactors_folder/" -e "$recording_folder/" -e "$testing_folder/" \
      -e "$persistence_folder/" >/dev/null
  then
    status=1
  fi
  exit $status
fi

toolchain="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift/linux"

# The modules taken from the toolchain. Glibc and the C++ modules are Linux's own; any other is
# built only when imported, so listing more costs nothing.
toolchain_modules=(Swift _Concurrency _StringProcessing _RegexParser SwiftOnoneSupport Observation
  Synchronization Distributed RegexBuilder _Differentiation Testing)

# The declared minimum of `platform` (macOS, iOS, tvOS, watchOS) in Package.swift, as "13.0".
declared_minimum() {
  local version
  version=$(grep -oE "\.$1\(\.v[0-9_]+\)" Package.swift | head -n 1 | grep -oE '[0-9_]+' || true)
  if [ -z "$version" ]; then
    echo "error: Package.swift declares no .$1(.vN) in platforms" >&2
    exit 1
  fi
  version=${version//_/.}
  [[ $version == *.* ]] || version="$version.0"
  echo "$version"
}

# Writes standard input to `path` only if that changes it, so that an interface keeps its time
# stamp, and the module cache built from it stays valid, from one run to the next.
write_if_changed() {
  local path=$1 temporary
  temporary=$(mktemp "$path.XXXXXX")
  cat >"$temporary"
  if cmp -s "$temporary" "$path"; then rm "$temporary"; else mv "$temporary" "$path"; fi
}

# Makes the stand-in SDK for `triple` (x86_64-apple-ios16.0-simulator).
make_sdk() {
  local triple=$1 unversioned version
  unversioned=$(module_triple "$triple")
  version=$(sed -E 's/^.*-[a-z]+([0-9.]+).*$/\1/' <<<"$triple")
  local sdk="$scratch/sdk/$unversioned" module source stand_in
  mkdir -p "$sdk/usr/lib/swift"
  # What the driver and clang require of an SDK's settings (the driver wants a Mac Catalyst
  # version map for macOS: this is the first entry of Apple's); the version is the minimum.
  local name map=''
  case $unversioned in
    *-macos)
      name=macosx
      map=', "VersionMap": {"macOS_iOSMac": {"10.15": "13.1"}, "iOSMac_macOS": {"13.1": "10.15"}}'
      ;;
    *-ios-simulator) name=iphonesimulator ;;
    *-tvos-simulator) name=appletvsimulator ;;
    *-watchos-simulator) name=watchsimulator ;;
  esac
  printf '{"CanonicalName": "%s", "Version": "%s", "MaximumDeploymentTarget": "%s.99"%s}\n' \
    "$name$version" "$version" "$version" "$map" | write_if_changed "$sdk/SDKSettings.json"
  for module in "${toolchain_modules[@]}"; do
    source="$toolchain/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
    [ -f "$source" ] || continue
    mkdir -p "$sdk/usr/lib/swift/$module.swiftmodule"
    sed -e "/^\/\/ swift-module-flags:/ s/-target x86_64-unknown-linux-gnu/-target $triple/" \
      -e '/^\/\/ swift-module-flags:/ s/$/ -disable-availability-checking/' \
      -e '/^import Glibc$/d' \
      -e '/^[[:space:]]*@backDeployed(.*)[[:space:]]*$/d' \
      "$source" |
      write_if_changed "$sdk/usr/lib/swift/$module.swiftmodule/$unversioned.swiftinterface"
  done
  for stand_in in Scripts/AppleStandIns/*.swiftinterface; do
    module=$(basename "$stand_in" .swiftinterface)
    mkdir -p "$sdk/usr/lib/swift/$module.swiftmodule"
    sed -e "s/@TARGET@/$triple/" "$stand_in" |
      write_if_changed "$sdk/usr/lib/swift/$module.swiftmodule/$unversioned.swiftinterface"
  done
}

# Checks the sources in `root`/Reactors and `root`/ReactorsTesting on every platform, two at a
# time, the compiler's output in logs/`name`/<triple>.log; prints "<triple> ok" or
# "<triple> failed" for each.
check_all() {
  local name=$1 root=$2
  mkdir -p "$scratch/logs/$name"
  printf '%s\n' "${triples[@]}" |
    xargs -P 2 -I '{}' sh -c \
      'if bash "$0" --platform "$1" "$2/Reactors" "$2/ReactorsRecording" "$2/ReactorsTesting" \
           "$2/ReactorsPersistence" "$3/$1.log"; then
         echo "$1 ok"; else echo "$1 failed"; fi' \
      "$script" '{}' "$root" "$scratch/logs/$name" |
    sort
}

# Copies Sources/Reactors and Sources/ReactorsTesting to planted/`name`, with PlantedError.swift
# in its `target`.
plant() {
  local name=$1 target=$2
  mkdir -p "$scratch/planted/$name"
  cp -R Sources/Reactors Sources/ReactorsRecording Sources/ReactorsTesting \
    Sources/ReactorsPersistence "$scratch/planted/$name/"
  cat >"$scratch/planted/$name/$target/PlantedError.swift" <<'EOF'
// Planted by Scripts/check-apple-availability.sh: the check must report this file.
#if canImport(Glibc)
#error("the stand-in SDK sees Glibc: this is not an Apple build")
#endif
#if canImport(Darwin)
import Observation

final class PlantedObservable: Observable {
  let registrar = ObservationRegistrar()
}

func plantedUse() {
  _ = ObservationRegistrar()
}
#endif
EOF
}

# x86_64 throughout: see "What it cannot see" above.
triples=(
  "x86_64-apple-macos$(declared_minimum macOS)"
  "x86_64-apple-ios$(declared_minimum iOS)-simulator"
  "x86_64-apple-tvos$(declared_minimum tvOS)-simulator"
  "x86_64-apple-watchos$(declared_minimum watchOS)-simulator"
)
rm -rf "$scratch/logs" "$scratch/planted"

echo "== stand-in SDKs in $scratch/sdk"
for triple in "${triples[@]}"; do make_sdk "$triple"; done

failed=0
echo "== Sources/Reactors, Sources/ReactorsRecording, Sources/ReactorsTesting, then" \
  "Sources/ReactorsPersistence, for ${triples[*]}"
while read -r triple result; do
  echo "$triple: $result"
  if [ "$result" != ok ]; then
    cat "$scratch/logs/sources/$triple.log"
    failed=1
  fi
done < <(check_all sources "$repository/Sources")

# Two reports per platform: the stored property, and the use in a function body.
expected="PlantedError.swift:[0-9]+:[0-9]+: error: 'ObservationRegistrar' is only available in"
for target in Reactors ReactorsRecording ReactorsTesting ReactorsPersistence; do
  echo "== a planted error in $target must be reported twice on every platform"
  plant "$target" "$target"
  while read -r triple result; do
    log="$scratch/logs/$target/$triple.log"
    if [ "$result" = ok ] || [ "$(grep -cE "$expected" "$log")" -ne 2 ]; then
      echo "$triple: the planted error was NOT reported; the check is blind:"
      cat "$log"
      failed=1
    else
      echo "$triple: $(grep -m 1 -oE "error: 'ObservationRegistrar' .*" "$log")"
    fi
  done < <(check_all "$target" "$scratch/planted/$target")
done

if [ $failed -ne 0 ]; then
  echo "error: the libraries do not compile for every Apple system Package.swift declares" >&2
  exit 1
fi
echo "== the four libraries type-check for every Apple system declared, and the check can fail"
