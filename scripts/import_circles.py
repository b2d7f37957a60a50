#!/usr/bin/env python3
"""Finds import circles between the rooms of each crate.

A room is a file or a folder beside others in one folder: `search/eval.rs` and
`search/position.rs` are rooms of `search/`, and `app/theme/` (with everything in it) and
`app/board/` are rooms of `app/`. In every folder of every crate, the rooms' uses of each other
must run one way: a circle (eval uses position, position uses eval; or theme -> online -> board
-> theme through any of their files) is reported. A folder's own file (`mod.rs`, `lib.rs`) is
the folder itself, not a room: children may use what their parent defines, and a parent adds
its children's plugins. Unit tests (`#[cfg(test)] mod tests`, last in their files) and the
crates' programs (`main.rs`, `bin/`) are left out.

Uses are read from `use` lines and from paths in code (`crate::a::b`, `super::..`, `self::..`,
a folder's `child::..`), following `pub use` re-exports to the file that defines the item.

    scripts/import_circles.py [SRC_DIR ...]     (default: every crate's src/ in the workspace)

Prints the uses between rooms that take part in a circle and exits 1 if there is one.
"""

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOTS = [REPO / "src", *sorted((REPO / "crates").glob("*/src"))]


def strip_comments(text: str) -> str:
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def expand(tree: str) -> list:
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = tree.strip()
    i = tree.find("{")
    if i < 0:
        return [tree.split(" as ")[0].strip()] if tree else []
    prefix, body = tree[:i], tree[i + 1 : tree.rindex("}")]
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        for e in expand(p):
            out.append(prefix + e if e != "self" else prefix.rstrip(":"))
    return out


def use_trees(text: str):
    """Each `use` statement's tree, and whether it is a re-export (`pub use`)."""
    for m in re.finditer(r"\b(pub(?:\([\w:]+\))?\s+)?use\s+([^;]+);", text):
        yield " ".join(m.group(2).split()), m.group(1) is not None


class Crate:
    def __init__(self, src: Path):
        self.src = src
        self.files = [
            f
            for f in sorted(src.rglob("*.rs"))
            if f.name != "main.rs" and "bin" not in f.relative_to(src).parts
        ]
        self.texts = {
            f: strip_comments(re.split(r"#\[cfg\(test\)\]\s*mod tests\b", f.read_text())[0])
            for f in self.files
        }
        self.modules = {self.module_of(f) for f in self.files}
        self.children = {m: {c[-1] for c in self.modules if c and c[:-1] == m} for m in self.modules}
        self.reexports = {}  # (module, name) -> module that defines it
        self.uses = {m: set() for m in self.modules}
        self.read()

    def module_of(self, path: Path) -> tuple:
        parts = list(path.relative_to(self.src).with_suffix("").parts)
        if parts[-1] in ("mod", "lib"):
            parts.pop()
        return tuple(parts)

    def resolve(self, module: tuple, path: str):
        """The module a path used in `module` names, and the item it names there."""
        segs = [s for s in path.split("::") if s]
        if not segs:
            return None, None
        if segs[0] == "crate":
            cur, segs = (), segs[1:]
        elif segs[0] in ("super", "self"):
            cur = module
            while segs and segs[0] in ("super", "self"):
                if segs[0] == "super":
                    cur = cur[:-1]
                segs = segs[1:]
        elif segs[0] in self.children.get(module, ()):
            cur = module
        else:
            return None, None
        while segs and segs[0] in self.children.get(cur, ()):
            cur = cur + (segs[0],)
            segs = segs[1:]
        item = segs[0] if segs else None
        seen = set()
        while item and (cur, item) in self.reexports and (cur, item) not in seen:
            seen.add((cur, item))
            cur = self.reexports[(cur, item)]
        return cur, item

    def read(self):
        for f in self.files:
            module = self.module_of(f)
            for tree, public in use_trees(self.texts[f]):
                if not public:
                    continue
                for path in expand(tree):
                    target, item = self.resolve(module, path)
                    if target is not None and item and target != module:
                        self.reexports[(module, item)] = target
        path_re = re.compile(r"\b(?:crate|super(?:::super)*|self)(?:::\w+)+")
        for f in self.files:
            module = self.module_of(f)
            text = self.texts[f]
            code = re.sub(r"\b(pub(?:\([\w:]+\))?\s+)?use\s+[^;]+;", "", text)
            paths = []
            for tree, public in use_trees(text):
                for path in expand(tree):
                    # A re-export is not a use, unless the module also uses the item itself.
                    last = path.split("::")[-1]
                    if not public or re.search(rf"\b{last}\b", code):
                        paths.append(path)
            paths += path_re.findall(code)
            for child in self.children.get(module, ()):
                paths += re.findall(rf"\b{child}(?:::\w+)+", code)
            for path in paths:
                target, _ = self.resolve(module, path)
                if target is not None and target != module:
                    self.uses[module].add(target)

    def room_edges(self):
        """Per folder: the uses between its rooms, each with the files' uses behind it."""
        edges = {}
        for a, targets in self.uses.items():
            for b in targets:
                n = 0
                while n < min(len(a), len(b)) and a[n] == b[n]:
                    n += 1
                if n == len(a) or n == len(b):
                    continue  # a folder and what it holds: parent and child, not rooms
                folder = a[:n]
                key = (a[n], b[n])
                edges.setdefault(folder, {}).setdefault(key, []).append((a, b))
        return edges


def circles(edges: dict) -> list:
    """Strongly connected components of more than one room (Tarjan)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                found.append(sorted(scc))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main() -> int:
    sys.setrecursionlimit(10000)
    roots = [Path(a).resolve() for a in sys.argv[1:]] or DEFAULT_ROOTS
    bad = 0
    for src in roots:
        crate = Crate(src)
        name = src.parent.relative_to(REPO).as_posix() if src.parent != REPO else "the game"
        rooms = 0
        for folder, edges in sorted(crate.room_edges().items()):
            rooms += 1
            for scc in circles(edges):
                bad += 1
                where = "/".join(folder) or "(crate root)"
                print(f"{name}: circle in {where}/: {' <-> '.join(scc)}")
                for (a, b), behind in sorted(edges.items()):
                    if a in scc and b in scc:
                        files = ", ".join(
                            f"{'/'.join(x)} -> {'/'.join(y)}" for x, y in sorted(behind)[:4]
                        )
                        print(f"    {a} -> {b}: {files}")
        total = sum(len(t) for t in crate.uses.values())
        print(f"{name}: {len(crate.modules)} modules, {total} uses, {rooms} folders checked")
    if bad:
        print(f"{bad} import circle(s)")
        return 1
    print("no import circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
