#!/usr/bin/env python3
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
"""layers.py - checks that a folder of PACC's sources keeps the layers that
doc/design.md draws.

    layers.py --doc doc/design.md --part libpacc --srcdir libpacc OBJ...
    layers.py --self-test [--cc CC]

The design page holds, for each part (libpacc, plugin), a table between
the lines `<!-- layers: PART -->` and `<!-- end layers -->`: one row per
line, top to bottom, naming the part's files (.c, .cc, .h, .def); a line
that names no file is decoration.  The checks, each printed as a DejaGnu
PASS: or FAIL: line (tool pacc.layers):

  - every source file of the folder is in the table, and every file of the
    table exists;
  - the symbol graph of the objects OBJ (.o, or libtool .lo): an arrow from
    A to B when A uses a symbol that B alone defines (nm).  It has no
    cycle, and every arrow goes to a lower row;
  - the include graph of the folder's files (#include "..."): no cycle, and
    every include goes to the same row or a lower one;
  - no file is longer than --max-lines (default 800).

Exit status 0 when everything passed, 1 otherwise, 2 on bad usage.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

SOURCE_EXT = ('.c', '.cc', '.h', '.def')
FILE_RE = re.compile(r'^[A-Za-z0-9_.+-]+\.(c|cc|h|def)$')
STRONG = set('TDBRGSC')
UNDEF = set('Uwv')


class Report:
    def __init__(self, tool, part):
        self.tool, self.part, self.fails, self.passes = tool, part, 0, 0

    def check(self, ok, what, detail=()):
        tag = 'PASS' if ok else 'FAIL'
        print('%s: %s: %s: %s' % (tag, self.tool, self.part, what))
        for line in detail:
            print('    ' + line)
        if ok:
            self.passes += 1
        else:
            self.fails += 1


def read_table(doc, part):
    """Rows of PART's table in DOC: a list of lists of file names, top
    first; None when the table is missing."""
    rows, inside = [], False
    with open(doc, encoding='utf-8') as f:
        for line in f:
            s = line.strip()
            if s == '<!-- layers: %s -->' % part:
                inside = True
                continue
            if inside and s == '<!-- end layers -->':
                return rows
            if inside:
                files = [t for t in re.split(r'[\s,|]+', s) if FILE_RE.match(t)]
                if files:
                    rows.append(files)
    return None


def object_path(obj):
    """The PIC object of a libtool .lo, or OBJ itself."""
    if not obj.endswith('.lo'):
        return obj
    with open(obj, encoding='utf-8') as f:
        for line in f:
            m = re.match(r"pic_object='(.*)'", line.strip())
            if m and m.group(1) != 'none':
                return os.path.join(os.path.dirname(obj), m.group(1))
    return obj[:-3] + '.o'


def object_source(obj, srcdir):
    """The source file (basename) an object was built from: automake names
    them PREFIX_la-STEM.o (per-target flags) or STEM.o."""
    stem = os.path.basename(obj)
    stem = stem[:stem.rindex('.')]
    if '_la-' in stem:
        stem = stem.split('_la-', 1)[1]
    for ext in ('.c', '.cc'):
        if os.path.exists(os.path.join(srcdir, stem + ext)):
            return stem + ext
    return None


def nm_symbols(path, nm):
    """(defined strongly, used) symbol sets of an object file."""
    out = subprocess.run([nm, '-P', path], check=True, capture_output=True,
                         text=True).stdout
    defs, uses = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) < 2:
            continue
        if f[1] in STRONG:
            defs.add(f[0])
        elif f[1] in UNDEF:
            uses.add(f[0])
    return defs, uses


def find_cycle(nodes, edges):
    """A cycle of the graph (a list of nodes, first repeated last), or
    None.  EDGES: node -> set of nodes."""
    color = {n: 0 for n in nodes}
    stack = []

    def visit(n):
        color[n] = 1
        stack.append(n)
        for m in sorted(edges.get(n, ())):
            if color.get(m, 2) == 1:
                return stack[stack.index(m):] + [m]
            if color.get(m) == 0:
                c = visit(m)
                if c:
                    return c
        stack.pop()
        color[n] = 2
        return None

    for n in sorted(nodes):
        if color[n] == 0:
            c = visit(n)
            if c:
                return c
    return None


def demangle(names):
    try:
        out = subprocess.run(['c++filt'], input='\n'.join(names),
                             capture_output=True, text=True, check=True)
        return out.stdout.split('\n')[:len(names)]
    except (OSError, subprocess.CalledProcessError):
        return names


def includes(path, known):
    res = []
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if m and os.path.basename(m.group(1)) in known:
                res.append(os.path.basename(m.group(1)))
    return res


def check_part(doc, part, srcdir, objs, max_lines, nm, tool='pacc.layers'):
    rep = Report(tool, part)
    rows = read_table(doc, part)
    if rows is None:
        rep.check(False, 'a layer table in %s' % doc,
                  ['no "<!-- layers: %s -->" ... "<!-- end layers -->" block'
                   % part])
        return rep
    row = {}
    for i, files in enumerate(rows):
        for f in files:
            row[f] = i
    present = sorted(f for f in os.listdir(srcdir) if f.endswith(SOURCE_EXT))
    missing = [f for f in present if f not in row]
    stale = sorted(f for f in row if f not in present)
    rep.check(not missing, 'every file of %s/ is in the layer table'
              % part, ['not in the table: ' + ' '.join(missing)]
              if missing else [])
    rep.check(not stale, 'every file of the layer table exists',
              ['no such file: ' + ' '.join(stale)] if stale else [])

    # Symbols.
    provides, uses, seen = {}, {}, []
    for obj in objs:
        src = object_source(obj, srcdir)
        if not src:
            rep.check(False, 'object %s has a source in %s/' % (obj, part))
            continue
        defs, used = nm_symbols(object_path(obj), nm)
        seen.append(src)
        uses[src] = used
        for d in defs:
            provides.setdefault(d, []).append(src)
    edges, names = {}, {}
    for src in seen:
        for sym in uses[src]:
            owners = provides.get(sym, [])
            if len(owners) == 1 and owners[0] != src:
                edges.setdefault(src, set()).add(owners[0])
                names.setdefault((src, owners[0]), []).append(sym)
    rep.check(bool(seen), 'objects to check (%d)' % len(seen))
    cycle = find_cycle(seen, edges)
    rep.check(cycle is None, 'no cycle in the symbol graph of %d objects'
              % len(seen),
              ['cycle: ' + ' -> '.join(cycle)] if cycle else [])
    for src in sorted(seen):
        bad = []
        for dst in sorted(edges.get(src, ())):
            if row.get(dst, -1) <= row.get(src, -1):
                syms = demangle(sorted(names[(src, dst)])[:4])
                bad.append('%s uses %s (%s), which is not on a lower row'
                           % (src, dst, ', '.join(syms)))
        rep.check(not bad and src in row,
                  '%s uses only files on lower rows' % src, bad)

    # Includes.
    inc = {f: includes(os.path.join(srcdir, f), set(present))
           for f in present}
    iedges = {f: set(v) for f, v in inc.items()}
    cycle = find_cycle(present, iedges)
    rep.check(cycle is None, 'no cycle in the include graph',
              ['cycle: ' + ' -> '.join(cycle)] if cycle else [])
    for f in present:
        bad = ['%s includes %s, on a higher row' % (f, h) for h in inc[f]
               if f in row and h in row and row[h] < row[f]]
        rep.check(not bad, '%s includes only its row and lower' % f, bad)

    # Size.
    for f in present:
        with open(os.path.join(srcdir, f), encoding='utf-8',
                  errors='replace') as fh:
            n = sum(1 for _ in fh)
        rep.check(n <= max_lines, '%s has %d lines (at most %d)'
                  % (f, n, max_lines))
    return rep


def self_test(cc, nm):
    """The checker finds what it must: a cycle, an arrow upwards, an
    include upwards, a file missing from the table."""
    ok = True
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, 'src')
        os.mkdir(src)

        def write(name, text):
            with open(os.path.join(src, name), 'w') as f:
                f.write(text)

        def build(name):
            o = os.path.join(d, 'x_la-' + name[:-2] + '.o')
            subprocess.run([cc, '-c', '-o', o, os.path.join(src, name)],
                           check=True)
            return o

        doc = os.path.join(d, 'design.md')
        with open(doc, 'w') as f:
            f.write('<!-- layers: t -->\n```\ntop   a.c a.h\n------\n'
                    'bottom b.c b.h\n```\n<!-- end layers -->\n')
        write('a.h', '#include "b.h"\nint a (void);\n')
        write('b.h', 'int b (void);\n')
        write('a.c', '#include "a.h"\nint a (void) { return b (); }\n')
        write('b.c', '#include "b.h"\nint b (void) { return 1; }\n')
        objs = [build('a.c'), build('b.c')]

        def run(label, expect_fail, want):
            nonlocal ok
            import io
            import contextlib
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                r = check_part(doc, 't', src, objs, 800, nm)
            out = buf.getvalue()
            good = (r.fails > 0) == expect_fail and all(w in out for w in want)
            print('%s: pacc.layers: self-test: %s' % ('PASS' if good
                                                      else 'FAIL', label))
            if not good:
                print('    ' + out.replace('\n', '\n    '))
            ok = ok and good

        run('a layered tree passes', False, [])
        write('b.c', '#include "b.h"\nint a (void);\n'
              'int b (void) { return a (); }\n')
        objs[1] = build('b.c')
        run('a call cycle is found', True,
            ['FAIL: pacc.layers: t: no cycle in the symbol graph',
             'b.c uses a.c'])
        write('b.c', '#include "b.h"\nint b (void) { return 1; }\n')
        objs[1] = build('b.c')
        write('b.h', '#include "a.h"\nint b (void);\n')
        run('an include upwards and an include cycle are found', True,
            ['b.h includes a.h, on a higher row',
             'FAIL: pacc.layers: t: no cycle in the include graph'])
        write('b.h', 'int b (void);\n')
        write('c.h', 'int c;\n')
        run('a file missing from the table is found', True,
            ['not in the table: c.h'])
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--doc')
    ap.add_argument('--part')
    ap.add_argument('--srcdir')
    ap.add_argument('--max-lines', type=int, default=800)
    ap.add_argument('--nm', default=os.environ.get('NM', 'nm'))
    ap.add_argument('--cc', default=os.environ.get('CC', 'cc'))
    ap.add_argument('--self-test', action='store_true')
    ap.add_argument('objects', nargs='*')
    a = ap.parse_args()
    if a.self_test:
        sys.exit(0 if self_test(a.cc.split()[0], a.nm) else 1)
    if not (a.doc and a.part and a.srcdir):
        ap.error('--doc, --part and --srcdir are needed')
    rep = check_part(a.doc, a.part, a.srcdir, a.objects, a.max_lines, a.nm)
    sys.exit(1 if rep.fails else 0)


if __name__ == '__main__':
    main()
