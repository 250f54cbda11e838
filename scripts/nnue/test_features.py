#!/usr/bin/python3
"""Checks the Python side against the C++ side and the record reader against records it writes.

  test_features.py KIRIN_BINARY

A file written by `kirin selfplay` is read back and its counts compared with `--stats`.
For each game, `kirin nnue features` plays random games and prints every position (as a record
holds it) with the C++ features of both perspectives; this script turns each position into a
self-play record, reads it back with selfplay.py and computes the features with features.py:
both lists must be equal, position by position. Exit 0 when all agree.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import features  # noqa: E402
import selfplay  # noqa: E402

GAMES = {"xiangqi": (9, 10), "chushogi": (12, 12), "chuseireigi": (12, 12)}


def kirin_features(kirin, game, positions, seed):
    """`kirin nnue features`: the kinds, then per position its text line, side to move, board
    and hand entries, and the C++ features of both perspectives (sorted)."""
    out = subprocess.run([kirin, "nnue", "features", "--game", game, "--positions", str(positions), "--seed",
                          str(seed)], check=True, capture_output=True, text=True).stdout.splitlines()
    assert out[0].startswith("kinds="), out[0]
    positions = []
    for line in out[1:]:
        text, first, second = line.split("|")
        stm, board, hand = text.split(";")
        entries = [[tuple(int(v) for v in e.split(":")) for e in part.split(",") if e] for part in (board, hand)]
        positions.append((text, int(stm), *entries, sorted(int(v) for v in first.split()),
                          sorted(int(v) for v in second.split())))
    return out[0][len("kinds="):].split(","), positions


def check_game(kirin, game, positions):
    kinds, out = kirin_features(kirin, game, positions, 7)
    files, ranks = GAMES[game]
    records, expected = [], []
    for number, (_, stm, board, hand, first, second) in enumerate(out):
        # score, result and flags vary so the reader's field offsets are checked too
        records.append((number // 50, number % 400, (number * 37) % 2000 - 1000, number % 3 - 1, stm,
                        number % 4, board, hand))
        expected.append((first, second))
    header = selfplay.Header(game, files, ranks, kinds, {"seed": "7"})
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "test.bin")
        selfplay.write(path, header, records)
        read = selfplay.read(path)
    assert len(read) == len(records), (len(read), len(records))
    for i, r in enumerate(records):
        got = (read.game[i], read.ply[i], read.score[i], read.result[i], read.stm[i], read.flags[i])
        assert got == r[:6], f"{game} record {i}: read {got}, wrote {r[:6]}"
        assert selfplay.position_text(read, i) == out[i][0], f"{game} record {i}: position text differs"
    fs = features.FeatureSet(read.header)
    values, offsets = fs.compute(read)
    for i, (first, second) in enumerate(expected):
        for side, want in ((0, first), (1, second)):
            row = 2 * i + side
            got = sorted(values[offsets[row]:offsets[row + 1]].tolist())
            if got != want:
                print(f"{game} position {i} perspective {side}: Python {got} C++ {want}\n  {out[i][0]}")
                return False
    if fs.can_mirror() and not check_mirror(fs, header, records, values, offsets):
        return False
    print(f"{game}: {len(records)} positions, features equal in both perspectives ({fs.dimension} features)")
    return True


def check_mirror(fs, header, records, values, offsets):
    """The trainer's mirrored features (FeatureSet.mirrored) are those of the position with
    every piece moved to the reflected file."""
    files = header.files
    flipped = [r[:6] + ([((sq // files) * files + files - 1 - sq % files, piece) for sq, piece in r[6]], r[7])
               for r in records]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "mirror.bin")
        selfplay.write(path, header, flipped)
        mvalues, moffsets = fs.compute(selfplay.read(path))
    for row in range(2 * len(records)):
        want = sorted(mvalues[moffsets[row]:moffsets[row + 1]].tolist())
        got = sorted(fs.mirrored(values[offsets[row]:offsets[row + 1]].astype(np.int64)).tolist())
        if got != want:
            print(f"{header.variant} position {row // 2} perspective {row % 2}: mirrored {got}, want {want}")
            return False
    return True


def check_reader_refusals():
    try:
        selfplay.read(b"KIRINSP\x02\x00\x00")
        return False
    except selfplay.FormatError as e:
        assert str(e) == "not a Kirin self-play file (bad magic or version)", str(e)
    # an unfinished record at the end is left out and counted
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "tail.bin")
        selfplay.write(path, selfplay.Header("xiangqi", 9, 10, ["K"]), [(0, 0, 5, 1, 0, 0, [(4, 64), (85, 128)], [])])
        # a record that promises 5 board entries and brings 1
        data = open(path, "rb").read() + bytes(11) + bytes([5, 0]) + bytes(2)
        r = selfplay.read(data)
        assert len(r) == 1 and r.dropped_bytes == 15 and r.score[0] == 5, (len(r), r.dropped_bytes)
    return True


def check_real_selfplay_file(kirin):
    """A file `kirin selfplay` writes (Chu Seireigi: hands and drops) read back: the same counts
    as `kirin selfplay --stats` prints."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "real.bin")
        subprocess.run([kirin, "selfplay", "-g", "chuseireigi", "--nodes", "100", "-n", "2", "--max-plies", "120",
                        "-o", path], check=True, capture_output=True)
        stats = subprocess.run([kirin, "selfplay", "--stats", path], check=True, capture_output=True,
                               text=True).stdout
        r = selfplay.read(path)
    check = int(((r.flags & selfplay.FLAG_CHECK) != 0).sum())
    not_quiet = int(((r.flags & selfplay.FLAG_NOT_QUIET) != 0).sum())
    want = f"positions {len(r)}: side to move wins {int((r.result == 1).sum())}, draws {int((r.result == 0).sum())}, " \
           f"loses {int((r.result == -1).sum())}; in check {check}, best move not quiet {not_quiet}"
    if want not in stats:
        print(f"kirin selfplay file: Python read '{want}', --stats says:\n{stats}")
        return False
    fs = features.FeatureSet(r.header)
    values, offsets = fs.compute(r)
    assert len(offsets) == 2 * len(r) + 1 and values.max() < fs.dimension
    print(f"kirin selfplay file: {len(r)} positions read, the same counts as --stats")
    return True


def check_hand_made_baseline(kirin):
    """`kirin nnue eval --net none` (the trainer's baseline) values with the hand-made evaluation:
    the start positions are symmetric, so each gives only the side to move's tempo
    (src/search/eval_weights.cpp)."""
    tempo = {"xiangqi": 15, "chushogi": 20, "chuseireigi": 20}
    for game, want in tempo.items():
        start = kirin_features(kirin, game, 1, 1)[1][0][0]
        got = subprocess.run([kirin, "nnue", "eval", "--game", game, "--net", "none"], input=start + "\n",
                             check=True, capture_output=True, text=True).stdout.split()
        if got != [str(want)]:
            print(f"{game}: the hand-made evaluation of the start position is {got}, not [{want}]")
            return False
    bad = subprocess.run([kirin, "nnue", "eval", "--game", "xiangqi", "--net", "none"], input="0;4:999;\n",
                         capture_output=True, text=True)
    if bad.returncode != 2 or not bad.stderr.startswith("kirin nnue eval: line 1: "):
        print(f"a bad position line: exit {bad.returncode}, '{bad.stderr.strip()}'")
        return False
    print("kirin nnue eval --net none: the start positions give the tempo; a bad line exits 2")
    return True


def check_bias_correction(kirin):
    """A net exported with bias correction gives, in C++, the float model's values with no
    offset: a random Chu Shogi net with small dense weights (as trained ones have) is valued
    on random positions by `kirin nnue eval` and by PyTorch; their mean difference must stay
    within 3 cp (uncorrected, this one is off by 8 cp; trained ones were off by 11 and 30)."""
    import torch
    import export
    import train
    from model import OUTPUT_SCALE, Net
    torch.manual_seed(3)
    kinds, out = kirin_features(kirin, "chushogi", 600, 11)
    records = []
    for number, (_, stm, board, _, _, _) in enumerate(out):
        if {0x40, 0x80} <= {piece for _, piece in board}:  # both Kings (random games may take one)
            records.append((0, number, 0, 0, stm, 0, board, []))
    header = selfplay.Header("chushogi", 12, 12, kinds, {})
    with tempfile.TemporaryDirectory() as tmp:
        data_path, net_path = os.path.join(tmp, "p.bin"), os.path.join(tmp, "n.nnue")
        selfplay.write(data_path, header, records)
        data = train.Dataset(selfplay.read(data_path), 3000, 0)
        fs = data.feature_set
        model = Net(fs.dimension, torch.from_numpy(fs.factor_map()))
        with torch.no_grad():
            model.ft.weight.normal_(0, 0.02)
            for layer in (model.l1, model.l2, model.out):
                layer.weight.normal_(0, 0.1)
        model.eval()
        picks = np.arange(len(data))
        export.write_net(net_path, model, "chushogi", fs.id, "bias correction test",
                         train.batch_inputs(data, picks[::2]))
        cpp = train.kirin_values(kirin, net_path, data, picks[1::2], "chushogi")
        with torch.no_grad():
            py = model(*train.batch_inputs(data, picks[1::2])).numpy() * OUTPUT_SCALE
    offset = float((cpp - py).mean())
    if abs(offset) > 3:
        print(f"bias correction: C++ is off the float net by {offset:.1f} cp on average")
        return False
    print(f"bias correction: C++ within {offset:.1f} cp of the float net on average")
    return True


def check_read_net(kirin):
    """export.read_net (train.py --init) loads the shipped xiangqi net so that writing it again
    gives the file byte for byte, and refuses a net of another game by name."""
    import torch
    import export
    from model import Net
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    shipped = os.path.join(root, "data", "nets", "xiangqi.nnue")
    kinds, _ = kirin_features(kirin, "xiangqi", 1, 1)
    fs = features.FeatureSet(selfplay.Header("xiangqi", 9, 10, kinds, {}))
    model = Net(fs.dimension, torch.from_numpy(fs.factor_map()))
    description, ft_shift = export.read_net(shipped, model, "xiangqi", fs.id)
    with tempfile.TemporaryDirectory() as tmp:
        again = os.path.join(tmp, "again.nnue")
        export.write_net(again, model, "xiangqi", fs.id, description, ft_shift=ft_shift)
        with open(shipped, "rb") as a, open(again, "rb") as b:
            same = a.read() == b.read()
        # A version-2 net (transformer shift 3) reads back and writes again byte for byte too.
        shifted, twice = os.path.join(tmp, "shifted.nnue"), os.path.join(tmp, "twice.nnue")
        export.write_net(shifted, model, "xiangqi", fs.id, description, ft_shift=3)
        if export.read_net(shifted, model, "xiangqi", fs.id) != (description, 3):
            print("read_net: the shifted net's description or shift did not come back")
            return False
        export.write_net(twice, model, "xiangqi", fs.id, description, ft_shift=3)
        with open(shifted, "rb") as a, open(twice, "rb") as b:
            same_shifted = a.read() == b.read()
    if not same:
        print("read_net: the shipped xiangqi net written again differs from the file")
        return False
    if not same_shifted:
        print("read_net: a net with transformer shift 3 written again differs from the file")
        return False
    try:
        export.read_net(os.path.join(root, "data", "nets", "chushogi.nnue"), model, "xiangqi", fs.id)
        print("read_net: a Chu Shogi net was loaded into a xiangqi model")
        return False
    except ValueError as e:
        if "chushogi.nnue: a chushogi net of features" not in str(e):
            print(f"read_net: a Chu Shogi net refused with '{e}'")
            return False
    print("read_net: the shipped xiangqi net and a shifted one read and write back byte for byte; "
          "a Chu Shogi net is refused")
    return True


def check_export_only(kirin):
    """train.py --epochs 0 --init MODEL.pt quantises a saved float model anew: the arrays come out
    as the run that saved it wrote them (the same data, seed and bias-correction sample); --epochs
    0 without --init, and an --init that is not there, are refused by name."""
    import export
    train = os.path.join(os.path.dirname(os.path.abspath(__file__)), "train.py")

    def arrays(path):
        """The weights' bytes and the transformer shift: all but the description."""
        with open(path, "rb") as f:
            blob = f.read()
        header = export.read_header(blob, path)
        return blob[header[-1]:], header[5]

    with tempfile.TemporaryDirectory() as tmp:
        data, first, again = (os.path.join(tmp, n) for n in ("sp.bin", "first.nnue", "again.nnue"))
        subprocess.run([kirin, "selfplay", "-g", "chuseireigi", "--nodes", "100", "-n", "6", "--max-plies", "120",
                        "-o", data], check=True, capture_output=True)
        base = [sys.executable, train, "--data", data, "--lambda", "0.9"]
        subprocess.run(base + ["--out", first, "--epochs", "1"], check=True, capture_output=True)
        done = subprocess.run(base + ["--out", again, "--epochs", "0", "--init", first + ".pt"], capture_output=True,
                              text=True)
        if done.returncode != 0:
            print(f"train.py --epochs 0: exit {done.returncode}, {done.stderr.strip()[-300:]}")
            return False
        with open(again, "rb") as f:
            if b", exported again, validation loss " not in f.read():
                print("train.py --epochs 0: the net's description does not say it was exported again")
                return False
        if arrays(first) != arrays(again):
            print("train.py --epochs 0: the float model quantised again differs from the net its run wrote")
            return False
        no_init = subprocess.run(base + ["--out", again, "--epochs", "0"], capture_output=True, text=True)
        missing = subprocess.run(base + ["--out", again, "--epochs", "0", "--init", os.path.join(tmp, "none.pt")],
                                 capture_output=True, text=True)
    if no_init.returncode != 2 or "--epochs must be positive; 0 (export only) needs --init" not in no_init.stderr:
        print(f"train.py --epochs 0 without --init: exit {no_init.returncode}, '{no_init.stderr.strip()}'")
        return False
    if missing.returncode != 1 or not missing.stderr.strip().splitlines()[-1].startswith("train.py: --init: "):
        print(f"train.py --init none.pt: exit {missing.returncode}, '{missing.stderr.strip()}'")
        return False
    print("train.py --epochs 0: a saved float model quantises again to the same arrays; no --init and a "
          "missing one are refused")
    return True


def main():
    if len(sys.argv) != 2:
        print("usage: test_features.py KIRIN_BINARY", file=sys.stderr)
        return 2
    ok = check_reader_refusals()
    ok = check_real_selfplay_file(sys.argv[1]) and ok
    ok = check_hand_made_baseline(sys.argv[1]) and ok
    ok = check_bias_correction(sys.argv[1]) and ok
    ok = check_read_net(sys.argv[1]) and ok
    ok = check_export_only(sys.argv[1]) and ok
    for game in GAMES:
        ok = check_game(sys.argv[1], game, 1500) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
