#!/usr/bin/env python3
"""Writes data/openings/<game>.txt: random legal move prefixes (fixed seed), one per line, for
`kirin match --openings`. Pairs of games swap colours, so a poor random opening costs both
engines alike. Usage: scripts/make_openings.py build/kirin"""
import random
import subprocess
import sys

kirin = sys.argv[1] if len(sys.argv) > 1 else "build/kirin"
for game, plies, count in (("xiangqi", 4, 40), ("chushogi", 4, 40), ("chuseireigi", 4, 40)):
    rng = random.Random(2026)
    lines = set()
    while len(lines) < count:
        moves = []
        for _ in range(plies):
            out = subprocess.run([kirin, "moves", "--game", game, *moves], capture_output=True, text=True).stdout.split("\n")
            legal = [m for m in out[1:] if m.strip()]
            moves.append(rng.choice(legal))
        lines.add("moves " + " ".join(moves))
    with open(f"data/openings/{game}.txt", "w") as f:
        f.write(f"# {count} random {plies}-ply openings for kirin match (scripts/make_openings.py)\n")
        f.write("\n".join(sorted(lines)) + "\n")
