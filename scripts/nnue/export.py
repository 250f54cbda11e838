"""Writes a trained model as the net file the C++ side reads (docs/nnue.md, version 1)."""
import struct

import numpy as np
import torch

from model import FT_QUANT, L1, L2, L3, OUTPUT_SCALE, WEIGHT_QUANT

MAGIC = b"KIRINNUE"
VERSION = 1


def architecture_hash(feature_set, features):
    """FNV-1a of the shape, as src/nnue/network.cpp computes it."""
    text = f"kirin-nnue features={feature_set} ft={features}x{L1} dense={2 * L1}x{L2},{L2}x{L3},{L3}x1"
    h = 2166136261
    for c in text.encode():
        h = ((h ^ c) * 16777619) & 0xFFFFFFFF
    return h


def _round(t, scale, dtype, lo, hi):
    return np.clip(np.rint(t.detach().cpu().numpy().astype(np.float64) * scale), lo, hi).astype(dtype)


def quantised(model):
    """The int arrays of the file, in its order."""
    int16 = (-32767, 32767)
    int8 = (-127, 127)
    int32 = (-(2 ** 31) + 1, 2 ** 31 - 1)
    dense_bias = FT_QUANT * WEIGHT_QUANT
    # The C++ side shifts a hidden sum right by 6, which rounds down; half a step more in the
    # bias makes it round to nearest, so the quantised net does not drift low layer by layer.
    half = WEIGHT_QUANT // 2
    return [
        _round(model.ft_bias, FT_QUANT, "<i2", *int16),
        _round(model.merged_ft_weight(), FT_QUANT, "<i2", *int16),
        _round(model.l1.bias, dense_bias, "<i4", *int32) + half,
        _round(model.l1.weight, WEIGHT_QUANT, "i1", *int8),
        _round(model.l2.bias, dense_bias, "<i4", *int32) + half,
        _round(model.l2.weight, WEIGHT_QUANT, "i1", *int8),
        _round(model.out.bias, dense_bias, "<i4", *int32),
        _round(model.out.weight, WEIGHT_QUANT, "i1", *int8),
    ]


def write_net(path, model, game, feature_set, description):
    name = game.encode()
    if len(name) > 16:
        raise ValueError(f"game name {game} longer than 16 bytes")
    desc = description.encode()[:4096]
    out = bytearray(MAGIC)
    out += struct.pack("<I", VERSION)
    out += name + bytes(16 - len(name))
    out += struct.pack("<IIIIIIII", feature_set, model.features, L1, L2, L3, OUTPUT_SCALE,
                       architecture_hash(feature_set, model.features), len(desc))
    out += desc
    for array in quantised(model):
        out += array.tobytes()
    with open(path, "wb") as f:
        f.write(out)
    return len(out)


def accumulator_range(model, max_active):
    """The largest |int16 accumulator| the net could reach with max_active features: a check that
    the quantised sums cannot wrap."""
    w = torch.abs(model.merged_ft_weight()) * FT_QUANT
    top = torch.topk(w, k=min(max_active, w.shape[0]), dim=0).values.sum(dim=0)
    return float((top + torch.abs(model.ft_bias.detach()) * FT_QUANT).max())
