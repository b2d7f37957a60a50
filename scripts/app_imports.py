#!/usr/bin/env python3
"""Finds import circles inside src/app.

Reads every Rust file under src/app, turns each module path it names (`use` lines and paths in
code: `crate::app::..`, `super::..`, and a folder's `child::..` in its mod.rs) into an edge
"module uses module", following a folder's `pub use` re-exports to the file that defines the
item. The shared vocabulary files (game.rs, opening.rs, states.rs, feedback.rs, documents.rs,
side_line.rs, past_position.rs) are private parts of `app` itself, re-exported by it, so they count as `app`. A parent adding a child's
plugin (`child::plugin`) is composition, not use, and is left out; so are unit tests.

Prints each module's uses and the circles found; exits 1 if there is one.
"""

import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "src" / "app"
VOCABULARY = {"game", "opening", "states", "feedback", "documents", "side_line", "past_position"}


def real_module_of(path: Path) -> tuple:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "mod":
        parts.pop()
    return tuple(parts)


def module_of(path: Path) -> tuple:
    """The module a file counts as: a vocabulary file counts as `app`."""
    parts = real_module_of(path)
    return parts[:1] if len(parts) == 2 and parts[1] in VOCABULARY else parts


def strip_comments(text: str) -> str:
    text = re.sub(r"//[^\n]*", "", text)
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


files = sorted(ROOT.rglob("*.rs"))
# Unit tests (`#[cfg(test)] mod tests { .. }`, last in their files) are left out: their
# `super` is the file itself.
texts = {
    f: strip_comments(re.split(r"#\[cfg\(test\)\]\s*mod tests\b", f.read_text())[0])
    for f in files
}
modules = {module_of(f) for f in files}
children = {m: {c[-1] for c in modules if c[:-1] == m} for m in modules}
# Re-exports: (module, name) -> module that defines it.
reexports = {}


def resolve(module: tuple, path: str):
    """The module a path used in `module` (the file's real module) names, and the item."""
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None, None
    if segs[0] == "crate":
        if len(segs) < 2 or segs[1] != "app":
            return None, None
        cur, segs = ("app",), segs[2:]
    elif segs[0] in ("super", "self"):
        cur = module
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                cur = cur[:-1]
            segs = segs[1:]
    elif segs[0] in children.get(module, ()):
        cur = module
    else:
        return None, None
    while segs and segs[0] in children.get(cur, ()) and segs[0] not in VOCABULARY:
        cur = cur + (segs[0],)
        segs = segs[1:]
    while segs and segs[0] in VOCABULARY and cur == ("app",):
        segs = segs[1:]
    if len(cur) == 2 and cur[1] in VOCABULARY:
        cur = cur[:1]
    item = segs[0] if segs else None
    seen = set()
    while item and (cur, item) in reexports and (cur, item) not in seen:
        seen.add((cur, item))
        cur = reexports[(cur, item)]
    return cur, item


def use_trees(text: str):
    """Each `use` statement's tree, and whether it is a re-export (`pub use`)."""
    for m in re.finditer(r"\b(pub(?:\([\w:]+\))?\s+)?use\s+([^;]+);", text):
        yield m.group(2), m.group(1) is not None


# Two passes: re-exports first, then uses.
for f in files:
    module, real = module_of(f), real_module_of(f)
    for tree, public in use_trees(texts[f]):
        if not public:
            continue
        for path in expand(" ".join(tree.split())):
            target, item = resolve(real, path)
            if target and item and target != module:
                reexports[(module, item)] = target

uses = {m: set() for m in modules}
path_re = re.compile(r"\b(?:crate::app|super(?:::super)*|self)(?:::\w+)+")
for f in files:
    module, real = module_of(f), real_module_of(f)
    text = texts[f]
    code = re.sub(r"\b(pub(?:\([\w:]+\))?\s+)?use\s+[^;]+;", "", text)
    paths = []
    for tree, public in use_trees(text):
        for path in expand(" ".join(tree.split())):
            # A re-export is not a use, unless the module also uses the item itself.
            last = path.split("::")[-1]
            if not public or re.search(rf"\b{last}\b", code):
                paths.append(path)
    paths += path_re.findall(code)
    for child in children.get(module, ()):
        paths += re.findall(rf"\b{child}(?:::\w+)+", code)
    for path in paths:
        target, item = resolve(real, path)
        if target is None or target == module:
            continue
        composing = target[:-1] == module and item in ("plugin",)
        if not composing:
            uses[module].add(target)

name = lambda m: "::".join(m)
for m in sorted(uses):
    print(f"{name(m)} -> {', '.join(sorted(name(t) for t in uses[m])) or '-'}")

# Tarjan's strongly connected components.
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in uses[v]:
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
            sccs.append(scc)


sys.setrecursionlimit(10000)
for v in sorted(uses):
    if v not in index:
        visit(v)
print(f"\n{len(uses)} modules, {sum(len(t) for t in uses.values())} uses")
if sccs:
    for scc in sccs:
        print("circle:", " <-> ".join(sorted(name(m) for m in scc)))
    sys.exit(1)
print("no import circle")
