#!/usr/bin/env python3
"""Lists the public and open declarations in the library modules that have no `///`
documentation comment, as `file:line: declaration`, and exits 1 when there is any.

What counts: a line that declares something `public` or `open` (a type, member,
initializer, operator or typealias), and each case line of a public enum. Extensions are not declarations of their own, and an
`override` inherits its documentation from the declaration it overrides (DocC shows it
there), so neither needs a comment. Attributes such as `@MainActor` or
`@discardableResult` on the lines above are skipped over when looking for the comment.
"""
import pathlib
import re
import sys

LIBRARIES = ["TabulaCore", "TabulaGraphics", "TabulaQuartz", "TabulaSymbols", "TabulaUIKit", "TabulaTable", "TabulaCollection", "Tabula", "TabulaSDL", "TabulaData", "TabulaTestSupport"]
DECLARATION = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:nonisolated|final|static|class|mutating|nonmutating|required|convenience|dynamic|lazy|indirect|weak|unowned)\s+)*(?:public|open)(?:\(set\))?\s")
SKIP = re.compile(r"\b(extension|override|import)\b")
ATTRIBUTE = re.compile(r"^\s*(@[\w.]+(\(.*\))?\s*)+$")
PUBLIC_ENUM = re.compile(r"\b(?:public|open)\s+(?:indirect\s+)?enum\b")
ENUM_CASE = re.compile(r"^\s*(?:indirect\s+)?case\s+[A-Za-z_`][^:]*(?:\([^)]*\)[^:]*)?$|^\s*(?:indirect\s+)?case\s+\w+\(.*\)\s*$")

def undocumented(root: pathlib.Path):
    for module in LIBRARIES:
        for path in sorted((root / "Sources" / module).rglob("*.swift")):
            lines = path.read_text().splitlines()
            depth = 0
            public_enum_depths = []  # brace depths of the bodies of the public enums we are in
            for index, line in enumerate(lines):
                code = line.split("//")[0]
                in_public_enum = bool(public_enum_depths) and public_enum_depths[-1] == depth
                is_case = in_public_enum and ENUM_CASE.match(code)
                if PUBLIC_ENUM.search(code):
                    public_enum_depths.append(depth + 1)
                depth += code.count("{") - code.count("}")
                while public_enum_depths and depth < public_enum_depths[-1]:
                    public_enum_depths.pop()
                if not is_case and (not DECLARATION.match(line) or SKIP.search(line.split("{")[0])):
                    continue
                above = index - 1
                while above >= 0 and ATTRIBUTE.match(re.sub(r"\s+//(?!/).*$", "", lines[above])):
                    above -= 1
                previous = lines[above].strip() if above >= 0 else ""
                if previous.startswith("///") or previous.endswith("*/"):
                    continue
                yield path.relative_to(root), index + 1, line.strip()

def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent
    found = list(undocumented(root))
    for path, line, text in found:
        print(f"{path}:{line}: {text}")
    if "--count" in sys.argv or found:
        print(f"{len(found)} public declarations without a /// comment", file=sys.stderr)
    return 1 if found else 0

if __name__ == "__main__":
    sys.exit(main())
