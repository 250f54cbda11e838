#!/usr/bin/env python3
"""Fits xiangqi piece-square values (material included, opening and endgame) to labelled positions.

Input: 'FEN;score' lines from label.py. The model is Kirin's fitted table (src/search/fitted_psq.h):
for each piece, a value by kind, rank from its owner's back rank and file from the nearer edge
(the board is left-right symmetric), blended between an opening and an endgame value by the
phase, plus a constant for the side to move. The fit minimises the cross-entropy between
win probabilities, sigmoid(score / K), so that won positions do not need exact scores. Newton's
method converges in a few steps; a small ridge keeps rarely seen squares near their kind's material.
Usage: fit.py LABELLED OUT.npz [--k 400] [--ridge 2e-9] [--steps 8]
"""
import argparse
import sys

import numpy as np

KINDS = 'KABNRCP'
# The phase as src/search/eval.cpp counts it: the material of pieces worth at least 400
# (Chariot 900, Cannon 450, Horse 400) out of the start's 7000.
PHASE = {'R': 900, 'C': 450, 'N': 400}
FULL_PHASE = 7000
SQUARES = 50              # 10 ranks x 5 folded files
PER_PHASE = 7 * SQUARES + 7  # square terms, then material


def features(fen):
    """(index -> count from the side to move's view, phase in [0, 1])."""
    placement, side = fen.split()[:2]
    counts, phase = {}, 0
    for i, row in enumerate(placement.split('/')):
        rank, file = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            red = ch.isupper()
            kind = KINDS.index(ch.upper())
            own_rank = rank if red else 9 - rank
            sign = 1 if red == (side == 'w') else -1
            square = kind * SQUARES + own_rank * 5 + min(file, 8 - file)
            counts[square] = counts.get(square, 0) + sign
            counts[7 * SQUARES + kind] = counts.get(7 * SQUARES + kind, 0) + sign
            phase += PHASE.get(ch.upper(), 0)
            file += 1
    return counts, min(phase, FULL_PHASE) / FULL_PHASE


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('labelled')
    ap.add_argument('out')
    ap.add_argument('--k', type=float, default=400.0)
    ap.add_argument('--ridge', type=float, default=2e-9)
    ap.add_argument('--steps', type=int, default=8)
    a = ap.parse_args()

    rows, scores = [], []
    for line in open(a.labelled):
        fen, score = line.strip().rsplit(';', 1)
        rows.append(features(fen))
        scores.append(float(score))
    n, dim = len(rows), 2 * PER_PHASE + 1
    x = np.zeros((n, dim))
    for i, (counts, phase) in enumerate(rows):
        for j, c in counts.items():
            x[i, j] = c * phase                   # opening
            x[i, PER_PHASE + j] = c * (1 - phase)  # endgame
        x[i, -1] = 1.0                             # the side to move
    sigmoid = lambda z: 1 / (1 + np.exp(-z))
    target = sigmoid(np.array(scores) / a.k)

    w = np.zeros(dim)
    start = [0, 200, 200, 400, 900, 450, 100]  # the rules catalogue's values
    w[7 * SQUARES:PER_PHASE] = w[PER_PHASE + 7 * SQUARES:2 * PER_PHASE] = start
    square_terms = np.zeros(dim, dtype=bool)
    square_terms[:7 * SQUARES] = square_terms[PER_PHASE:PER_PHASE + 7 * SQUARES] = True
    ridge = np.where(square_terms, a.ridge, 1e-6)
    for step in range(a.steps):
        p = sigmoid(x @ w / a.k)
        grad = x.T @ (p - target) / a.k / n + ridge * w * square_terms
        hess = (x * (p * (1 - p) / a.k / a.k)[:, None]).T @ x / n + np.diag(ridge)
        w -= np.linalg.solve(hess, grad)
        loss = -np.mean(target * np.log(p + 1e-12) + (1 - target) * np.log(1 - p + 1e-12))
        print(f'step {step}: cross-entropy {loss:.6f}', file=sys.stderr)
    seen = np.abs(x).sum(axis=0) > 0.5
    np.savez(a.out, w=w, seen=seen)
    for name, base in (('opening', 0), ('endgame', PER_PHASE)):
        material = {KINDS[k]: round(w[base + 7 * SQUARES + k]) for k in range(7)}
        print(name, 'material', material, file=sys.stderr)
    print('side to move', round(w[-1]), file=sys.stderr)


if __name__ == '__main__':
    main()
