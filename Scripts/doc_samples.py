"""Turns the Swift samples of the README and the DocC articles into a package that adopts Reactors.

Every ```swift block of a checked document follows one of these comments (HTML comments: GitHub
and DocC show nothing of them):

    <!-- sample: Package.swift -->            the block is the adopting package's manifest
    <!-- sample: TARGET/FILE.swift -->        the block is the whole file FILE of target TARGET
    <!-- excerpt: TARGET/FILE.swift -->       the block is part of that sample, verbatim
                                              (indentation aside)

and a plain ``` block may follow `<!-- output: TARGET -->`: what running executable TARGET prints.

Targets that the manifest does not declare are added: a name ending in `Tests` is a test target
(depending on `ReactorsTesting` too), a target with a `main.swift` an executable, any other a
library; each depends on `Reactors`, `ReactorsRecording`, `ReactorsPersistence` and `MyApp`, the
manifest's own library.

Usage: doc_samples.py REPOSITORY PACKAGE_DIRECTORY DEPENDENCY_URL
Writes the package, prints one line per executable to run: `TARGET<TAB>EXPECTED_OUTPUT_FILE`.
"""

import os
import re
import sys

# The example walkthroughs quote the examples' sources, which the package's own build compiles.
NOT_CHECKED = {"SignupExample.md", "GitHubSearchExample.md"}

ANNOTATION = re.compile(r"^<!-- (sample|excerpt|output): (\S+) -->$")
FENCE = re.compile(r"^( *)```(\w*)\s*$")


def documents(repository):
    yield os.path.join(repository, "README.md")
    for catalog in sorted(os.listdir(os.path.join(repository, "Documentation"))):
        folder = os.path.join(repository, "Documentation", catalog)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".md") and name not in NOT_CHECKED:
                yield os.path.join(folder, name)


def blocks(path):
    """Yields (annotation kind, annotation value, language, code, line) for each fenced block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if not fence:
            index += 1
            continue
        start, indent = index, len(fence.group(1))
        end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == "```")
        previous = lines[start - 1].strip() if start > 0 else ""
        annotation = ANNOTATION.match(previous)
        kind, value = annotation.groups() if annotation else (None, None)
        code = "\n".join(line[indent:] for line in lines[start + 1 : end]) + "\n"
        yield kind, value, fence.group(2), code, start + 1
        index = end + 1


def dedented(lines):
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return [line[cut:] for line in lines]


def contains(text, excerpt):
    whole = text.rstrip("\n").split("\n")
    part = dedented(excerpt.rstrip("\n").split("\n"))
    return any(
        dedented(whole[start : start + len(part)]) == part
        for start in range(len(whole) - len(part) + 1)
    )


def main():
    repository, package, url = sys.argv[1:4]
    problems, files, excerpts, outputs = [], {}, [], {}
    for path in documents(repository):
        shown = os.path.relpath(path, repository)
        for kind, value, language, code, line in blocks(path):
            where = f"{shown}:{line}"
            if kind == "output":
                outputs[value] = code
            elif language != "swift":
                continue
            elif kind == "sample":
                if value in files:
                    problems.append(f"{where}: {value} is already the sample at {files[value][1]}")
                files[value] = (code, where)
            elif kind == "excerpt":
                excerpts.append((value, code, where))
            else:
                problems.append(
                    f"{where}: a swift block without `<!-- sample: ... -->` or "
                    "`<!-- excerpt: ... -->` before it; every sample is compiled")

    for value, code, where in excerpts:
        if value not in files:
            problems.append(f"{where}: the excerpt names {value}, which no sample defines")
        elif not contains(files[value][0], code):
            problems.append(f"{where}: the excerpt differs from {value} ({files[value][1]})")

    manifest, _ = files.pop("Package.swift", (None, None))
    if manifest is None:
        problems.append("no document has the `<!-- sample: Package.swift -->` manifest")
    elif len(re.findall(r'\.package\(url: "[^"]*"', manifest)) != 1:
        problems.append("the manifest must have exactly one `.package(url: ...)` dependency")
    if problems:
        sys.exit("\n".join(["error: the documentation's samples are not all compilable:"] + problems))

    identity = re.search(r'\.package\(url: "[^"]*/([^"/]+?)(?:\.git)?"', manifest).group(1)
    manifest = re.sub(r'\.package\(url: "[^"]*"', f'.package(url: "{url}"', manifest)
    declared = set(re.findall(r'\.(?:target|testTarget|executableTarget)\(\s*name: "(\w+)"', manifest))
    targets = {}
    for value, (code, _) in files.items():
        target, name = value.split("/", 1)
        targets.setdefault(target, set()).add(name)
        directory = os.path.join(package, "Tests" if target.endswith("Tests") else "Sources", target)
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, name), "w", encoding="utf-8") as file:
            file.write(code)

    product = lambda name: f'.product(name: "{name}", package: "{identity}")'
    added = []
    for target in sorted(set(targets) - declared):
        if target.endswith("Tests"):
            kind, dependencies = "testTarget", [product("Reactors"), product("ReactorsTesting")]
        else:
            kind = "executableTarget" if "main.swift" in targets[target] else "target"
            dependencies = [product("Reactors")]
        dependencies.append(product("ReactorsRecording"))
        dependencies.append(product("ReactorsPersistence"))
        dependencies.append('"MyApp"')
        added.append(f'  .{kind}(name: "{target}", dependencies: [{", ".join(dependencies)}]),')
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(manifest)
        file.write("\n// Added by Scripts/doc_samples.py: the other samples of the documentation.\n")
        file.write("package.targets += [\n" + "\n".join(added) + "\n]\n")

    for target in sorted(targets):
        if "main.swift" in targets[target]:
            expected = os.path.join(package, f"{target}.expected-output")
            with open(expected, "w", encoding="utf-8") as file:
                file.write(outputs.get(target, ""))
            print(f"{target}\t{expected if target in outputs else ''}")


if __name__ == "__main__":
    main()
