#!/usr/bin/env python3
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# check-doc.py - the manual (doc/pacc.texi) and the man page (doc/pacc.7)
# kept in step with the code.  Prints DejaGnu PASS:/FAIL:/UNSUPPORTED:
# lines and exits 1 on a FAIL.
#
#   check-doc.py --srcdir DIR [--texi FILE] [--man FILE] [--self-test]
#
# What it reads from the sources (C and C++, tokenised: comments do not
# count, string literals are joined as the compiler joins them):
#
#   - the environment: every string literal that reaches getenv, directly
#     or through the functions that pass a parameter on to it (settings.c's
#     get, positive, digit, bytes, found by following the parameters, not
#     by their names), in libpacc/ and plugin/;
#   - the plugin options: the keys that plugin_init compares
#     info->argv[i].key with (strcmp (....key, "NAME"));
#   - the directives and clauses: the names parse-pragma.cc compares a
#     directive name with, the peek_is_name keywords, and the clause
#     tables (names[] = { ... }) of parse-clauses.cc;
#   - the messages: every format string that reaches a diagnostic
#     function: in libpacc pacc_error, pacc_warning, pacc_note,
#     pacc_internal_error; in the plugin GCC's error, error_at, warning,
#     warning_at, inform, sorry, sorry_at, fatal_error, pedwarn, permerror
#     and diagnostic_set_info; vsnprintf and vfprintf; and, found the same
#     way as for getenv, every function that passes a parameter on as the
#     format of one of these (vmessage, unusable, parse_error,
#     kernel_error, ...).  Also libpacc's snprintf formats of two words or
#     more: pieces of messages built in a buffer (the planner's advice,
#     the names of failed operations).
#
# What it checks:
#   (a) every variable the code reads has an @item in the manual's chapter
#       "Environment variables" and a .TP/.B entry in the man page's
#       ENVIRONMENT or TUNING AND TESTING; no macro of libpacc/ or plugin/
#       has a variable's name; every variable either one lists
#       is read; the man page's ENVIRONMENT lists the variables of the
#       manual's section "User settings", no more, no fewer (the two
#       tiers agree); every PACC_*
#       name anywhere in the manual is read by libpacc or is a build or
#       testsuite variable (it occurs in configure.ac, Makefile.am,
#       bootstrap.sh, testsuite/ or benchmarks/);
#   (b) every plugin option (a key plugin_init compares with strcmp, or
#       a row of plugin/options.cc's pacc_option_table) is an @item of the
#       chapter "Plugin options" and an entry of the man page's PLUGIN
#       OPTIONS, and both name no other option; the rows marked
#       FOR_MEASUREMENTS are those after the manual's "@subheading Options
#       for measurements" and after the man page's .SS "For measurements";
#   (c) every directive, directive keyword and clause is in the chapter
#       "Directives" (as @code{NAME...}) and in the man page's DIRECTIVES;
#   (d) every message matches one @samp{...} of the chapters "Diagnostics"
#       and "The report": both sides cut at their variable parts (a format
#       directive such as %qD or %zu; an @var{...}), neighbouring variable
#       parts merged, quotes (%< %> ` ' and the typographic ones) made one,
#       spaces collapsed; then the literal pieces must be equal, in order.
#       A message that no sample matches is a FAIL naming FILE:LINE and
#       the text.  Internal errors are checked like the others (the manual
#       lists them, with the one remedy: report the bug).  The other way
#       round, every "@item @samp{...}" of those chapters must be a
#       message the sources print (no stale message);
#   (e) the man page's .TH names the version of configure.ac's AC_INIT;
#   (f) makeinfo reads the manual (Info and HTML) without a warning;
#   (g) groff renders the man page with -ww without a warning.
# (f) and (g) print UNSUPPORTED when the program is missing.  Each check
# also fails when it finds nothing to check (no variable, option, clause
# or message found in the sources).
#
# --self-test: every check must fail on a copy of the manual or the man
# page with one item removed, added or spoilt (a message must not match a
# sample with a word changed), and the source scanning must find the
# variables, options and messages of a small tree of its own through
# wrappers and not in comments; it prints one PASS or FAIL per case.
# --list env|options|directives|messages prints what the sources hold.

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

# --------------------------------------------------------------------------
# C and C++ sources.
# --------------------------------------------------------------------------

TOKEN = re.compile(r'''
    (?P<ws>(?:\s|\\\n)+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<str>(?:u8|[uUL])?"(?:[^"\\\n]|\\.)*")
  | (?P<chr>(?:[uUL])?'(?:[^'\\\n]|\\.)*')
  | (?P<id>[A-Za-z_]\w*)
  | (?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)
  | (?P<op>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||::|\#\#|.)
''', re.S | re.X)

C_ESCAPES = {'n': '\n', 't': '\t', '"': '"', "'": "'", '\\': '\\', 'a': '',
             'r': '', '0': ''}


def c_string(tok):
    """The text of string literal TOK."""
    body = tok[tok.index('"') + 1:-1]
    return re.sub(r'\\(.)', lambda m: C_ESCAPES.get(m.group(1), m.group(1)),
                  body)


class Source:
    """A C or C++ file as tokens, with its function definitions."""

    def __init__(self, path, top):
        self.path = path
        self.rel = os.path.relpath(path, top)
        text = open(path, encoding='utf-8', errors='replace').read()
        self.toks = []
        pos, line = 0, 1
        while pos < len(text):
            m = TOKEN.match(text, pos)
            kind = m.lastgroup
            if kind not in ('ws', 'comment'):
                self.toks.append((kind, m.group(), line))
            line += m.group().count('\n')
            pos = m.end()
        self.match = self._matching()
        self.functions = self._functions()

    def _matching(self):
        """Index of the closing bracket of every opening one."""
        match, stack = {}, []
        pairs = {')': '(', ']': '[', '}': '{'}
        for i, (k, v, _) in enumerate(self.toks):
            if k != 'op':
                continue
            if v in '([{':
                stack.append(i)
            elif v in pairs:
                while stack and self.toks[stack[-1]][1] != pairs[v]:
                    stack.pop()
                if stack:
                    match[stack.pop()] = i
        return match

    def _functions(self):
        """(name, [parameter names], first body token, end) of every
        function definition: NAME ( ... ) [const|noexcept|...] { at the
        outermost level (or in a namespace or extern "C" block)."""
        out = []
        t = self.toks
        i = 0
        while i < len(t):
            k, v, _ = t[i]
            if (k == 'id' and i + 1 < len(t) and t[i + 1][1] == '('
                    and i + 1 in self.match):
                close = self.match[i + 1]
                j = close + 1
                while j < len(t) and t[j][0] == 'id' and t[j][1] in (
                        'const', 'noexcept', 'override', 'final'):
                    j += 1
                if j < len(t) and t[j][1] == '{' and j in self.match:
                    params = []
                    for arg in self.split_args(i + 1):
                        ids = [x for x in arg if t[x][0] == 'id']
                        params.append(t[ids[-1]][1] if ids else None)
                    out.append((v, params, j + 1, self.match[j]))
                    i = self.match[j] + 1
                    continue
            i += 1
        return out

    def split_args(self, open_paren):
        """The arguments of the call whose '(' is at OPEN_PAREN, as lists
        of token indices."""
        args, cur = [], []
        i, end = open_paren + 1, self.match[open_paren]
        while i < end:
            v = self.toks[i][1]
            if self.toks[i][0] == 'op' and v in '([{' and i in self.match:
                cur.extend(range(i, self.match[i] + 1))
                i = self.match[i] + 1
                continue
            if self.toks[i][0] == 'op' and v == ',':
                args.append(cur)
                cur = []
            else:
                cur.append(i)
            i += 1
        if cur or args:
            args.append(cur)
        return args

    def calls(self, lo=0, hi=None):
        """(name, open paren index) of every call between LO and HI."""
        hi = len(self.toks) if hi is None else hi
        t = self.toks
        for i in range(lo, hi - 1):
            if (t[i][0] == 'id' and t[i + 1][1] == '(' and i + 1 in self.match
                    and not (i > 0 and t[i - 1][1] in ('.', '->')
                             and t[i][1] in ('error', 'warning'))):
                yield t[i][1], i + 1

    def literals(self, arg):
        """Each run of adjacent string literals in ARG (token indices) as
        (text, line)."""
        out, run, line = [], [], 0
        for x in arg + [None]:
            if x is not None and self.toks[x][0] == 'str':
                if not run:
                    line = self.toks[x][2]
                run.append(c_string(self.toks[x][1]))
            elif run:
                out.append((''.join(run), line))
                run = []
        return out


def sources(top, dirs, exts=('c', 'h', 'cc')):
    out = []
    for d in dirs:
        for e in exts:
            out += glob.glob(os.path.join(top, d, '*.' + e))
    return [Source(f, top) for f in sorted(out)]


def sinks_closure(srcs, base):
    """BASE, {(function, argument index)}, with every function that passes
    one of its parameters on, unchanged, at a sink position."""
    sinks = set(base)
    changed = True
    while changed:
        changed = False
        for s in srcs:
            for name, params, lo, hi in s.functions:
                for callee, op in s.calls(lo, hi):
                    args = s.split_args(op)
                    for (f, n) in list(sinks):
                        if f != callee or n >= len(args) or len(args[n]) != 1:
                            continue
                        tok = s.toks[args[n][0]]
                        if tok[0] == 'id' and tok[1] in params:
                            new = (name, params.index(tok[1]))
                            if new not in sinks:
                                sinks.add(new)
                                changed = True
    return sinks


def sink_literals(srcs, sinks):
    """(file:line, text, function) of the string literals passed at a sink
    position."""
    out = []
    by_name = {}
    for f, n in sinks:
        by_name.setdefault(f, set()).add(n)
    for s in srcs:
        for callee, op in s.calls():
            if callee not in by_name:
                continue
            args = s.split_args(op)
            for n in by_name[callee]:
                if n < len(args):
                    for text, line in s.literals(args[n]):
                        out.append(('%s:%d' % (s.rel, line), text, callee))
    return out


def env_vars(top):
    """{name: first file:line} of the environment variables the code
    reads."""
    srcs = sources(top, ['libpacc', 'plugin'])
    sinks = sinks_closure(srcs, {('getenv', 0), ('secure_getenv', 0)})
    out = {}
    for where, text, _ in sink_literals(srcs, sinks):
        out.setdefault(text, where)
    return out


def option_table(top):
    """{NAME: (file:line, tier)} of the rows of the plugin's option table
    (plugin/options.cc: { "key", ..., FOR_USERS or FOR_MEASUREMENTS })."""
    out = {}
    for s in sources(top, ['plugin'], ('cc',)):
        text = open(s.path, encoding='utf-8', errors='replace').read()
        m = re.search(r'\bpacc_option_table\s*\[\s*\]\s*=\s*\{', text)
        if not m:
            continue
        body = text[m.end():text.index('};', m.end())]
        for r in re.finditer(r'\{\s*"([a-z0-9-]+)".*?\b(FOR_USERS|'
                             r'FOR_MEASUREMENTS)\b', body, re.S):
            line = text.count('\n', 0, m.end() + r.start()) + 1
            out.setdefault(r.group(1), ('%s:%d' % (s.rel, line),
                                        r.group(2)))
    return out


def plugin_options(top):
    """{NAME: file:line} of the keys plugin_init compares argv[i].key
    with, and of the rows of the option table."""
    out = {k: w for k, (w, _) in option_table(top).items()}
    for s in sources(top, ['plugin'], ('cc',)):
        for callee, op in s.calls():
            if callee != 'strcmp':
                continue
            args = s.split_args(op)
            if len(args) != 2:
                continue
            if any(s.toks[x][1] == 'key' for x in args[0]):
                for text, line in s.literals(args[1]):
                    out.setdefault(text, '%s:%d' % (s.rel, line))
    return out


def directive_words(top):
    """{NAME: file:line}: directive names, keywords and clause names the
    parser accepts."""
    out = {}
    for s in sources(top, ['plugin'], ('cc',)):
        if not os.path.basename(s.path).startswith('parse-'):
            continue
        t = s.toks
        for callee, op in s.calls():
            args = s.split_args(op)
            if callee == 'strcmp' and len(args) == 2 and any(
                    t[x][1] == 'name' for x in args[0]):
                for text, line in s.literals(args[1]):
                    out.setdefault(text, '%s:%d' % (s.rel, line))
            if callee == 'peek_is_name' and len(args) == 2:
                for text, line in s.literals(args[1]):
                    out.setdefault(text, '%s:%d' % (s.rel, line))
        # static const char *const names[N] = { "a", "b", ... };
        for i in range(len(t) - 3):
            if (t[i][1] == 'names' and t[i + 1][1] == '['
                    and i + 1 in s.match):
                j = s.match[i + 1] + 1
                if j + 1 < len(t) and t[j][1] == '=' and t[j + 1][1] == '{':
                    for x in range(j + 2, s.match.get(j + 1, j + 1)):
                        if t[x][0] == 'str':
                            out.setdefault(c_string(t[x][1]),
                                           '%s:%d' % (s.rel, t[x][2]))
    return out


DIAG_LIBPACC = {('pacc_error', 1), ('pacc_warning', 1), ('pacc_note', 1),
                ('pacc_internal_error', 1), ('vsnprintf', 2),
                ('vfprintf', 1), ('vprintf', 0)}
DIAG_PLUGIN = {('error', 0), ('error_at', 1), ('warning', 1),
               ('warning_at', 2), ('inform', 1), ('sorry', 0),
               ('sorry_at', 1), ('fatal_error', 1), ('pedwarn', 2),
               ('permerror', 1), ('diagnostic_set_info', 1)}


def words(text):
    return re.findall(r'[A-Za-z]{2,}', re.sub(r'%[-+ #0-9.]*[a-zA-Z]+', ' ',
                                              text))


def messages(top):
    """(file:line, format) of every message of the sources."""
    out = []
    lib = sources(top, ['libpacc'])
    for where, text, _ in sink_literals(lib, sinks_closure(lib, DIAG_LIBPACC)):
        out.append((where, text))
    # Pieces of messages built in a buffer.
    for where, text, _ in sink_literals(lib, {('snprintf', 2)}):
        if len(words(text)) >= 2:
            out.append((where, text))
    plug = sources(top, ['plugin'], ('cc', 'h'))
    for where, text, _ in sink_literals(plug, sinks_closure(plug, DIAG_PLUGIN)):
        out.append((where, text))
    seen, uniq = set(), []
    for where, text in out:
        if ((where, text) not in seen
                and ''.join(pieces_of_format(text)).strip(" '.,;:")):
            seen.add((where, text))
            uniq.append((where, text))
    return uniq


# --------------------------------------------------------------------------
# Messages and samples, cut into their literal pieces.
# --------------------------------------------------------------------------

VAR = '\x00'
QUOTES = re.compile('[`\'\u2018\u2019]')


def pieces(text):
    """TEXT (VAR marking the variable parts) as the tuple of its literal
    pieces: quotes made one, spaces collapsed, neighbouring variable
    parts merged."""
    text = QUOTES.sub("'", text)
    text = ' '.join(text.split())
    text = re.sub(VAR + r'(?:\s*' + VAR + ')+', VAR, text)
    return tuple(text.split(VAR))


def pieces_of_format(fmt):
    """A printf or GCC diagnostic format as pieces (see pieces)."""
    t = fmt.replace('%<', "'").replace('%>', "'").replace("%'", "'")
    # GCC's %qs, %qD, %qE...: the value between quotes.
    t = re.sub(r'%%|%(q?)(?:[-+ #0-9.*])*(?:hh|h|ll|l|L|z|j|t|w)?'
               r'[diouxXeEfFgGaAcspCDEFTVH]',
               lambda m: '%' if m.group() == '%%'
               else "'" + VAR + "'" if m.group(1) else VAR, t)
    return pieces(t)


def texi_text(t):
    """Texinfo markup of a sample to plain text, @var{...} to VAR."""
    t = re.sub(r'@var\{[^{}]*\}', VAR, t)
    t = re.sub(r'@dots\{\}', '...', t)
    t = re.sub(r'@(?:code|samp|r|t|w|env|file|option|command)\{([^{}]*)\}',
               r'\1', t)
    t = t.replace('@@', '@').replace('@{', '{').replace('@}', '}')
    t = t.replace('@comma{}', ',').replace('@ ', ' ').replace('@*', ' ')
    return t


def braced(t, start):
    """The text inside the braces that open at START (t[start] == '{'),
    and the index after the closing one."""
    depth, i = 0, start
    while i < len(t):
        c = t[i]
        if c == '@' and i + 1 < len(t) and t[i + 1] in '@{}':
            i += 2
            continue
        if c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
            if depth == 0:
                return t[start + 1:i], i + 1
        i += 1
    return t[start + 1:], len(t)


def samples(chapter_text):
    """The @samp{...} of CHAPTER_TEXT as tuples of pieces."""
    out = set()
    for m in re.finditer(r'@samp\{', chapter_text):
        body, _ = braced(chapter_text, m.end() - 1)
        out.add(pieces(texi_text(body)))
    return out


def item_samples(chapter_text):
    """(line text, pieces) of the @item/@itemx lines that quote a message:
    "@item @samp{...}"."""
    out = []
    for m in re.finditer(r'^@itemx?\s+@samp\{', chapter_text, re.M):
        body, _ = braced(chapter_text, m.end() - 1)
        out.append((' '.join(texi_text(body).replace(VAR, '@var').split()),
                    pieces(texi_text(body))))
    return out


def chapters(texi):
    """{title: text} of the chapters, appendices and unnumbered parts."""
    out = {}
    parts = re.split(r'^@(?:chapter|appendix|unnumbered|top)\s+(.*)$', texi,
                     flags=re.M)
    for i in range(1, len(parts), 2):
        out[parts[i].strip()] = parts[i + 1]
    return out


def man_section(man, name):
    m = re.search(r'^\.SH "?' + re.escape(name) + r'"?\s*$(.*?)(?=^\.SH |\Z)',
                  man, re.S | re.M)
    return m.group(1) if m else ''


def man_unescape(t):
    t = re.sub(r'\\f[BIRP]|\\f\[[A-Z]*\]', '', t)
    return (t.replace('\\-', '-').replace('\\(en', '-').replace('\\&', '')
            .replace('\\%', ''))


def man_entries(section):
    """The first words of the .TP tags (.B, .BI, .I or plain) of SECTION."""
    out = set()
    lines = section.split('\n')
    for i, l in enumerate(lines):
        if l.startswith('.TP') and i + 1 < len(lines):
            tag = lines[i + 1]
            tag = re.sub(r'^\.(?:B|I|BI|BR|IR|IB|RB|RI)\s+', '', tag)
            tag = man_unescape(tag).strip().strip('"')
            if tag:
                out.add(tag.split()[0].split('=')[0])
    return out


# --------------------------------------------------------------------------
# The checks.
# --------------------------------------------------------------------------

def build_names(top):
    """PACC_* names of the build and the testsuite."""
    names = set()
    files = [os.path.join(top, f) for f in ('configure.ac', 'Makefile.am',
                                            'bootstrap.sh', 'pacc.pc.in')]
    for d in ('testsuite', 'benchmarks'):
        for root, _, fs in os.walk(os.path.join(top, d)):
            if os.path.join('testsuite', 'doc') in root:
                continue
            files += [os.path.join(root, f) for f in fs]
    for f in files:
        try:
            names |= set(re.findall(r'\bPACC_[A-Z0-9_]+',
                                    open(f, errors='replace').read()))
        except OSError:
            pass
    return names


def checks(top, texi_file, man_file, only=None):
    """[(ok, description)] of the checks (a)-(d)."""
    res = []
    texi = open(texi_file, encoding='utf-8').read()
    man = open(man_file, encoding='utf-8').read()
    ch = chapters(texi)

    def want(k):
        return only is None or k in only

    if want('env'):
        code = env_vars(top)
        env = ch.get('Environment variables', '')
        # @table @env: "@item NAME" (or "@item @env{NAME}").
        doc = set(re.findall(r'^@itemx?\s+(?:@env\{)?([A-Za-z_][A-Za-z0-9_]*)'
                             r'\}?\s*$', env, re.M))
        musers = man_entries(man_section(man, 'ENVIRONMENT'))
        mdoc = musers | man_entries(man_section(man, 'TUNING AND TESTING'))
        # The manual's "User settings" section: up to the next @node.
        u = re.search(r'^@section User settings$(.*?)(?=^@node |\Z)', env,
                      re.S | re.M)
        udoc = set(re.findall(r'^@itemx?\s+(?:@env\{)?([A-Za-z_][A-Za-z0-9_]*)'
                              r'\}?\s*$', u.group(1), re.M)) if u else set()
        res.append((bool(udoc) and udoc == musers,
                    'the man page\'s ENVIRONMENT lists the manual\'s user '
                    'settings (%s)' % ', '.join(sorted(udoc ^ musers)
                                                or ['they agree'])))
        res.append((len(code) >= 1, 'the sources read %d environment '
                    'variables' % len(code)))
        for v in sorted(code):
            res.append((v in doc, 'manual documents %s (read at %s)'
                        % (v, code[v])))
            res.append((v in mdoc, 'man page ENVIRONMENT lists %s' % v))
        for v in sorted(doc - set(code)):
            res.append((False, 'manual documents %s, which the code does '
                        'not read' % v))
        for v in sorted(mdoc - set(code)):
            res.append((False, 'man page lists %s, which the code does not '
                        'read' % v))
        # PACC_* names an environment variable only: no macro of the
        # sources may take a variable's name (planner.h's default of
        # PACC_LINK_MARGIN did).
        for s in sources(top, ['libpacc', 'plugin']):
            text = open(s.path, encoding='utf-8', errors='replace').read()
            for m in re.finditer(r'^\s*#\s*define\s+(PACC_[A-Z0-9_]+)\b',
                                 text, re.M):
                if m.group(1) in code:
                    res.append((False, '%s:%d: the macro %s has the name of '
                                'an environment variable: call it DEFAULT_'
                                '%s' % (s.rel, text.count('\n', 0, m.start())
                                        + 1, m.group(1), m.group(1)[5:])))
        known = set(code) | build_names(top)
        for v in sorted(set(re.findall(r'\bPACC_[A-Z0-9_]+\b', texi))
                        - known):
            res.append((False, 'manual names %s, which neither the code nor '
                        'the build reads' % v))

    if want('version'):
        ac = open(os.path.join(top, 'configure.ac')).read()
        v = re.search(r'AC_INIT\(\s*\[[^]]*\]\s*,\s*\[([^]]*)\]', ac)
        th = re.search(r'^\.TH\s+PACC\s+7\s+"[^"]*"\s+"PACC for GCC ([^"]*)"',
                       man, re.M)
        res.append((bool(v and th and v.group(1) == th.group(1)),
                    'man page .TH names version %s, configure.ac %s'
                    % (th.group(1) if th else '?', v.group(1) if v else '?')))

    if want('options'):
        code = plugin_options(top)
        sec = ch.get('Plugin options', '')
        # @table @option: "@item -fplugin-arg-pacc-NAME[=@var{N}]".
        doc = set(re.findall(r'^@itemx?\s+(?:@option\{)?-fplugin-arg-pacc-'
                             r'([a-z0-9-]*[a-z0-9])', sec.replace('@-', ''),
                             re.M))
        mdoc = {o[len('-fplugin-arg-pacc-'):] for o in
                man_entries(man_section(man, 'PLUGIN OPTIONS'))
                if o.startswith('-fplugin-arg-pacc-')}
        res.append((len(code) >= 1, 'the plugin takes %d options'
                    % len(code)))
        # The measurement tier: after the manual's subheading, after the
        # man page's .SS.
        tab = option_table(top)
        meas = {k for k, (_, t) in tab.items() if t == 'FOR_MEASUREMENTS'}
        h = re.search(r'^@subheading Options for measurements$', sec, re.M)
        tdoc = set(re.findall(r'^@itemx?\s+(?:@option\{)?-fplugin-arg-pacc-'
                              r'([a-z0-9-]*[a-z0-9])',
                              sec[h.end():].replace('@-', ''), re.M)) \
            if h else set()
        msec = man_section(man, 'PLUGIN OPTIONS')
        h = re.search(r'^\.SS "?For measurements"?$', msec, re.M)
        tman = {o[len('-fplugin-arg-pacc-'):] for o in
                man_entries(msec[h.end():]) if
                o.startswith('-fplugin-arg-pacc-')} if h else set()
        if tab:
            res.append((bool(meas) and tdoc == meas,
                        'the manual lists the options for measurements '
                        'apart (%s)' % ', '.join(sorted(tdoc ^ meas)
                                                 or ['as the table marks them'])))
            res.append((bool(meas) and tman == meas,
                        'the man page lists the options for measurements '
                        'apart (%s)' % ', '.join(sorted(tman ^ meas)
                                                 or ['as the table marks them'])))
        for o in sorted(code):
            res.append((o in doc, 'manual documents -fplugin-arg-pacc-%s '
                        '(parsed at %s)' % (o, code[o])))
            res.append((o in mdoc, 'man page documents -fplugin-arg-pacc-%s'
                        % o))
        for o in sorted((doc | mdoc) - set(code)):
            res.append((False, 'the docs name -fplugin-arg-pacc-%s, which '
                        'the plugin does not take' % o))

    if want('directives'):
        code = directive_words(top)
        sec = ch.get('Directives', '')
        msec = man_unescape(man_section(man, 'DIRECTIVES'))
        res.append((len(code) >= 5, 'the parser takes %d directive and '
                    'clause names' % len(code)))
        for w in sorted(code):
            res.append((re.search(r'@code\{(?:#pragma pacc )?(?:[a-z_ ]+ )?'
                                  + re.escape(w) + r'\b', sec) is not None,
                        'manual documents the directive word %s' % w))
            res.append((re.search(r'\b' + re.escape(w) + r'\b', msec)
                        is not None,
                        'man page DIRECTIVES names %s' % w))

    if want('messages'):
        msgs = messages(top)
        samp = samples(ch.get('Diagnostics', '') + ch.get('The report', ''))
        res.append((len(msgs) >= 100, 'the sources print %d messages'
                    % len(msgs)))
        missing = [(w, m) for w, m in msgs if pieces_of_format(m) not in samp]
        for w, m in missing:
            res.append((False, '%s: message not in the manual: "%s"'
                        % (w, ' '.join(m.split()))))
        res.append((not missing, 'the manual quotes all %d messages of the '
                    'sources (%d not)' % (len(msgs), len(missing))))
        # No stale message: every "@item @samp{...}" of these chapters is
        # printed by the sources.
        known = set(pieces_of_format(m) for _, m in msgs)
        items = item_samples(ch.get('Diagnostics', '')
                             + ch.get('The report', ''))
        stale = [x for x, p in items if p not in known]
        for x in stale:
            res.append((False, 'the manual quotes a message that the sources '
                        'do not print: "%s"' % x))
        res.append((len(items) >= 100 and not stale,
                    'all %d messages the manual quotes are printed by the '
                    'sources' % len(items)))
    return res


def version_dir():
    d = tempfile.mkdtemp()
    with open(os.path.join(d, 'version.texi'), 'w') as f:
        f.write('@set UPDATED 1 January 2026\n@set UPDATED-MONTH January '
                '2026\n@set EDITION 0\n@set VERSION 0\n')
    return d


def tools(texi_file, man_file, only=None):
    """[(ok, description)] of (e) and (f); None for a missing program."""
    res = []
    if only is None or 'makeinfo' in only:
        if shutil.which('makeinfo'):
            d = version_dir()
            for fmt in ('--info', '--html'):
                p = subprocess.run(['makeinfo', fmt, '--no-split', '-I', d,
                                    '-o', os.path.join(d, 'out'), texi_file],
                                   capture_output=True, text=True)
                err = p.stderr.strip()
                res.append((p.returncode == 0 and not err,
                            'makeinfo %s reads the manual without a warning%s'
                            % (fmt, '' if not err else ': '
                               + err.split('\n')[0])))
            shutil.rmtree(d)
        else:
            res.append((None, 'makeinfo'))
    if only is None or 'groff' in only:
        if shutil.which('groff'):
            p = subprocess.run(['groff', '-man', '-Tutf8', '-ww', '-z',
                                man_file], capture_output=True, text=True)
            err = p.stderr.strip()
            res.append((p.returncode == 0 and not err,
                        'groff renders the man page without a warning%s'
                        % ('' if not err else ': ' + err.split('\n')[0])))
        else:
            res.append((None, 'groff'))
    return res


def extraction_self_test():
    """The source scanning on a small tree of its own: wrappers followed,
    comments and non-format strings ignored."""
    d = tempfile.mkdtemp()
    os.makedirs(os.path.join(d, 'libpacc'))
    os.makedirs(os.path.join(d, 'plugin'))
    with open(os.path.join(d, 'libpacc', 'a.c'), 'w') as f:
        f.write('''
static const char *get (const char *name) { return getenv (name); }
static long num (const char *where, const char *name) { return !!get (name); }
static void say (const char *fmt, ...) { va_list ap; vmessage (0, "", fmt, ap); }
static void vmessage (const char *w, const char *what, const char *fmt,
                      va_list ap) { vsnprintf (line, 9, fmt, ap); }
/* getenv ("PACC_COMMENT"); pacc_error (0, "in a comment"); */
void f (void)
{
  num (0, "PACC_ONE");
  if (getenv ("OTHER_TWO")) pacc_warning (0, "two %s"
                                          " parts", "not a format");
  say (x ? "first %d" : "second %d", 1);
  snprintf (buf, 9, "#%d", 3);
  snprintf (buf, 9, "; some more words %s", "x");
}
''')
    with open(os.path.join(d, 'plugin', 'p.cc'), 'w') as f:
        f.write('''
static void kerr (ctx &c, location_t loc, const char *msg, tree d)
{ error_at (loc, msg, d); }
int plugin_init (struct plugin_name_args *info)
{
  if (!strcmp (info->argv[i].key, "alpha")) kerr (c, l, "%qD is bad", d);
  else error ("unknown %<-fplugin-arg-pacc-%s%>", info->argv[i].key);
}
static const struct option_row pacc_option_table[] = {
  { "beta", "N", 0, 1, &beta, "0 or 1", "on/off {x}\\n2nd line",
    FOR_MEASUREMENTS },
  { "gamma", NULL, 0, 0, &gamma, NULL, "a flag", FOR_USERS },
};
''')
    got_env = set(env_vars(d))
    got_opt = set(plugin_options(d))
    got_msg = sorted(m for _, m in messages(d))
    want_msg = sorted(['two %s parts', 'first %d', 'second %d',
                       '; some more words %s', '%qD is bad',
                       'unknown %<-fplugin-arg-pacc-%s%>'])
    got_tab = option_table(d)
    shutil.rmtree(d)
    ok = (got_env == {'PACC_ONE', 'OTHER_TWO'}
          and got_opt == {'alpha', 'beta', 'gamma'}
          and {k: t for k, (_, t) in got_tab.items()}
          == {'beta': 'FOR_MEASUREMENTS', 'gamma': 'FOR_USERS'}
          and got_msg == want_msg)
    print('%s: pacc.doc: self-test: the sources\' variables, options and '
          'messages are found through wrappers, not in comments' %
          ('PASS' if ok else 'FAIL'))
    if not ok:
        print('  env %s, options %s, messages %s' % (sorted(got_env),
                                                     sorted(got_opt), got_msg))
    return ok


def self_test(top, texi_file, man_file):
    """Each check fails on a spoilt copy."""
    texi = open(texi_file, encoding='utf-8').read()
    man = open(man_file, encoding='utf-8').read()
    env = sorted(env_vars(top))
    opts = sorted(plugin_options(top))
    msgs = messages(top)
    v, o = env[len(env) // 2], opts[-1]
    ch = chapters(texi)
    diag = ch.get('Diagnostics', '')
    # A message whose sample is an @item line: remove the line, or change
    # one of its words.
    w, m, line = None, None, None
    for w, m in msgs:
        for x in re.finditer(r'^@itemx? @samp\{.*\}$', diag, re.M):
            body, _ = braced(x.group(), x.group().index('{'))
            if pieces(texi_text(body)) == pieces_of_format(m):
                line = x.group()
                break
        if line and len(re.findall(r'[a-z]{4,}', m)) >= 2:
            break
        line = None
    word = max(re.findall(r'[a-z]{4,}', m), key=len)
    diag_without = diag.replace(line + '\n', '')
    diag_changed = diag.replace(line, line.replace(word, word[::-1], 1))
    env_ch = ch.get('Environment variables', '')
    cases = [
        ('env', 'a variable missing from the manual',
         texi.replace(env_ch, re.sub(r'^(@itemx?\s+)(@env\{)?' + v
                                     + r'\b', r'\1\2PACC_GONE', env_ch,
                                     flags=re.M)), man,
         'manual documents %s ' % v),
        ('env', 'a stale variable in the manual',
         texi.replace(env_ch, env_ch.replace(
             '@table @env\n', '@table @env\n@item PACC_NEVER\nno.\n', 1)),
         man, 'manual documents PACC_NEVER, which'),
        ('env', 'a variable missing from the man page', texi,
         re.sub(r'^(\.B\s+)' + v + r'$', r'\1PACC_GONE', man, flags=re.M),
         'man page ENVIRONMENT lists %s' % v),
        ('env', 'a stale variable in the man page', texi,
         man.replace('.SH ENVIRONMENT\n',
                     '.SH ENVIRONMENT\n.TP\n.B PACC_NEVER\nno.\n', 1),
         'man page lists PACC_NEVER, which'),
        ('env', 'a variable named but never read', texi.replace(
            '@chapter Overview\n', '@chapter Overview\nPACC_NOSUCH\n', 1), man,
         'manual names PACC_NOSUCH'),
        ('options', 'a plugin option missing from the manual',
         texi.replace('@item -fplugin-arg-pacc-' + o,
                      '@item -fplugin-arg-pacc-xx' + o), man,
         'manual documents -fplugin-arg-pacc-%s ' % o),
        ('options', 'a plugin option missing from the man page', texi,
         man.replace('fplugin\\-arg\\-pacc\\-' + o.replace('-', '\\-'),
                     'fplugin\\-arg\\-pacc\\-xx'),
         'man page documents -fplugin-arg-pacc-%s' % o),
        ('options', 'a stale plugin option', texi,
         man.replace('fplugin\\-arg\\-pacc\\-' + o.replace('-', '\\-'),
                     'fplugin\\-arg\\-pacc\\-xx'),
         'the docs name -fplugin-arg-pacc-xx'),
        ('env', 'a user setting in the man page\'s second tier', texi,
         man.replace('.TP 20n\n.B PACC_DEVICES\n', '', 1).replace(
             '.SH "TUNING AND TESTING"\n',
             '.SH "TUNING AND TESTING"\n.TP\n.B PACC_DEVICES\nx.\n', 1),
         'the man page\'s ENVIRONMENT lists the manual\'s user settings'),
        ('options', 'options for measurements among the users\' ones',
         texi.replace('@subheading Options for measurements\n', '', 1), man,
         'the manual lists the options for measurements apart'),
        ('options', 'options for measurements among the users\' ones in '
         'the man page', texi,
         man.replace('.SS "For measurements"\n', '', 1),
         'the man page lists the options for measurements apart'),
        ('directives', 'a clause missing from the manual',
         texi.replace('@code{targettemp', '@code{scratch'), man,
         'manual documents the directive word targettemp'),
        ('directives', 'a clause missing from the man page', texi,
         man.replace('targettemp', 'scratch'),
         'man page DIRECTIVES names targettemp'),
        ('version', 'a man page of another version', texi,
         re.sub(r'("PACC for GCC )[^"]*"', r'\g<1>9.9.9"', man, count=1),
         'man page .TH names version 9.9.9'),
        ('messages', 'a message missing from the manual',
         texi.replace(diag, diag_without), man,
         '%s: message not in the manual' % w),
        ('messages', 'a message quoted with a word changed',
         texi.replace(diag, diag_changed), man,
         '%s: message not in the manual' % w),
        ('messages', 'a message the sources do not print',
         texi.replace(diag, diag.replace(
             '@table @asis\n', '@table @asis\n@item @samp{printed by '
             'nobody}\nno.\n', 1)), man,
         'the manual quotes a message that the sources do not print'),
    ]
    d = tempfile.mkdtemp()
    ok = True
    tf, mf = os.path.join(d, 'pacc.texi'), os.path.join(d, 'pacc.7')
    for kind, what, tt, mm, expect in cases:
        open(tf, 'w', encoding='utf-8').write(tt)
        open(mf, 'w', encoding='utf-8').write(mm)
        bad = [x for good, x in checks(top, tf, mf, {kind}) if not good]
        hit = any(x.startswith(expect) for x in bad)
        print('%s: pacc.doc: self-test: %s is found' %
              ('PASS' if hit else 'FAIL', what))
        ok &= hit
    # The tools: a Texinfo error and a groff warning.
    spoilt = [('makeinfo', 'a Texinfo error', texi.replace(
        '@chapter Overview\n', '@chapter Overview\n@nosuchcommand\n', 1), man),
              ('groff', 'a groff warning', texi,
               man.replace('.SH DESCRIPTION\n', '.SH DESCRIPTION\n.nosuch\n',
                           1))]
    for kind, what, tt, mm in spoilt:
        open(tf, 'w', encoding='utf-8').write(tt)
        open(mf, 'w', encoding='utf-8').write(mm)
        r = tools(tf, mf, {kind})
        if r and r[0][0] is None:
            print('UNSUPPORTED: pacc.doc: self-test: %s' % r[0][1])
            continue
        hit = any(good is False for good, _ in r)
        print('%s: pacc.doc: self-test: %s is found' %
              ('PASS' if hit else 'FAIL', what))
        ok &= hit
    shutil.rmtree(d)
    return extraction_self_test() and ok


def main():
    ap = argparse.ArgumentParser(description='The manual and the man page '
                                 'against the code.')
    ap.add_argument('--srcdir', required=True, help='the source tree')
    ap.add_argument('--texi', help='default: SRCDIR/doc/pacc.texi')
    ap.add_argument('--man', help='default: SRCDIR/doc/pacc.7')
    ap.add_argument('--self-test', action='store_true',
                    help='show that each check can fail')
    ap.add_argument('--list', choices=['env', 'options', 'directives',
                                       'messages'],
                    help='print what the sources hold, and exit')
    a = ap.parse_args()
    top = os.path.abspath(a.srcdir)
    texi = a.texi or os.path.join(top, 'doc', 'pacc.texi')
    man = a.man or os.path.join(top, 'doc', 'pacc.7')
    if a.list:
        if a.list == 'messages':
            for w, m in messages(top):
                print('%s: %s' % (w, ' '.join(m.split())))
        else:
            f = {'env': env_vars, 'options': plugin_options,
                 'directives': directive_words}[a.list]
            for k, w in sorted(f(top).items()):
                print('%s: %s' % (w, k))
        return 0
    if a.self_test:
        return 0 if self_test(top, texi, man) else 1
    fail = False
    for good, what in checks(top, texi, man) + tools(texi, man):
        if good is None:
            print('UNSUPPORTED: pacc.doc: %s' % what)
            continue
        print('%s: pacc.doc: %s' % ('PASS' if good else 'FAIL', what))
        fail |= not good
    return 1 if fail else 0


if __name__ == '__main__':
    sys.exit(main())
