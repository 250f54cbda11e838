#!/usr/bin/python3
"""Trains a net from Kirin's self-play records and exports it for the C++ side.

  scripts/nnue/train.py --data /work/nnue-data/xiangqi.bin --out data/nets/xiangqi.nnue \\
      [--epochs 8] [--lambda 0.9] [--ft-decay 60] [--batch 1024] [--lr 0.001] [--kirin build/kirin]

Positions whose best move is a capture or a promotion (in files written before drops counted as
quiet, a drop too), or whose side to move is in check, are skipped (not quiet). Games, not positions, are split into training and validation,
so no game is on both sides. The target blends the search's score and the game's result:
lambda * sigmoid(score / K) + (1 - lambda) * (result + 1) / 2, as nnue-pytorch does; the loss is
the squared error of sigmoid(net / K) against it. The net with the best validation loss is
exported; --epochs 0 with --init MODEL.pt exports a saved float model again. With --kirin,
`kirin nnue eval` then values sample validation positions with the exported (quantised) net and
the script compares them with the float model.
"""
import argparse
import math
import os
import pickle
import subprocess
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export  # noqa: E402
import features  # noqa: E402
import selfplay  # noqa: E402
from model import OUTPUT_SCALE, Net  # noqa: E402


def progress(label, done, total, started, extra):
    width = 30
    filled = int(width * done / max(total, 1))
    rate = done / max(time.time() - started, 1e-9)
    sys.stderr.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {100 * done / max(total, 1):5.1f}% "
                     f"{rate / 1000:6.1f}k pos/s {extra}")
    sys.stderr.flush()


def load(paths, max_score):
    parts = [selfplay.read(p) for p in paths]
    h = parts[0].header
    for p, r in zip(paths, parts):
        if (r.header.variant, r.header.files, r.header.ranks, r.header.kinds) != (h.variant, h.files, h.ranks, h.kinds):
            raise SystemExit(f"train.py: {p} is for another game or catalogue than {paths[0]}")
        if r.dropped_bytes:
            print(f"{p}: left out an unfinished record at the end ({r.dropped_bytes} bytes)", file=sys.stderr)
    return parts


class Dataset:
    """Quiet positions with their features (CSR, both perspectives), target inputs and game ids."""

    def __init__(self, records, max_score, file_number):
        keep = ((records.flags & (selfplay.FLAG_NOT_QUIET | selfplay.FLAG_CHECK)) == 0) & \
               (np.abs(records.score.astype(np.int32)) <= max_score)
        self.total = len(records)
        fs = features.FeatureSet(records.header)
        self.feature_set = fs
        values, offsets = fs.compute(records)
        idx = np.nonzero(keep)[0]
        # Only the kept records' rows, renumbered.
        rows = np.stack([2 * idx, 2 * idx + 1], axis=1).reshape(-1)
        lengths = offsets[rows + 1] - offsets[rows]
        self.offsets = np.concatenate([[0], np.cumsum(lengths)])
        take = np.repeat(offsets[rows] - self.offsets[:-1], lengths) + np.arange(int(lengths.sum()))
        self.values = values[take].astype(np.int64)
        self.score = records.score[idx].astype(np.float32)
        self.result = records.result[idx].astype(np.float32)
        self.stm = records.stm[idx].astype(np.int64)
        # A game is known by its file and number.
        self.game = records.game[idx].astype(np.int64) + (file_number << 32)
        # Where each kept position came from, for `kirin nnue eval` (position_text).
        self.sources = [(records, idx)]
        self.source_starts = np.array([0])

    def __len__(self):
        return len(self.score)

    def position_text(self, i):
        """Kept position i (over all files) as `kirin nnue eval` reads it."""
        f = int(np.searchsorted(self.source_starts, i, side="right")) - 1
        records, idx = self.sources[f]
        return selfplay.position_text(records, int(idx[i - self.source_starts[f]]))


def concat(datasets):
    first = datasets[0]
    if len(datasets) == 1:
        return first
    out = Dataset.__new__(Dataset)
    out.feature_set = first.feature_set
    out.total = sum(d.total for d in datasets)
    shifts = np.cumsum([0] + [d.offsets[-1] for d in datasets[:-1]])
    out.offsets = np.concatenate([[0]] + [d.offsets[1:] + s for d, s in zip(datasets, shifts)])
    out.values = np.concatenate([d.values for d in datasets])
    for name in ("score", "result", "stm", "game"):
        setattr(out, name, np.concatenate([getattr(d, name) for d in datasets]))
    out.sources = [s for d in datasets for s in d.sources]
    out.source_starts = np.cumsum([0] + [len(d) for d in datasets[:-1]])
    return out


def batch_inputs(data, picks, mirror=None):
    """EmbeddingBag inputs for the side to move's view and the other side's; `mirror` (a bool
    per pick) reflects those positions' files."""
    result = []
    for view in (data.stm[picks], 1 - data.stm[picks]):
        rows = 2 * picks + view
        lengths = data.offsets[rows + 1] - data.offsets[rows]
        starts = data.offsets[rows]
        offs = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        flat = np.repeat(starts - offs, lengths) + np.arange(int(lengths.sum()))
        values = data.values[flat]
        if mirror is not None:
            values = np.where(np.repeat(mirror, lengths), data.feature_set.mirrored(values), values)
        result += [torch.from_numpy(values), torch.from_numpy(offs.astype(np.int64))]
    return result


def targets(data, picks, lam, k):
    score = torch.from_numpy(data.score[picks])
    result = torch.from_numpy(data.result[picks])
    return lam * torch.sigmoid(score / k) + (1 - lam) * (result + 1) / 2


def evaluate_loss(model, data, picks, lam, k, batch):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for b in range(0, len(picks), batch):
            p = picks[b:b + batch]
            out = model(*batch_inputs(data, p))
            total += float(((torch.sigmoid(out * OUTPUT_SCALE / k) - targets(data, p, lam, k)) ** 2).sum())
    model.train()
    return total / max(len(picks), 1)


def kirin_values(kirin, net, data, sample, game):
    """`kirin nnue eval` of sample positions with a net file, or "none" for the hand-made evaluation."""
    lines = [data.position_text(int(i)) for i in sample]
    run = subprocess.run([kirin, "nnue", "eval", "--game", game, "--net", net], input="\n".join(lines) + "\n",
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(f"check: kirin nnue eval --net {net} failed: {run.stderr.strip()}", file=sys.stderr)
        return None
    return np.array([int(v) for v in run.stdout.split()], dtype=np.float64)


def check_with_kirin(kirin, net_path, model, data, picks, game, lam, k):
    """The exported net in C++ against the float model on sample positions; then the net's loss
    against the hand-made evaluation's on the same validation positions (the baseline to beat)."""
    sample = picks[:500]
    cpp = kirin_values(kirin, net_path, data, sample, game)
    if cpp is None:
        return False
    model.eval()
    with torch.no_grad():
        py = model(*batch_inputs(data, sample)).numpy().astype(np.float64) * OUTPUT_SCALE
    diff = np.abs(cpp - py)
    spread = np.std(py)
    print(f"check: {len(sample)} positions, C++ (quantised) vs PyTorch (float): mean |diff| {diff.mean():.1f} cp, "
          f"max {diff.max():.1f} cp; the values' spread (sd) {spread:.0f} cp; correlation "
          f"{np.corrcoef(cpp, py)[0, 1]:.4f}")
    wide = picks[:5000]
    target = targets(data, wide, lam, k).numpy()
    losses = []
    for net in (net_path, "none"):
        values = kirin_values(kirin, net, data, wide, game)
        if values is None:
            return False
        losses.append(float(((1 / (1 + np.exp(-values / k)) - target) ** 2).mean()))
    print(f"check: loss on {len(wide)} validation positions: the net {losses[0]:.5f}, "
          f"the hand-made evaluation {losses[1]:.5f}", file=sys.stderr)
    return diff.mean() <= max(10.0, 0.05 * spread)


def load_init(path, model, game, feature_set):
    """--init: a net file (export.read_net), or the float model a run saved beside its net."""
    try:
        if path.endswith(".pt"):
            model.load_state_dict(torch.load(path))
        else:
            export.read_net(path, model, game, feature_set)
    except (OSError, ValueError, RuntimeError, pickle.UnpicklingError) as e:
        raise SystemExit(f"train.py: --init: {e}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", action="append", required=True, help="self-play file (repeatable)")
    ap.add_argument("--out", required=True, help="net file to write")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.75,
                    help="weight of the search score against the game result (1: score only)")
    ap.add_argument("--scale", type=float, default=400.0, help="K of sigmoid(cp / K): centipawns per logit")
    ap.add_argument("--max-score", type=int, default=3000, help="skip positions scored beyond this (cp)")
    ap.add_argument("--validation", type=float, default=0.05, help="share of games held out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ft-decay", type=float, default=0.0,
                    help="weight decay of the transformer's per-square rows (not the shared ones)")
    ap.add_argument("--no-mirror", action="store_true",
                    help="12x12 boards: do not train on half of each batch's positions mirrored left to right")
    ap.add_argument("--threads", type=int, default=1,
                    help="torch threads; more than 1 spins badly on a busy machine")
    ap.add_argument("--init", help="net file to go on from (the same game and shape) instead of random weights, "
                    "or the float model (.pt) train.py saved beside one")
    ap.add_argument("--kirin", help="kirin binary: check the exported net against the model")
    args = ap.parse_args()
    if not 0 <= args.lam <= 1:
        ap.error("--lambda must be between 0 and 1")
    if args.epochs < 0 or (args.epochs == 0 and not args.init):
        ap.error("--epochs must be positive; 0 (export only) needs --init")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)

    parts = load(args.data, args.max_score)
    data = concat([Dataset(r, args.max_score, i) for i, r in enumerate(parts)])
    game = parts[0].header.variant
    games = np.unique(data.game)
    held = set(rng.choice(games, size=max(1, int(len(games) * args.validation)), replace=False).tolist())
    is_val = np.array([g in held for g in data.game.tolist()])
    train_idx, val_idx = np.nonzero(~is_val)[0], np.nonzero(is_val)[0]
    print(f"{game}: {data.total} positions, {len(data)} quiet; {len(games)} games, {len(held)} held out: "
          f"{len(train_idx)} training, {len(val_idx)} validation positions", file=sys.stderr)
    if len(train_idx) == 0 or len(val_idx) == 0:
        raise SystemExit("train.py: not enough positions to train and validate")

    mirror = data.feature_set.can_mirror() and not args.no_mirror
    calibration = rng.choice(train_idx, size=min(4096, len(train_idx)), replace=False)  # export.correct_biases
    model = Net(data.feature_set.dimension, torch.from_numpy(data.feature_set.factor_map()))
    init_loss = math.inf
    if args.init:
        load_init(args.init, model, game, data.feature_set.id)
        init_loss = evaluate_loss(model, data, val_idx, args.lam, args.scale, args.batch)
        print(f"--init {args.init}: validation loss {init_loss:.5f} before training", file=sys.stderr)
    # One dense Adam: a batch of 12x12 positions touches ~180k transformer rows, and a sparse
    # gradient of that many rows (then coalesced) cost several times the dense table itself.
    # Decay pulls each square's own row towards the shared material row (model.Net): a square
    # few positions show keeps about its piece's value instead of memorising their games.
    ft = [p for name, p in model.named_parameters() if name == "ft.weight"]
    rest = [p for name, p in model.named_parameters() if name != "ft.weight"]
    opt = torch.optim.AdamW([{"params": ft, "weight_decay": args.ft_decay}, {"params": rest, "weight_decay": 0.0}],
                            lr=args.lr)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=max(1, args.epochs // 3), gamma=0.3)
    best = math.inf
    description = (f"{game} from {', '.join(os.path.basename(p) for p in args.data)}: {len(train_idx)} positions, "
                   f"lambda {args.lam}, K {args.scale}" + (f", from {os.path.basename(args.init)}" if args.init else ""))

    def save(label, val):
        size, shift = export.write_net(args.out, model, game, data.feature_set.id,
                                       description + f", {label}, validation loss {val:.5f}",
                                       batch_inputs(data, calibration))
        torch.save(model.state_dict(), args.out + ".pt")
        return size, shift, export.accumulator_range(model, 100) * (1 << shift)

    for epoch in range(1, args.epochs + 1):
        order = rng.permutation(train_idx)
        started, seen, running = time.time(), 0, 0.0
        for b in range(0, len(order), args.batch):
            p = order[b:b + args.batch]
            out = model(*batch_inputs(data, p, rng.random(len(p)) < 0.5 if mirror else None))
            loss = ((torch.sigmoid(out * OUTPUT_SCALE / args.scale) - targets(data, p, args.lam, args.scale)) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            model.clip_weights()
            seen += len(p)
            running = 0.98 * running + 0.02 * float(loss) if running else float(loss)
            progress(f"epoch {epoch}/{args.epochs}", seen, len(order), started, f"loss {running:.5f}")
        sched.step()
        val = evaluate_loss(model, data, val_idx, args.lam, args.scale, args.batch)
        sys.stderr.write(f"  validation {val:.5f}\n")
        if val < best:
            best = val
            size, shift, reach = save(f"epoch {epoch}", val)
    if args.epochs == 0:
        # Export only: the float model of an earlier run quantised anew (at the shift the export
        # picks now), its biases corrected on this data.
        best = init_loss
        size, shift, reach = save("exported again", init_loss)
    print(f"wrote {args.out} ({size} bytes), best validation loss {best:.5f}; transformer shift {shift}, "
          f"largest possible accumulator {reach:.0f} of 32767", file=sys.stderr)
    if args.kirin:
        model.load_state_dict(torch.load(args.out + ".pt"))
        if not check_with_kirin(args.kirin, args.out, model, data, val_idx, game, args.lam, args.scale):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
