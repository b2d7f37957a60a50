#!/usr/bin/env python3
"""Checks the book's links (docs/book/src) and the README's, before and after mdbook builds.

    scripts/check_book.py                 the Markdown: every page of the book and README.md
    scripts/check_book.py --html DIR      also the built book in DIR (after mdbook build)

In the Markdown, every relative link or image must name a file that exists: a page of the book,
or, for a link that leaves the book, a file of the repository under one of PUBLISHED (the only
folders scripts/book.sh puts beside the built book; anything else outside the book would not
resolve there, so it is named in code instead, or shown with {{#include}}). An #anchor must be
made by a heading of the target page, by mdBook's rule: the heading's text lowercased, white
space to '-', every other character but letters, digits, '-' and '_' dropped, and a repeated
heading numbered -1, -2, ... ({#id} after a heading names it instead). {{#include}} must name a
file that exists. Every page must be listed in SUMMARY.md and every entry there must exist.
README.md is held to the same rules from the repository's root (its links may name any file
of the repository, and anchors in .md files outside the book are checked too).

In the built HTML (--html), every relative href and src must resolve to a file, and a
fragment in a link to a page must be an id of that page.

Prints file:line: message for each problem and exits 1 if there is any.
"""
import argparse
import html
import html.parser
import os
import re
import sys
import urllib.parse

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
BOOK_SRC = os.path.join(ROOT, 'docs', 'book', 'src')
README = os.path.join(ROOT, 'README.md')
# Folders outside the book that scripts/book.sh copies beside the built book.
PUBLISHED = [os.path.join(ROOT, 'docs', 'screenshots')]

problems = []


def problem(path, line, message):
    problems.append(f'{os.path.relpath(path, ROOT)}:{line}: {message}')


FENCE = re.compile(r'^\s*(```|~~~)')
INLINE_CODE = re.compile(r'(`+)(.+?)\1')
# [text](target "title") and ![alt](target); the target may be <in angle brackets>.
INLINE_LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)')
REF_DEF = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)')
HTML_ATTR = re.compile(r'<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*"([^"]*)"', re.I)
INCLUDE = re.compile(r'\{\{#(?:include|rustdoc_include)\s+([^}\s:]+)[^}]*\}\}')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')
SETEXT = re.compile(r'^(=+|-+)\s*$')
HEADING_ID = re.compile(r'\s*\{#([^}\s]+)[^}]*\}\s*$')


def lines_outside_code(text):
    """(line number, line) of the lines outside fenced code blocks, inline code blanked."""
    fence = None
    for number, line in enumerate(text.split('\n'), 1):
        m = FENCE.match(line)
        if fence:
            if m and line.strip().startswith(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield number, line


def strip_inline_code(line):
    return INLINE_CODE.sub(lambda m: ' ' * len(m.group(0)), line)


def heading_text(raw):
    """The text a heading shows: inline code kept, links and emphasis reduced to their text."""
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', raw)
    text = re.sub(r'<[^>]+>', '', text)
    text = re.sub(r'`+([^`]*)`+', r'\1', text)
    text = re.sub(r'(\*\*|__|\*|_)(\S(?:.*?\S)?)\1', r'\2', text)
    return html.unescape(text)


def normalize_id(text):
    out = []
    for ch in text:
        if ch.isalnum() or ch in '_-':
            out.append(ch.lower() if ch.isascii() else ch)
        elif ch.isspace():
            out.append('-')
    return ''.join(out)


_anchor_cache = {}


def anchors_of(path):
    """The ids mdBook gives the headings of a Markdown page."""
    if path in _anchor_cache:
        return _anchor_cache[path]
    with open(path, encoding='utf-8') as f:
        text = f.read()
    ids = set()
    counts = {}
    previous = None
    for _, line in lines_outside_code(text):
        m = HEADING.match(line)
        raw = None
        if m:
            raw = m.group(2)
        elif previous and previous.strip() and SETEXT.match(line) and not HEADING.match(previous):
            raw = previous.strip()
        previous = line
        if raw is None:
            continue
        explicit = HEADING_ID.search(raw)
        if explicit:
            ids.add(explicit.group(1))
            continue
        base = normalize_id(heading_text(raw))
        n = counts.get(base, 0)
        counts[base] = n + 1
        ids.add(base if n == 0 else f'{base}-{n}')
    # Raw HTML anchors (<a id="..."> / <a name="...">) count too.
    for m in re.finditer(r'<a\b[^>]*\b(?:id|name)\s*=\s*"([^"]+)"', text):
        ids.add(m.group(1))
    _anchor_cache[path] = ids
    return ids


def is_external(target):
    return bool(re.match(r'^[a-zA-Z][a-zA-Z0-9+.-]*:', target)) or target.startswith('//')


def inside(path, folder):
    return os.path.commonpath([path, folder]) == folder


def check_target(page, number, target, in_book):
    if target.startswith('<') and target.endswith('>'):
        target = target[1:-1]
    if not target or is_external(target):
        return
    if target.startswith('/'):
        problem(page, number, f'{target}: an absolute path; name the file relative to the page')
        return
    path_part, _, fragment = target.partition('#')
    path_part = urllib.parse.unquote(path_part.split('?', 1)[0])
    fragment = urllib.parse.unquote(fragment)
    if path_part:
        resolved = os.path.normpath(os.path.join(os.path.dirname(page), path_part))
    else:
        resolved = page
    if not os.path.exists(resolved):
        problem(page, number, f'{target}: no such file ({os.path.relpath(resolved, ROOT)})')
        return
    if not inside(resolved, ROOT):
        problem(page, number, f'{target}: outside the repository')
        return
    if in_book and not inside(resolved, BOOK_SRC):
        if not any(inside(resolved, p) for p in PUBLISHED):
            published = ', '.join(os.path.relpath(p, ROOT) + '/' for p in PUBLISHED)
            problem(page, number, f'{target}: leaves the book, and only {published} is put '
                    'beside the built book; name the file in `code`, or {{#include}} it')
            return
    if fragment:
        if resolved.endswith('.md') and os.path.isfile(resolved):
            if fragment not in anchors_of(resolved):
                problem(page, number, f'{target}: no heading makes #{fragment} in '
                        f'{os.path.relpath(resolved, ROOT)}')
        elif os.path.isdir(resolved):
            problem(page, number, f'{target}: a fragment on a folder')


def check_markdown(page, in_book):
    with open(page, encoding='utf-8') as f:
        text = f.read()
    for number, line in lines_outside_code(text):
        for m in INCLUDE.finditer(line):
            included = os.path.normpath(os.path.join(os.path.dirname(page), m.group(1)))
            if not os.path.isfile(included):
                problem(page, number, f'{{{{#include {m.group(1)}}}}}: no such file')
        code_free = strip_inline_code(line)
        for m in INLINE_LINK.finditer(code_free):
            check_target(page, number, m.group(1), in_book)
        m = REF_DEF.match(code_free)
        if m:
            check_target(page, number, m.group(1), in_book)
        for m in HTML_ATTR.finditer(code_free):
            check_target(page, number, html.unescape(m.group(1)), in_book)


def check_summary(pages):
    summary = os.path.join(BOOK_SRC, 'SUMMARY.md')
    if not os.path.isfile(summary):
        problem(summary, 1, 'missing')
        return
    listed = set()
    with open(summary, encoding='utf-8') as f:
        for number, line in lines_outside_code(f.read()):
            for m in INLINE_LINK.finditer(line):
                target = m.group(1).strip('<>')
                if not target:
                    continue  # a draft chapter
                path = os.path.normpath(os.path.join(BOOK_SRC, target.split('#')[0]))
                if not os.path.isfile(path):
                    problem(summary, number, f'{target}: no such page')
                listed.add(path)
    for page in pages:
        if os.path.basename(page) != 'SUMMARY.md' and page not in listed:
            problem(page, 1, 'not listed in SUMMARY.md (mdbook would leave it out)')


class _Refs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.refs = []
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == 'id' and value:
                self.ids.add(value)
            if value and ((name == 'href' and tag in ('a', 'link')) or
                          (name == 'src' and tag in ('img', 'script', 'source'))):
                self.refs.append((self.getpos()[0], value))


_html_ids = {}


def html_ids(path):
    if path not in _html_ids:
        parser = _Refs()
        with open(path, encoding='utf-8') as f:
            parser.feed(f.read())
        _html_ids[path] = parser.ids
    return _html_ids[path]


def check_html(out):
    out = os.path.abspath(out)
    for folder, dirs, files in os.walk(out):
        # mdbook's own assets (fonts, highlight.js, the search index) are not ours to check.
        dirs[:] = [d for d in dirs if d not in ('FontAwesome', 'fonts', 'css')]
        for name in files:
            if not name.endswith('.html'):
                continue
            page = os.path.join(folder, name)
            parser = _Refs()
            with open(page, encoding='utf-8') as f:
                parser.feed(f.read())
            for number, ref in parser.refs:
                if is_external(ref) or ref.startswith('#') and name == 'print.html':
                    continue
                path_part, _, fragment = ref.partition('#')
                path_part = urllib.parse.unquote(path_part.split('?', 1)[0])
                if not path_part:
                    target = page
                elif path_part.startswith('/'):
                    problems.append(f'{page}:{number}: {ref}: an absolute path')
                    continue
                else:
                    target = os.path.normpath(os.path.join(folder, path_part))
                if os.path.isdir(target):
                    target = os.path.join(target, 'index.html')
                if not os.path.exists(target):
                    problems.append(f'{os.path.relpath(page, out)}:{number}: {ref}: does not resolve '
                                    'in the built book')
                elif fragment and target.endswith('.html') and \
                        urllib.parse.unquote(fragment) not in html_ids(target):
                    problems.append(f'{os.path.relpath(page, out)}:{number}: {ref}: no id '
                                    f'#{fragment} in {os.path.relpath(target, out)}')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--html', metavar='DIR', help='also check the book built in DIR')
    args = parser.parse_args()

    pages = []
    for folder, _, files in os.walk(BOOK_SRC):
        pages += [os.path.join(folder, n) for n in files if n.endswith('.md')]
    pages.sort()
    for page in pages:
        check_markdown(page, in_book=True)
    check_summary(pages)
    check_markdown(README, in_book=False)
    if args.html:
        check_html(args.html)

    for p in problems:
        print(p)
    what = f'{len(pages)} pages and README.md' + (f', and the HTML in {args.html}' if args.html else '')
    if problems:
        print(f'check_book: {len(problems)} broken link(s) in {what}', file=sys.stderr)
        return 1
    print(f'check_book: {what}: every link resolves')
    return 0


if __name__ == '__main__':
    sys.exit(main())
