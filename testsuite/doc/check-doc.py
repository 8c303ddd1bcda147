#!/usr/bin/env python3
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# check-doc.py - the manual (doc/pacc.texi) and the man page (doc/pacc.7)
# in step with the code.  Prints DejaGnu PASS:/FAIL:/UNSUPPORTED: lines,
# exits 1 on a FAIL.
#   - every PACC_* variable libpacc reads (settings.c's get/positive/
#     digit/bytes calls, getenv anywhere) is in the manual and in the man
#     page's ENVIRONMENT, and each one these name is read;
#   - every -fplugin-arg-pacc-NAME of plugin/options.cc is in both;
#   - every message of the sources (pacc_error, pacc_warning, pacc_note,
#     cuda_fail and the GPU's "unusable" reasons in libpacc; error_at,
#     warning_at and inform in the plugin; the planner's messages) is in
#     the manual's appendix "Every message", its format directives as
#     @var{...};
#   - makeinfo reads the manual without a warning, groff the man page.
#   check-doc.py --srcdir DIR [--texi FILE] [--man FILE] [--self-test]
# --self-test: each check must fail on a copy of the manual or the man
# page with one item removed.
import argparse, glob, os, re, shutil, subprocess, sys, tempfile

def literal_args(src, names):
    """(file, line, name, format) of calls NAME (... "format" ...)."""
    out = []
    for f in sorted(src):
        s = open(f).read()
        for m in re.finditer(r'\b(' + '|'.join(names) + r')\s*\(', s):
            i = j = m.end()
            depth = 1
            while depth and j < len(s):
                c = s[j]
                if c == '"':
                    j += 1
                    while s[j] != '"':
                        j += 2 if s[j] == '\\' else 1
                elif c == '(':
                    depth += 1
                elif c == ')':
                    depth -= 1
                j += 1
            mm = re.search(r'((?:"(?:[^"\\]|\\.)*"\s*)+)', s[i:j - 1])
            if mm:
                fmt = ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', mm.group(1)))
                out.append((f, s.count('\n', 0, m.start()) + 1, m.group(1), fmt))
    return out

def norm_fmt(fmt):
    t = fmt.replace('\\n', ' ').replace('\\"', '"').replace("\\'", "'")
    t = t.replace('\\\\', '\\').replace('%<', '`').replace('%>', "'")
    t = re.sub(r'%q?[-+ #0-9.]*(?:l|ll|z|w|h)?[dDEFTsuxXpcgfeiC]', '\x00', t)
    t = t.replace('%%', '%')
    return ' '.join(t.split())

def norm_texi(t):
    t = t.replace('@var{...}', '\x00').replace('@@', '@').replace('@{', '{')
    t = t.replace('@}', '}')
    return ' '.join(t.split())

def env_vars(top):
    names = set()
    for f in glob.glob(top + '/libpacc/*.c'):
        s = open(f).read()
        names |= set(re.findall(r'\b(?:getenv|get|positive|digit|bytes)\s*\(\s*(?:where,\s*)?"(PACC_[A-Z_]+)"', s))
    return names

def plugin_options(top):
    s = open(top + '/plugin/options.cc').read()
    return set(re.findall(r'-fplugin-arg-pacc-([a-z-]+)', s))

def messages(top):
    rt = literal_args(glob.glob(top + '/libpacc/*.c'),
                      ['pacc_error', 'pacc_warning', 'pacc_note', 'cuda_fail',
                       'unusable', 'pacc_internal_error'])
    rt += [x for x in literal_args([top + '/libpacc/planner.c'], ['snprintf'])
           if x[3] and not x[3].startswith('%') and len(x[3]) > 12]
    pl = literal_args(glob.glob(top + '/plugin/*.cc'), ['error_at', 'warning_at', 'inform'])
    out = []
    for f, l, n, fmt in rt + pl:
        t = norm_fmt(fmt)
        if t.replace('\x00', '').strip(' :;,.') == '':
            continue
        out.append(('%s:%d' % (os.path.relpath(f, top), l), t))
    return out

def man_env(man):
    s = open(man).read()
    m = re.search(r'^\.SH ENVIRONMENT$(.*?)^\.SH ', s, re.S | re.M)
    return set(re.findall(r'^\.B (PACC_[A-Z_]+)$', m.group(1) if m else '', re.M))

def checks(top, texi, man):
    res = []
    t = open(texi).read()
    m = open(man).read()
    code = env_vars(top)
    for v in sorted(code):
        res.append((v in t and re.search(r'\b' + v + r'\b', t) is not None,
                    'manual documents %s' % v))
    documented = man_env(man)
    for v in sorted(code):
        res.append((v in documented, 'man page ENVIRONMENT lists %s' % v))
    for v in sorted(documented - code):
        res.append((False, 'man page lists %s, which libpacc does not read' % v))
    tvars = set(re.findall(r'\bPACC_[A-Z_]+\b', t))
    for v in sorted(tvars - code):
        if v in ('PACC_FUZZ_SEED', 'PACC_FUZZ_CASES', 'PACC_FUZZ_COMPILE',
                 'PACC_OFFLOAD_FLAGS', 'PACC_HAVE_NVPTX', 'PACC_PLUGIN',
                 'PACC_LIBDIR', 'PACC_INCDIR', 'PACC_CC', 'PACC_CXX',
                 'PACC_SRCDIR', 'PACC_BUILDDIR', 'PACC_NO_PLUGIN', 'PACC_SWEEP',
                 'PACC_JOBS', 'PACC_RUN_TIMEOUT', 'PACC_COMPILE_TIMEOUT',
                 'PACC_KEEP', 'PACC_VALGRIND', 'PACC_BUILD_ONLY',
                 'PACC_RANDOM_SEED', 'PACC_RANDOM_PROGRAMS', 'PACC_RANDOM_CASES',
                 'PACC_RANDOM_SETTINGS', 'PACC_RANDOM_DEVICES'):
            continue  # configure's and the testsuite's variables
        res.append((False, 'manual names %s, which libpacc does not read' % v))
    for o in sorted(plugin_options(top)):
        res.append(('-fplugin-arg-pacc-' + o in t.replace('@-', '-'),
                    'manual documents -fplugin-arg-pacc-%s' % o))
        res.append(('fplugin\\-arg\\-pacc\\-' + o.replace('-', '\\-') in m,
                    'man page documents -fplugin-arg-pacc-%s' % o))
    samples = set(norm_texi(x) for x in re.findall(r'@samp\{((?:[^{}]|@\{|@\}|@var\{\.\.\.\})*)\}', t))
    joined = '\n'.join(samples)
    missing = [(w, msg) for w, msg in messages(top) if msg not in joined]
    nmsg = len(messages(top))
    res.append((not missing, 'the manual lists all %d messages of the sources%s'
                % (nmsg, '' if not missing else '; missing: ' + '; '.join(
                    '%s "%s"' % (w, msg.replace('\x00', '...')) for w, msg in missing[:5]))))
    return res

def tools(top, texi, man):
    res = []
    if shutil.which('makeinfo'):
        d = tempfile.mkdtemp()
        with open(d + '/version.texi', 'w') as f:
            f.write('@set UPDATED 1 January 2026\n@set UPDATED-MONTH January 2026\n'
                    '@set EDITION 0\n@set VERSION 0\n')
        p = subprocess.run(['makeinfo', '--no-split', '-I', d, '-o', d + '/pacc.info', texi],
                           capture_output=True, text=True)
        shutil.rmtree(d)
        res.append((p.returncode == 0 and not p.stderr.strip(),
                    'makeinfo reads the manual without a warning' +
                    ('' if not p.stderr.strip() else ': ' + p.stderr.strip().split('\n')[0])))
    else:
        print('UNSUPPORTED: pacc.doc: makeinfo')
    if shutil.which('groff'):
        p = subprocess.run(['groff', '-man', '-Tutf8', '-ww', man], capture_output=True, text=True)
        res.append((p.returncode == 0 and not p.stderr.strip(),
                    'groff renders the man page without a warning' +
                    ('' if not p.stderr.strip() else ': ' + p.stderr.strip().split('\n')[0])))
    else:
        print('UNSUPPORTED: pacc.doc: groff')
    return res

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--srcdir', required=True)
    ap.add_argument('--texi')
    ap.add_argument('--man')
    ap.add_argument('--self-test', action='store_true')
    a = ap.parse_args()
    top = os.path.abspath(a.srcdir)
    texi = a.texi or top + '/doc/pacc.texi'
    man = a.man or top + '/doc/pacc.7'
    if a.self_test:
        d = tempfile.mkdtemp()
        ok = True
        t = open(texi).read()
        m = open(man).read()
        cases = [
            ('a variable missing from the manual', t.replace('PACC_QUEUES', 'PACC_QUEUEZ'), m, 'manual documents PACC_QUEUES'),
            ('a variable missing from the man page', t, m.replace('.B PACC_QUEUES\n', '.B QUEUES\n'), 'man page ENVIRONMENT lists PACC_QUEUES'),
            ('a message missing from the manual', re.sub(r'@item\n@samp\{[^\n]*PACC_FAULT: expected[^\n]*\}\n', '', t), m, 'the manual lists all'),
        ]
        for what, tt, mm, expect in cases:
            open(d + '/t.texi', 'w').write(tt)
            open(d + '/m.7', 'w').write(mm)
            bad = [w for okc, w in checks(top, d + '/t.texi', d + '/m.7') if not okc]
            hit = any(w.startswith(expect) for w in bad)
            print('%s: pacc.doc: self-test: %s is found' % ('PASS' if hit else 'FAIL', what))
            ok &= hit
        shutil.rmtree(d)
        return 0 if ok else 1
    fail = 0
    for okc, what in checks(top, texi, man) + tools(top, texi, man):
        print('%s: pacc.doc: %s' % ('PASS' if okc else 'FAIL', what))
        fail |= not okc
    return 1 if fail else 0

sys.exit(main())
