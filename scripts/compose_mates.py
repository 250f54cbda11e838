#!/usr/bin/env python3
"""Composes mate problems: random sparse positions around a defending royal, kept when
`kirin mate` proves a mate of the wanted length whose solution shows a wanted feature (Lion
double move, igui, drop, facing Generals). Prints one line per problem:
    game|fen|plies|solution|features
Usage: scripts/compose_mates.py --game chushogi --count 200 [--seed 1] [--movetime 300]
The problems are candidates: check each one (a unique key move, nothing superfluous) before use.
"""
import argparse
import random
import os
import subprocess

KIRIN = os.environ.get("KIRIN", "build/kirin")


def board_to_sfen(board, files, ranks, empty_token):
    rows = []
    for r in range(ranks):
        row, run = "", 0
        for f in range(files):
            p = board.get((f, r))
            if p is None:
                run += 1
            else:
                if run:
                    row += str(run)
                run = 0
                row += p
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows)


def near(rng, centre, radius, files, ranks, taken):
    for _ in range(50):
        f = centre[0] + rng.randint(-radius, radius)
        r = centre[1] + rng.randint(-radius, radius)
        if 0 <= f < files and 0 <= r < ranks and (f, r) not in taken:
            return (f, r)
    return None


def shogi_position(rng, game):
    # Column 0 is file 12 (the left), row 0 is rank a (White's back rank).
    board = {}
    king = (rng.randint(6, 11), rng.randint(0, 1))
    board[king] = "k"
    if game == "chushogi":
        defenders = ["g", "s", "c", "f", "t", "p", "e", "n", "l", "m"]
        attackers = ["N", "N", "+H", "+D", "D", "H", "R", "B", "G", "S", "O", "X", "+O", "Q"]
    else:
        defenders = ["g", "s", "c", "p", "u", "e", "l"]
        attackers = ["G", "S", "R", "B", "I", "X", "O", "N", "+P", "L", "Q"]
    for _ in range(rng.randint(1, 3)):
        sq = near(rng, king, 2, 12, 12, board)
        if sq:
            board[sq] = rng.choice(defenders)
    for _ in range(rng.randint(2, 4)):
        sq = near(rng, king, 4, 12, 12, board)
        if sq:
            board[sq] = rng.choice(attackers)
    sfen = board_to_sfen(board, 12, 12, "")
    if game == "chushogi":
        return sfen + " b - 1"
    hand = "".join(rng.choice(["G", "S", "P", "N", "L", "R", "B"]) for _ in range(rng.randint(1, 2)))
    return sfen + " b " + hand + " 1"


def xiangqi_position(rng):
    # Row 0 is rank 9 (Black's back rank), column 0 is file a.
    board = {}
    gen = (rng.randint(3, 5), rng.randint(0, 2))
    board[gen] = "k"
    for p in rng.sample(["a", "a", "b", "b", "p"], rng.randint(0, 3)):
        sq = near(rng, gen, 2, 9, 10, board)
        if sq and (p != "a" or (3 <= sq[0] <= 5 and sq[1] <= 2)) and (p != "b" or sq[1] <= 4):
            board[sq] = p
    board[(rng.randint(3, 5), rng.randint(7, 9))] = "K"
    for _ in range(rng.randint(2, 3)):
        sq = near(rng, gen, 4, 9, 10, board)
        if sq:
            board[sq] = rng.choice(["R", "N", "C", "P", "R", "N"])
    return board_to_sfen(board, 9, 10, "") + " w - - 0 1"


def solve(game, fen, movetime):
    r = subprocess.run([KIRIN, "mate", "--game", game, "--fen", fen, "--movetime", str(movetime)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None
    last = r.stdout.strip().splitlines()[-1]
    head, moves = last.split(":", 1)
    return int(head.split()[2]), moves.split()


def features(game, moves):
    found = set()
    for i, m in enumerate(moves):
        if i % 2 == 0 and "*" in m:
            found.add("drop")
        body = m.rstrip("+")
        squares = []
        j = 0
        while j < len(body):
            k = j + 1
            while k < len(body) and body[k].isdigit():
                k += 1
            squares.append(body[j:k + 1] if body[j].isdigit() else body[j:j + 2])
            j = k + 1 if body[j].isdigit() else j + 2
        if game != "xiangqi" and len(squares) == 3:
            found.add("igui" if squares[0] == squares[2] else "lion double move")
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--movetime", type=int, default=300)
    ap.add_argument("--min-plies", type=int, default=3)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    for _ in range(a.count):
        fen = xiangqi_position(rng) if a.game == "xiangqi" else shogi_position(rng, a.game)
        got = solve(a.game, fen, a.movetime)
        if not got or got[0] < a.min_plies:
            continue
        print("|".join([a.game, fen, str(got[0]), " ".join(got[1]), ",".join(sorted(features(a.game, got[1])))]),
              flush=True)


if __name__ == "__main__":
    main()
