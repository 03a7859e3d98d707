#!/usr/bin/env python3
"""Measures how much of Apple's documented API of the table-related UIKit and QuartzCore types
Tabula declares, from the compiler's symbol graph of the TabulaCore, TabulaQuartz and Tabula modules.

    python3 scripts/api-coverage.py             # per type and total
    python3 scripts/api-coverage.py --missing   # and the names that are not there
    python3 scripts/api-coverage.py --type UITableView --missing

Apple's side is `scripts/api-coverage/apple-members.txt` (how it was gathered and what counts
is written at its top). Tabula's side is the symbol graph that `swift symbolgraph-extract`
writes for the public declarations of the built modules, so run a debug build first
(`swift build` or `swift build --build-tests`); the script reads `.build/debug/Modules` and
does not build. `--build` runs `swift build --product Tabula` first; `--symbol-graphs DIR`
reads `*.symbols.json` files that already exist. (`swift package dump-symbol-graph` builds
again with its own build flags, which can mean a long rebuild on a shared machine, so the
script calls `swift symbolgraph-extract` on the modules already built.)

A member counts as present when a public symbol of that name (Swift name with its argument
labels, such as `tableView(_:heightForRowAt:)`) is a member of the Tabula type of the same
name, of one of its Tabula superclasses, or of an extension of it in these modules; a
declaration whose other parameters have default values counts for the shorter name too (a call
with those labels compiles). Types are not checked: an initializer with the right labels and
other parameter types still counts.
This is a tool run by hand; it is not part of the tests.
"""
import argparse
import glob
import json
import pathlib
import shlex
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "scripts" / "api-coverage" / "apple-members.txt"
MODULES = ["TabulaCore", "TabulaQuartz", "Tabula"]
# The C modules the library modules import (directories holding a module.modulemap), and the
# pkg-config packages whose header paths those module maps need.
C_MODULES = ["CCairo", "CPangoCairo", "CJPEG", "CRSVG", "CPoppler", "CTabulaPixels/include", "CTabulaMemory/include", "CSDL2"]
PKG_CONFIG = ["cairo", "pangocairo", "libjpeg", "librsvg-2.0", "poppler-glib", "sdl2"]


def fail(message):
    print(f"api-coverage: {message}", file=sys.stderr)
    sys.exit(2)


def read_apple_members(path):
    """Returns [(type, url, [member names])] from the data file. Lines: `[Type] url` starts a
    type, a bare name is a member, `- name  # why` is a member left out on purpose, `#` starts
    a comment."""
    try:
        text = path.read_text()
    except OSError as error:
        fail(f"cannot read the list of Apple's members: {error}")
    types = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("- "):
            continue
        if line.startswith("["):
            close = line.find("]")
            if close < 2:
                fail(f"{path.name}:{number}: a type line looks like `[UITableView] https://…`, not {line!r}")
            types.append((line[1:close], line[close + 1:].strip(), []))
            continue
        if not types:
            fail(f"{path.name}:{number}: member {line!r} before any `[Type]` line")
        name = line.split("#")[0].strip()
        if " " in name:
            fail(f"{path.name}:{number}: a member is one Swift name such as `rowHeight` or `init(frame:style:)`, not {name!r}")
        if name not in types[-1][2]:
            types[-1][2].append(name)
    if not types:
        fail(f"{path} lists no types")
    return types


def modules_dir():
    for candidate in [ROOT / ".build" / "debug" / "Modules", *map(pathlib.Path, glob.glob(str(ROOT / ".build" / "*" / "debug" / "Modules")))]:
        if (candidate / "Tabula.swiftmodule").exists():
            return candidate
    fail("no built Tabula module under .build/debug/Modules; run `swift build` (or pass --build)")


def target_triple():
    out = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"`swiftc -print-target-info` failed: {out.stderr.strip()}")
    return json.loads(out.stdout)["target"]["triple"]


def extract_symbol_graphs(out_dir):
    """Runs swift symbolgraph-extract for each module into out_dir."""
    modules = modules_dir()
    flags = ["-I", str(modules), "-target", target_triple(), "-minimum-access-level", "public",
             "-output-dir", str(out_dir)]
    for c_module in C_MODULES:
        flags += ["-I", str(ROOT / "Sources" / c_module)]
    cflags = subprocess.run(["pkg-config", "--cflags", *PKG_CONFIG], capture_output=True, text=True)
    if cflags.returncode != 0:
        fail(f"pkg-config --cflags {' '.join(PKG_CONFIG)} failed: {cflags.stderr.strip()}")
    for flag in shlex.split(cflags.stdout):
        flags += ["-Xcc", flag]
    for module in MODULES:
        command = ["swift", "symbolgraph-extract", "-module-name", module, *flags]
        if module == "Tabula":
            # Tabula re-exports the modules that declare UIKit's types (see documentation.sh).
            command.append("-experimental-allowed-reexported-modules=TabulaUIKit,TabulaTable,TabulaCollection")
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"symbolgraph-extract for {module} failed:\n{result.stderr.strip()[-3000:]}")


def split_top_level(text, separator=","):
    """Splits text at separators outside brackets, parentheses and angle brackets."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "([<{":
            depth += 1
        elif char in ")]>}" and not (char == ">" and index > 0 and text[index - 1] == "-"):
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def callable_names(symbol):
    """The names a call can use: the declared name, and the names left when any parameters
    that have default values are left out (`systemFont(ofSize:weight:)` with `weight: … =
    .regular` answers to `systemFont(ofSize:)` too)."""
    name = symbol["pathComponents"][-1]
    if "(" not in name or not name.endswith(")"):
        return {name}
    declaration = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    base = name[:name.index("(")]
    # The parameter clause: the first parenthesized group after the base name (and any generic clause).
    start = declaration.find(base)
    open_index = declaration.find("(", start if start >= 0 else 0)
    if open_index < 0:
        return {name}
    depth = 0
    for index in range(open_index, len(declaration)):
        if declaration[index] == "(":
            depth += 1
        elif declaration[index] == ")":
            depth -= 1
            if depth == 0:
                break
    clause = declaration[open_index + 1:index].strip()
    if not clause:
        return {name}
    labels, defaulted = [], []
    for parameter in split_top_level(clause):
        head = split_top_level(parameter, ":")[0].split()
        labels.append(head[0] if head else "_")
        defaulted.append(" = " in parameter or parameter.rstrip().endswith("..."))
    if len(labels) != name.count(":") or not any(defaulted):
        return {name}
    optional = [i for i, has_default in enumerate(defaulted) if has_default][:8]
    names = set()
    for mask in range(1 << len(optional)):
        dropped = {optional[bit] for bit in range(len(optional)) if mask >> bit & 1}
        names.add(base + "(" + "".join(f"{label}:" for i, label in enumerate(labels) if i not in dropped) + ")")
    return names


def load_symbols(directory):
    """Returns (members, superclasses): members maps a type name to the set of member names
    declared on it (directly, in extensions, or synthesized); superclasses maps a type name to
    its superclass name, both for the library modules only."""
    files = [f for f in directory.glob("*.symbols.json") if f.name.split("@")[0].split(".")[0] in MODULES]
    if not files:
        fail(f"no symbol graph of {' or '.join(MODULES)} in {directory}")
    symbols, relations = {}, []
    for path in files:
        try:
            graph = json.loads(path.read_text())
        except (OSError, ValueError) as error:
            fail(f"cannot read the symbol graph {path.name}: {error}")
        for symbol in graph.get("symbols", []):
            symbols[symbol["identifier"]["precise"]] = symbol
        relations += graph.get("relationships", [])
    names = {precise: symbol["pathComponents"] for precise, symbol in symbols.items()}
    members, superclasses = {}, {}

    def type_name(precise, fallback):
        path = names.get(precise)
        if path:
            return ".".join(path)
        return fallback or ""

    for relation in relations:
        kind = relation["kind"]
        source, target = relation["source"], relation["target"]
        if kind in ("memberOf", "requirementOf", "optionalRequirementOf"):
            owner = type_name(target, relation.get("targetFallback"))
            symbol = symbols.get(source)
            if symbol is None:
                continue
            members.setdefault(owner, set()).update(callable_names(symbol))
        elif kind == "inheritsFrom":
            subclass = type_name(source, None)
            superclass = type_name(target, relation.get("targetFallback"))
            if subclass:
                superclasses[subclass] = superclass.split(".")[-1]
    # A symbol's path is [Type, member] (or deeper for nested types); this also covers a
    # member whose relationship is missing.
    for symbol in symbols.values():
        path = symbol["pathComponents"]
        if len(path) >= 2:
            members.setdefault(".".join(path[:-1]), set()).update(callable_names(symbol))
    return members, superclasses


def present(type_name, member, members, superclasses):
    seen = set()
    current = type_name
    while current and current not in seen:
        seen.add(current)
        if member in members.get(current, set()):
            return True
        current = superclasses.get(current)
    return False


def main():
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--missing", action="store_true", help="list the documented members Tabula lacks")
    parser.add_argument("--type", action="append", help="only this type (repeatable)")
    parser.add_argument("--build", action="store_true", help="run `swift build --product Tabula` first")
    parser.add_argument("--symbol-graphs", metavar="DIR", help="read existing *.symbols.json files")
    parser.add_argument("--data", metavar="FILE", default=str(DATA), help="Apple's members (default: %(default)s)")
    args = parser.parse_args()

    apple = read_apple_members(pathlib.Path(args.data))
    if args.type:
        unknown = set(args.type) - {t for t, _, _ in apple}
        if unknown:
            fail(f"no such type in the data file: {', '.join(sorted(unknown))}")
        apple = [entry for entry in apple if entry[0] in args.type]

    if args.build:
        if subprocess.run(["swift", "build", "--product", "Tabula"], cwd=ROOT).returncode != 0:
            fail("swift build failed")
    with tempfile.TemporaryDirectory() as scratch:
        if args.symbol_graphs:
            directory = pathlib.Path(args.symbol_graphs)
        else:
            directory = pathlib.Path(scratch)
            extract_symbol_graphs(directory)
        members, superclasses = load_symbols(directory)

    total_have = total_all = 0
    rows = []
    for type_name, url, names in apple:
        missing = [name for name in names if not present(type_name, name, members, superclasses)]
        have = len(names) - len(missing)
        total_have += have
        total_all += len(names)
        rows.append((type_name, have, len(names), missing, type_name in members))
    width = max(len(row[0]) for row in rows)
    for type_name, have, count, missing, exists in rows:
        note = "" if exists else "  (no such Tabula type)"
        print(f"{type_name:<{width}}  {have:4d} / {count:<4d} {100.0 * have / count:5.1f} %{note}")
    print(f"{'Total':<{width}}  {total_have:4d} / {total_all:<4d} {100.0 * total_have / total_all:5.1f} %")
    if args.missing:
        for type_name, have, count, missing, exists in rows:
            if missing:
                print(f"\n{type_name} lacks {len(missing)}:")
                for name in missing:
                    print(f"  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
