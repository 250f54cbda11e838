#!/usr/bin/env python3
"""Writes <outdir>/<game>.txt: random legal 4-ply move prefixes (fixed seed), one per line, for
`kirin match --openings`. Pairs of games swap colours, so a poor random opening costs both
engines alike; a node-limited self-play match needs at least games/2 openings, or games repeat.
Usage: scripts/make_openings.py [KIRIN [COUNT [SEED [OUTDIR [GAME...]]]]]
The committed files: scripts/make_openings.py build/kirin 40 2026 data/openings, and
chuseireigi-150.txt = scripts/make_openings.py build/kirin 150 7 DIR chuseireigi (renamed);
xiangqi-150.txt and chushogi-150.txt the same with GAME xiangqi chushogi; chuseireigi-600.txt =
scripts/make_openings.py build/kirin 600 11 DIR chuseireigi (renamed), fresh openings for the long SPRTs."""
import random
import subprocess
import sys

args = sys.argv[1:]
kirin = args[0] if len(args) > 0 else "build/kirin"
count = int(args[1]) if len(args) > 1 else 40
seed = int(args[2]) if len(args) > 2 else 2026
outdir = args[3] if len(args) > 3 else "data/openings"
games = args[4:] or ["xiangqi", "chushogi", "chuseireigi"]
plies = 4
for game in games:
    rng = random.Random(seed)
    lines = set()
    while len(lines) < count:
        moves = []
        for _ in range(plies):
            out = subprocess.run([kirin, "moves", "--game", game, *moves], capture_output=True, text=True).stdout.split("\n")
            legal = [m for m in out[1:] if m.strip()]
            moves.append(rng.choice(legal))
        lines.add("moves " + " ".join(moves))
    with open(f"{outdir}/{game}.txt", "w") as f:
        f.write(f"# {count} random {plies}-ply openings for kirin match (scripts/make_openings.py, seed {seed})\n")
        f.write("\n".join(sorted(lines)) + "\n")
