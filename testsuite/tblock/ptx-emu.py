#!/usr/bin/env python3
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.

"""ptx-emu.py - runs the in-kernel temporal blocking kernels that
plugin/lower-ptx.cc writes on the host, warp by warp (32 lanes in lock
step), so that their results can be checked bit for bit without a GPU.

Usage: ptx-emu.py OBJECT DUMP
OBJECT: an object file compiled with pacc.so (its PTX is a string in it,
between "// PACC in-kernel temporal blocking" and "// end of PACC PTX");
DUMP: what the run test (testsuite/pacc.run/tblock_*.c, built with
-DTB_DUMP: tb-dump.h) wrote: a line
"X Y T A B CA CB ELEM NSCAL [SWAP]", the scalars' values (one line, %a),
then SRC and DST before the region and SRC after it (raw bytes); with
SWAP 1 (the step swaps SRC and DST: no copy-back), the arrays SRC's and
DST's names hold after it.

For every depth the module has, it runs the time loop as libpacc would
(tblock.c's rows): launches of d <= D steps of the kernel followed by the
copy-back, over one chunk of all rows and over chunks of a few rows
(each recomputing its trapezoid from the initial arrays), with
segments of 7 rows (the kernel's SX) so that a launch has several
warps along both dimensions; then compares SRC with what the program
computed (the sequential result) bit for bit.  Only the instructions
lower-ptx.cc emits are known; a branch that the lanes of a warp do not
take together is an error (the kernel's shuffles assume none).
Exit 0 when every run matches, 1 otherwise."""

import re
import struct
import sys

WARPS = 4  # lower-ptx.cc's TB_WARPS


def f32(x):
    try:
        return struct.unpack('<f', struct.pack('<f', x))[0]
    except OverflowError:
        return float('inf') if x > 0 else float('-inf')


def imm(tok):
    if tok.startswith('0f'):
        return struct.unpack('<f', struct.pack('<I', int(tok[2:], 16)))[0]
    if tok.startswith('0d'):
        return struct.unpack('<d', struct.pack('<Q', int(tok[2:], 16)))[0]
    return int(tok)


class Kernel:
    def __init__(self, text):
        self.params = re.findall(r'\.param \.(\w+) (\w+)', text)
        body = text[text.index('{') + 1:text.rindex('}')]
        self.ins, self.labels = [], {}
        for line in body.split('\n'):
            line = line.strip()
            if not line or line.startswith('.reg') or line.startswith('//'):
                continue
            if line.endswith(':'):
                self.labels[line[:-1]] = len(self.ins)
                continue
            line = line.rstrip(';')
            pred = None
            if line.startswith('@'):
                p, line = line.split(None, 1)
                pred = (p[1:].lstrip('!'), p.startswith('@!'))
            op, _, rest = line.partition(' ')
            args = [a.strip() for a in re.split(r',(?![^{]*\})', rest)] \
                if rest else []
            self.ins.append((pred, op, args))


L32 = range(32)
CMP = {'ge': lambda x, y: x >= y, 'lt': lambda x, y: x < y}
OPS = {
    'add': lambda u, v: u + v,
    'sub': lambda u, v: u - v,
    'mul': lambda u, v: u * v,
    'rem': lambda u, v: u % v,
    'shl': lambda u, v: u << v,
    'shr': lambda u, v: u >> v,
    'min': min,
    'max': max,
}


def getter(a):
    """A function of (registers, lane) giving operand A."""
    if a.startswith('%'):
        if a == '%tid.x':
            return lambda R, i: R['tid'][i]
        if a == '%ctaid.x':
            return lambda R, i: R['ctaid']
        return lambda R, i: R[a][i]
    v = imm(a)
    return lambda R, i: v


def compile_ins(k):
    """K's instructions as functions of (registers, memory, params)
    returning the next pc or None; branches return the label's index."""
    code = []
    for pc, (pred, op, a) in enumerate(k.ins):
        parts = op.split('.')
        base = parts[0]
        nxt = pc + 1
        if base == 'bra':
            tgt = k.labels[a[0]]
            if not pred:
                code.append(lambda R, M, P, t=tgt: t)
                continue
            def f(R, M, P, p=pred[0], neg=pred[1], t=tgt, n=nxt, pc=pc):
                v = R[p]
                first = bool(v[0])
                if any(bool(x) != first for x in v):
                    raise RuntimeError('divergent branch at %d' % pc)
                return t if first != neg else n
            code.append(f)
            continue
        if base == 'ret':
            code.append(lambda R, M, P: len(k.ins))
            continue
        if base == 'st':
            fmt = '<f' if parts[-1] == 'f32' else '<d'
            addr, src = a[0].strip('[]'), a[1]
            def f(R, M, P, fmt=fmt, addr=addr, src=src, pred=pred, n=nxt):
                ad, v = R[addr], R[src]
                m = R[pred[0]] if pred else None
                for i in L32:
                    if m is None or bool(m[i]) != pred[1]:
                        if ad[i] < 0 or ad[i] >= len(M):
                            raise RuntimeError('store outside memory')
                        struct.pack_into(fmt, M, ad[i], v[i])
                return n
            code.append(f)
            continue
        if pred and base == 'ld':
            fmt = '<f' if parts[-1] == 'f32' else '<d'
            d, addr = a[0], a[1].strip('[]')
            def f(R, M, P, d=d, fmt=fmt, addr=addr, pred=pred, n=nxt):
                m, ad = R[pred[0]], R[addr]
                old = R.get(d, [0.0] * 32)
                R[d] = [struct.unpack_from(fmt, M, ad[i])[0]
                        if bool(m[i]) != pred[1] else old[i] for i in L32]
                return n
            code.append(f)
            continue
        if pred:
            raise RuntimeError('predicated %s' % op)
        d = a[0]
        if base == 'ld' and parts[1] == 'param':
            name = a[1].strip('[]')
            def f(R, M, P, d=d, name=name, n=nxt):
                R[d] = [P[name]] * 32
                return n
        elif base == 'ld':
            fmt = '<f' if parts[-1] == 'f32' else '<d'
            addr = a[1].strip('[]')
            def f(R, M, P, d=d, fmt=fmt, addr=addr, n=nxt):
                R[d] = [struct.unpack_from(fmt, M, x)[0] for x in R[addr]]
                return n
        elif base == 'mov' and d.startswith('{'):
            lo, hi = [x.strip() for x in d.strip('{}').split(',')]
            def f(R, M, P, lo=lo, hi=hi, s=a[1], n=nxt):
                b = [struct.pack('<d', x) for x in R[s]]
                R[lo] = [struct.unpack('<I', x[:4])[0] for x in b]
                R[hi] = [struct.unpack('<I', x[4:])[0] for x in b]
                return n
        elif base == 'mov' and a[1].startswith('{'):
            lo, hi = [x.strip() for x in a[1].strip('{}').split(',')]
            def f(R, M, P, d=d, lo=lo, hi=hi, n=nxt):
                R[d] = [struct.unpack('<d', struct.pack('<II', x, y))[0]
                        for x, y in zip(R[lo], R[hi])]
                return n
        elif base in ('mov', 'cvta', 'cvt'):
            g = getter(a[1])
            rnd = base == 'cvt' and parts[-2] == 'f32'
            def f(R, M, P, d=d, g=g, rnd=rnd, n=nxt):
                v = [g(R, i) for i in L32]
                R[d] = [f32(x) for x in v] if rnd else v
                return n
        elif base == 'shfl':
            up = parts[2] == 'up'
            def f(R, M, P, d=d, s=a[1], up=up, n=nxt):
                v = R[s]
                R[d] = [v[0]] + v[:31] if up else v[1:] + [v[31]]
                return n
        elif base == 'setp':
            c = CMP[parts[1]]
            g1, g2 = getter(a[1]), getter(a[2])
            def f(R, M, P, d=d, c=c, g1=g1, g2=g2, n=nxt):
                R[d] = [c(g1(R, i), g2(R, i)) for i in L32]
                return n
        elif base == 'selp':
            g1, g2 = getter(a[1]), getter(a[2])
            def f(R, M, P, d=d, g1=g1, g2=g2, p=a[3], n=nxt):
                pv = R[p]
                R[d] = [g1(R, i) if pv[i] else g2(R, i) for i in L32]
                return n
        elif base == 'neg':
            def f(R, M, P, d=d, s=a[1], n=nxt):
                R[d] = [-x for x in R[s]]
                return n
        elif base == 'mad':
            g1, g2, g3 = getter(a[1]), getter(a[2]), getter(a[3])
            def f(R, M, P, d=d, g1=g1, g2=g2, g3=g3, n=nxt):
                R[d] = [g1(R, i) * g2(R, i) + g3(R, i) for i in L32]
                return n
        else:
            t = parts[-1]
            fl = t in ('f32', 'f64')
            if base == 'div':
                fn = (lambda u, v: u / v) if fl else (lambda u, v: u // v)
            elif base == 'and':
                fn = (lambda u, v: u and v) if t == 'pred' else \
                    (lambda u, v: u & v)
            elif base in OPS:
                fn = OPS[base]
            else:
                raise RuntimeError('unknown instruction %s' % op)
            g1, g2 = getter(a[1]), getter(a[2])
            rnd = t == 'f32'
            def f(R, M, P, d=d, fn=fn, g1=g1, g2=g2, rnd=rnd, n=nxt):
                r = [fn(g1(R, i), g2(R, i)) for i in L32]
                R[d] = [f32(x) for x in r] if rnd else r
                return n
        code.append(f)
    return code


def run_warp(k, P, M, block, warp):
    if not hasattr(k, 'code'):
        k.code = compile_ins(k)
    R = {'tid': [warp * 32 + i for i in L32], 'ctaid': block}
    code, pc, n = k.code, 0, len(k.code)
    while pc < n:
        pc = code[pc](R, M, P)


def launch(k, mem, vals, grid):
    for b in range(grid):
        for w in range(WARPS):
            run_warp(k, vals, mem, b, w)


def modules(obj):
    data = open(obj, 'rb').read().decode('latin-1')
    out = []
    for m in re.finditer(r'// PACC in-kernel temporal blocking.*?'
                         r'// end of PACC PTX\n', data, re.S):
        out.append(m.group(0))
    return out


def kernels(ptx):
    head = ptx[:ptx.index('// pacc-tblock D=')]
    parts = re.split(r'(?=// pacc-tblock D=)', ptx)[1:]
    res = {}
    for p in parts:
        dd = int(re.match(r'// pacc-tblock D=(\d+)', p).group(1))
        res[dd] = Kernel(p)
    return head, res


def simulate(k, D, hdr, scal, src0, dst0, lo, hi, sx):
    """The rows [LO, HI) of SRC after T steps run as one chunk owning
    them (tblock.c's rows, halo 1), from the initial arrays; with the
    swap form, of SRC's name and DST's name."""
    X, Y, T, A, B, CA, CB, E, NS = hdr[:9]
    swap = len(hdr) > 9 and hdr[9]
    n = X * Y * E
    mem = bytearray(src0 + dst0)
    # Rows the chunk would not hold (beyond its T-step trapezoid): NaN.
    keep_lo, keep_hi = max(0, lo - T - 1), min(X, hi + T + 1)
    for base in (0, n):
        mem[base:base + keep_lo * Y * E] = b'\xff' * (keep_lo * Y * E)
        mem[base + keep_hi * Y * E:base + n] = \
            b'\xff' * ((X - keep_hi) * Y * E)
    fmt = '<f' if E == 4 else '<d'
    C = 2 if E == 8 else 4
    V = 32 * C - 2 * D
    s = 0
    P, Q = 0, n  # the buffers SRC's and DST's names hold
    while s < T:
        d = min(D, T - s)
        if swap:
            # tblock.c: odd, the block's last step an ordinary one (here
            # the kernel with d = 1).
            d = min(D, T - s - 1)
            d -= d % 2 == 0
            d = d if d >= 3 else 1
        left_s, left_e = T - 1 - s, T - s - d
        slo, shi = max(A, lo - left_s), min(B, hi + left_s)
        wlo, whi = max(A, lo - left_e), min(B, hi + left_e)
        rlo, rhi = max(slo - 1, 0), min(shi + 1, X)
        if whi > wlo and CB > CA:
            nst = (CB - CA + V - 1) // V
            nw = nst * ((whi - wlo + sx - 1) // sx)
            vals = {'P_src': P, 'P_dst': Q, 'P_rowlen': Y, 'P_a': A,
                    'P_b': B, 'P_ca': CA, 'P_cb': CB, 'P_rlo': rlo,
                    'P_rhi': rhi, 'P_wlo': wlo, 'P_whi': whi, 'P_d': d,
                    'P_sx': sx, 'P_nstrips': nst, 'P_nwarps': nw}
            for i, v in enumerate(scal):
                vals['P_s%d' % i] = v
            launch(k, mem, vals, (nw + WARPS - 1) // WARPS)
        if swap:
            # d swaps, d odd: the names exchange their buffers.
            P, Q = Q, P
        else:
            # The copy-back of sub-step s + d - 1: its rows, CA..CB.
            for x in range(wlo, whi):
                o = x * Y * E
                mem[o + CA * E:o + CB * E] = \
                    mem[n + o + CA * E:n + o + CB * E]
        s += d
    out = bytes(mem[P + lo * Y * E:P + hi * Y * E])
    if swap:
        out += bytes(mem[Q + lo * Y * E:Q + hi * Y * E])
    return out


def main():
    obj, dump = sys.argv[1], sys.argv[2]
    raw = open(dump, 'rb').read()
    l1 = raw.index(b'\n')
    l2 = raw.index(b'\n', l1 + 1)
    hdr = [int(x) for x in raw[:l1].split()]
    scal = [float.fromhex(x.decode()) for x in raw[l1 + 1:l2].split()]
    X, Y, T, A, B, CA, CB, E, NS = hdr[:9]
    swap = len(hdr) > 9 and hdr[9]
    n = X * Y * E
    body = raw[l2 + 1:]
    src0, dst0 = body[:n], body[n:2 * n]
    want_s, want_d = body[2 * n:3 * n], body[3 * n:4 * n]

    def want(lo, hi):
        w = want_s[lo * Y * E:hi * Y * E]
        return w + want_d[lo * Y * E:hi * Y * E] if swap else w
    mods = modules(obj)
    if len(mods) != 1:
        print('FAIL %s: %d PTX modules in %s' % (dump, len(mods), obj))
        return 1
    _, ks = kernels(mods[0])
    bad = 0
    depths = [int(x) for x in sys.argv[3].split(',')] if len(sys.argv) > 3 \
        else sorted(ks)
    for D in depths:
        runs = [(0, X, 512), (0, X, 7)]
        # Chunks of a few rows: each from the initial arrays.
        step = max(3, X // 4)
        chunks = [(c, min(c + step, X)) for c in range(0, X, step)]
        for lo, hi, sx in runs:
            got = simulate(ks[D], D, hdr, scal, src0, dst0, lo, hi, sx)
            ok = got == want(lo, hi)
            bad += not ok
            print('%s %s D=%d rows [%d, %d) segments of %d' %
                  ('PASS' if ok else 'FAIL', dump, D, lo, hi, sx))
        okc = all(simulate(ks[D], D, hdr, scal, src0, dst0, lo, hi, 7)
                  == want(lo, hi) for lo, hi in chunks)
        bad += not okc
        print('%s %s D=%d chunks of %d rows' %
              ('PASS' if okc else 'FAIL', dump, D, step))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
