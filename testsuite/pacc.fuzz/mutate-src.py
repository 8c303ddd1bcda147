#!/usr/bin/env python3
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
"""mutate-src.py - a mutation fuzz of whole programs (issue 48).

    mutate-src.py --cc CC --pacc-flags "..." --ref-flags "..." --seeds DIR
                  --work DIR [--seed N] [--cases N] [--jobs N]

Each case takes one of the seed programs (DIR/*.c, different shapes: 2-D
and 3-D, pointers to VLAs, flat pointers, fixed-size globals, fixed rows,
pointer swaps, reductions, copyin tables) and applies one to three
mutations of these classes:

  nest     a `#pragma pacc loop' dropped, or its dim(N) changed
  bounds   a pacc loop's start, bound, comparison or step changed (by
           one, to the other side, the wrong way, by two)
  stepdep  a bound made to depend on the time step
  lists    an array moved to another of targetin / targetinout /
           targettemp, or dropped from them
  reduce   a reduction clause's operator, or the update's, changed
  copyin   a copyin section made shorter, longer or shifted
  fixrow   a fixed row moved past the ends, or to a row of t
  types    an element type changed (float, long double, _Float16, int)
  clauses  halo or size changed
  index    an access's offset changed

The mutant is built without the plugin (the sequential reference; a
mutant that does not compile, or whose reference crashes, hangs or exits
non-zero, is not a case) and with it.  The PACC build must compile, or
fail with an error at a line of the program and no internal compiler
error (no "internal compiler error", "Segmentation fault", lto1 or
mkoffload failure).  A build must then, under each setting (the default
plan, PACC_K=3 PACC_CHUNKS=5, PACC_K=2 PACC_DEVICES=2), print what the
reference printed with exit status 0, or stop with exit status 1 and a
"pacc: " message that is not an internal error: never a crash, a hang
or another answer.

Prints one line per class: "PASS: class (N cases)" or "FAIL: class: ..."
with each failing case's mutant kept under --work, then "cases: N" and
exits 0 (1 on bad usage).
"""

import argparse
import concurrent.futures
import os
import random
import re
import shlex
import signal
import subprocess
import sys

SETTINGS = [{}, {'PACC_K': '3', 'PACC_CHUNKS': '5'},
            {'PACC_K': '2', 'PACC_DEVICES': '2'}]
TUNING = ['PACC_K', 'PACC_CHUNKS', 'PACC_BLOCK', 'PACC_QUEUES', 'PACC_DEVICES',
          'PACC_DEVICE_MEMORY', 'PACC_RESIDENT', 'PACC_WORKERS', 'PACC_FAULT',
          'PACC_K_FIRST']
ICE = re.compile(r'internal compiler error|Segmentation fault|lto1: (fatal )?error'
                 r'|lto1: internal|mkoffload|lto-wrapper|collect2|'
                 r'undefined reference')

LOOP_PRAGMA = re.compile(r'^(\s*)#pragma pacc loop dim\((\d+)\)\s*$')
FOR = re.compile(r'^(\s*)for \((\w+) = ([^;]+); (\w+) (<=?|>=?) ([^;]+); ([^)]+)\)(.*)$')
PIPE = re.compile(r'#pragma pacc pipeline')
LIST = re.compile(r'\b(targetin|targetinout|targettemp)\(([^)]*)\)')


def mut_nest(lines, rnd):
    idx = [i for i, l in enumerate(lines) if LOOP_PRAGMA.match(l)]
    if not idx:
        return False
    i = rnd.choice(idx)
    if rnd.random() < 0.5:
        del lines[i]
    else:
        m = LOOP_PRAGMA.match(lines[i])
        d = rnd.choice([n for n in (1, 2, 3, 4) if n != int(m.group(2))])
        lines[i] = '%s#pragma pacc loop dim(%d)' % (m.group(1), d)
    return True


def pacc_fors(lines):
    return [i for i, l in enumerate(lines)
            if FOR.match(l) and i > 0 and LOOP_PRAGMA.match(lines[i - 1])]


def mut_bounds(lines, rnd, stepdep=False):
    idx = pacc_fors(lines)
    if not idx:
        return False
    i = rnd.choice(idx)
    ind, v, a, v2, cmp, b, inc, rest = FOR.match(lines[i]).groups()
    if stepdep:
        b = rnd.choice(['%s - t %% 3' % b, '%s + t %% 2' % b, '(%s) - t' % b])
        if rnd.random() < 0.3:
            a = '%s + t %% 2' % a
    else:
        what = rnd.randrange(5)
        if what == 0:
            a = rnd.choice(['0', '%s - 1' % a, '%s + 1' % a, '-1'])
        elif what == 1:
            b = rnd.choice(['%s + 1' % b, '%s - 2' % b, '%s * 2' % b])
        elif what == 2:
            cmp = {'<': '<=', '<=': '<', '>': '>=', '>=': '>'}[cmp]
        elif what == 3:
            inc = rnd.choice(['%s--' % v, '%s += 2' % v, '--%s' % v])
        else:
            a, b = b, a
            cmp = '>'
            inc = '%s--' % v
    lines[i] = '%sfor (%s = %s; %s %s %s; %s)%s' % (ind, v, a, v2, cmp, b, inc,
                                                   rest)
    return True


def mut_lists(lines, rnd):
    for i, l in enumerate(lines):
        if PIPE.search(l):
            lists = LIST.findall(l)
            names = [(k, n.strip()) for k, ns in lists for n in ns.split(',')
                     if n.strip()]
            if not names:
                return False
            kind, name = rnd.choice(names)
            # Remove NAME from its list.
            def drop(m):
                ns = [n.strip() for n in m.group(2).split(',')
                      if n.strip() and not (m.group(1) == kind and n.strip() == name)]
                return '%s(%s)' % (m.group(1), ', '.join(ns)) if ns else ''
            l = LIST.sub(drop, l)
            to = rnd.choice([k for k in ('targetin', 'targetinout', 'targettemp', None)
                             if k != kind])
            if to:
                l = l.replace('#pragma pacc pipeline',
                              '#pragma pacc pipeline %s(%s)' % (to, name), 1)
            lines[i] = l
            return True
    return False


def mut_reduce(lines, rnd):
    ops = ['+', '*', 'max', 'min']
    for i, l in enumerate(lines):
        m = re.search(r'reduction\(([^:]+):(\w+)\)', l)
        if m:
            if rnd.random() < 0.5:
                op = rnd.choice([o for o in ops if o != m.group(1)])
                lines[i] = l[:m.start(1)] + op + l[m.end(1):]
                return True
            var = m.group(2)
            upd = [j for j, u in enumerate(lines)
                   if re.search(r'\b%s (\+|\*|-)?= ' % var, u) and j > i]
            if not upd:
                return False
            j = rnd.choice(upd)
            u = lines[j]
            if 'fmax' in u:
                lines[j] = u.replace('fmax', 'fmin')
            else:
                lines[j] = re.sub(r'\b%s (\+|\*|-)?= ' % var,
                                  '%s %s= ' % (var, rnd.choice(['*', '-', ''])),
                                  u, count=1)
            return True
    return False


def mut_copyin(lines, rnd):
    for i, l in enumerate(lines):
        m = re.search(r'copyin\((\w+)\[(\d+):(\d+)\]\)', l)
        if m:
            lo, n = int(m.group(2)), int(m.group(3))
            lo2, n2 = rnd.choice([(lo, 2), (lo, n - 1), (lo, n + 1), (1, n),
                                  (lo, 40 * n)])
            lines[i] = l[:m.start(2)] + '%d:%d' % (lo2, n2) + l[m.end(3):]
            return True
    return False


def mut_fixrow(lines, rnd):
    idx = [i for i, l in enumerate(lines) if re.search(r'\w+\[0\]\[\w+\] =', l)]
    if not idx:
        return False
    i = rnd.choice(idx)
    row = rnd.choice(['NX', 'NX - 1', 't', 't %% 3', '-1', 'NX + t'])
    lines[i] = re.sub(r'\[0\]', '[%s]' % row.replace('%%', '%'), lines[i], count=1)
    return True


def mut_types(lines, rnd):
    # Not the output's dump (sizeof of another type reads past the array
    # in the sequential program too).
    idx = [i for i, l in enumerate(lines)
           if re.search(r'\b(double|float)\b', l) and not l.lstrip().startswith('/*')
           and 'dump' not in l]
    if not idx:
        return False
    i = rnd.choice(idx)
    to = rnd.choice(['float', 'long double', '_Float16', 'int', 'double'])
    lines[i] = re.sub(r'\b(double|float)\b', to, lines[i], count=1)
    return True


def mut_clauses(lines, rnd):
    for i, l in enumerate(lines):
        if PIPE.search(l):
            if rnd.random() < 0.5:
                m = re.search(r'halo\(([^)]*)\)', l)
                if not m:
                    return False
                nums = list(re.finditer(r'\d+', m.group(1)))
                k = rnd.choice(nums)
                s = m.group(1)
                s = s[:k.start()] + str(rnd.choice([0, 2, 3])) + s[k.end():]
                lines[i] = l[:m.start(1)] + s + l[m.end(1):]
            else:
                m = re.search(r'size\(\[([^:\]]+):([^\]]+)\]', l)
                if not m:
                    return False
                lo, ln = m.group(1), m.group(2)
                lo2, ln2 = rnd.choice([(lo, ln + ' + 1'), ('1', ln), (lo, ln + ' - 1'),
                                       (lo, '2 * ' + ln), ('-1', ln)])
                lines[i] = l[:m.start(1)] + lo2 + ':' + ln2 + l[m.end(2):]
            return True
    return False


def mut_index(lines, rnd):
    idx = [i for i, l in enumerate(lines)
           if re.search(r'\[(\w) [-+] 1\]', l) and not PIPE.search(l)]
    if not idx:
        return False
    i = rnd.choice(idx)
    ms = list(re.finditer(r'\[(\w) ([-+]) 1\]', lines[i]))
    m = rnd.choice(ms)
    new = rnd.choice(['[%s %s 2]' % (m.group(1), m.group(2)), '[%s]' % m.group(1),
                      '[%s %s 1]' % (m.group(1), '+' if m.group(2) == '-' else '-')])
    lines[i] = lines[i][:m.start()] + new + lines[i][m.end():]
    return True


CLASSES = {
    'nest': mut_nest,
    'bounds': mut_bounds,
    'stepdep': lambda l, r: mut_bounds(l, r, True),
    'lists': mut_lists,
    'reduce': mut_reduce,
    'copyin': mut_copyin,
    'fixrow': mut_fixrow,
    'types': mut_types,
    'clauses': mut_clauses,
    'index': mut_index,
}


def make_case(seeds, n, seed):
    """Case N: (class, seed file, mutated text, what was done)."""
    rnd = random.Random('%d/%d' % (seed, n))
    names = sorted(CLASSES)
    cls = names[n % len(names)]
    for _ in range(50):
        src = rnd.choice(seeds)
        with open(src) as f:
            lines = f.read().split('\n')
        done = []
        if not CLASSES[cls](lines, rnd):
            continue
        done.append(cls)
        for _ in range(rnd.choice([0, 0, 1, 2])):
            other = rnd.choice(names)
            if CLASSES[other](lines, rnd):
                done.append(other)
        return cls, src, '\n'.join(lines), done
    return cls, None, None, None


def run(cmd, env=None, timeout=60):
    """Run CMD in a shell of its own process group; on a time-out the whole
    group is killed (a mutant that never ends must not outlive the run)."""
    p = subprocess.Popen(cmd, shell=True, env=env, start_new_session=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return 'timeout', '', ''
    return p.returncode, out.decode('utf-8', 'replace'), \
        err.decode('utf-8', 'replace')


def judge(args, n):
    cls, src, text, done = make_case(args.seeds_list, n, args.seed)
    if text is None:
        return cls, None
    d = os.path.join(args.work, 'case%d' % n)
    os.makedirs(d, exist_ok=True)
    c = os.path.join(d, 'mutant.c')
    with open(c, 'w') as f:
        f.write('/* case %d of seed %d: %s of %s */\n' % (n, args.seed, ', '.join(done),
                                                        os.path.basename(src)))
        f.write(text)
    inc = '-I' + shlex.quote(args.seeds)
    rc, _, err = run('%s %s %s %s -o %s/ref -lm' % (args.cc, args.ref_flags, inc, c, d),
                     timeout=300)
    if rc != 0:
        return cls, None
    env = {k: v for k, v in os.environ.items() if k not in TUNING}
    rc, ref, _ = run('%s/ref' % d, env=env, timeout=10)
    if rc != 0:
        return cls, None
    why = None
    rc, out, err = run('%s %s %s %s -o %s/pacc %s' % (args.cc, args.pacc_flags, inc, c, d,
                                                     args.pacc_libs), timeout=300)
    msgs = out + err
    if ICE.search(msgs):
        line = next((l for l in msgs.split('\n') if ICE.search(l)), '')
        why = 'compiler: %s' % line.strip()
    elif rc != 0:
        if not re.search(r'mutant\.c:\d+:\d+: error:', msgs):
            why = 'build failed without an error at a line: %s' % msgs.strip()[:200]
    else:
        for s in SETTINGS:
            e = dict(env)
            e.update(s)
            rc, got, err = run('%s/pacc' % d, env=e, timeout=20)
            st = ' '.join('%s=%s' % kv for kv in s.items()) or '(defaults)'
            if rc == 0 and got == ref:
                continue
            if rc == 1 and re.search(r'pacc: ', err) and 'internal error' not in err:
                continue
            if rc == 0:
                why = '%s: another answer than the reference' % st
            elif rc == 'timeout':
                why = '%s: time-out' % st
            else:
                last = [l for l in err.split('\n') if l.strip()]
                why = '%s: exit %s: %s' % (st, rc, last[-1][:200] if last else '')
            break
    if why:
        return cls, '%s (%s; %s)' % (why, ', '.join(done), c)
    for f in ('ref', 'pacc'):
        try:
            os.unlink(os.path.join(d, f))
        except OSError:
            pass
    return cls, ''


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cc', required=True)
    ap.add_argument('--pacc-flags', required=True)
    ap.add_argument('--pacc-libs', required=True)
    ap.add_argument('--ref-flags', required=True)
    ap.add_argument('--seeds', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--seed', type=int, default=20261128)
    ap.add_argument('--cases', type=int, default=40)
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    args.seeds_list = sorted(os.path.join(args.seeds, f) for f in os.listdir(args.seeds)
                             if f.endswith('.c'))
    if not args.seeds_list:
        print('mutate-src.py: no seed programs in %s' % args.seeds, file=sys.stderr)
        return 1
    os.makedirs(args.work, exist_ok=True)
    counts, fails = {}, {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for cls, res in ex.map(lambda n: judge(args, n), range(args.cases)):
            if res is None:
                continue
            counts[cls] = counts.get(cls, 0) + 1
            if res:
                fails.setdefault(cls, []).append(res)
    for cls in sorted(CLASSES):
        n = counts.get(cls, 0)
        if cls in fails:
            print('FAIL: %s: %d of %d cases: %s' % (cls, len(fails[cls]), n,
                                                  ' | '.join(fails[cls][:4])))
        else:
            print('PASS: %s (%d cases)' % (cls, n))
    print('cases: %d' % sum(counts.values()))
    return 0


if __name__ == '__main__':
    sys.exit(main())
