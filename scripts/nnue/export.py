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


# A dense layer's sums are in units of 1 / (127 x 64); the C++ side shifts a hidden sum right by
# 6, which rounds down, so half a step more in the bias makes it round to nearest and the
# quantised net does not drift low layer by layer.
DENSE_SCALE = FT_QUANT * WEIGHT_QUANT
HALF_STEP = WEIGHT_QUANT // 2


def _round(t, scale, dtype, lo, hi):
    return np.clip(np.rint(t.detach().cpu().numpy().astype(np.float64) * scale), lo, hi).astype(dtype)


def quantised(model, calibration=None):
    """The int arrays of the file, in its order. With `calibration` (Net.forward's inputs for a
    sample of positions), each dense layer's bias is corrected by its mean error there."""
    int16 = (-32767, 32767)
    int8 = (-127, 127)
    int32 = (-(2 ** 31) + 1, 2 ** 31 - 1)
    arrays = [
        _round(model.ft_bias, FT_QUANT, "<i2", *int16),
        _round(model.merged_ft_weight(), FT_QUANT, "<i2", *int16),
        _round(model.l1.bias, DENSE_SCALE, "<i4", *int32) + HALF_STEP,
        _round(model.l1.weight, WEIGHT_QUANT, "i1", *int8),
        _round(model.l2.bias, DENSE_SCALE, "<i4", *int32) + HALF_STEP,
        _round(model.l2.weight, WEIGHT_QUANT, "i1", *int8),
        _round(model.out.bias, DENSE_SCALE, "<i4", *int32),
        _round(model.out.weight, WEIGHT_QUANT, "i1", *int8),
    ]
    if calibration is not None:
        correct_biases(model, arrays, calibration)
    return arrays


def correct_biases(model, arrays, calibration):
    """Bias correction (as in post-training quantisation): a rounded weight's error is the same
    in every position, so the dense layers' small weights (a few steps of 1/64) add up to a fixed
    offset, 30 cp in a Chu Seireigi net. Layer by layer, the integer net is run on the sample
    as src/nnue/network.cpp runs it, and each output's mean difference from the float net is
    taken off its bias."""
    ft_bias, ft_weight, b1, w1, b2, w2, bo, wo = (a.astype(np.int64) for a in arrays)
    own_idx, own_off, other_idx, other_off = calibration

    def accumulate(idx, off):
        # Integers in float64 sum exactly.
        bag = torch.nn.functional.embedding_bag(idx, torch.from_numpy(ft_weight.astype(np.float64)), off, mode="sum")
        return np.rint(bag.numpy()).astype(np.int64) + ft_bias

    with torch.no_grad():
        own_f, other_f = model.transform(own_idx, own_off), model.transform(other_idx, other_off)
        x_f = torch.clamp(torch.cat([own_f, other_f], dim=1), 0.0, 1.0)
        z1_f = model.l1(x_f)
        z2_f = model.l2(torch.clamp(z1_f, 0.0, 1.0))
        zo_f = model.out(torch.clamp(z2_f, 0.0, 1.0))
    x = np.clip(np.concatenate([accumulate(own_idx, own_off), accumulate(other_idx, other_off)], axis=1), 0, 127)
    for bias, weight, z_f, slot, last in ((b1, w1, z1_f, 2, False), (b2, w2, z2_f, 4, False), (bo, wo, zo_f, 6, True)):
        weight = weight.reshape(len(bias), -1)
        z = x @ weight.T + bias - (0 if last else HALF_STEP)
        error = np.rint((z - z_f.numpy() * DENSE_SCALE).mean(axis=0)).astype(np.int64)
        arrays[slot] = (arrays[slot].astype(np.int64) - error).astype(arrays[slot].dtype)
        if not last:
            x = np.clip((x @ weight.T + arrays[slot].astype(np.int64)) // WEIGHT_QUANT, 0, 127)  # network.cpp: >> 6


def write_net(path, model, game, feature_set, description, calibration=None):
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
    for array in quantised(model, calibration):
        out += array.tobytes()
    with open(path, "wb") as f:
        f.write(out)
    return len(out)


def read_net(path, model, game, feature_set):
    """Loads a net file into `model` (the inverse of write_net, less the rounding), so training can
    go on from a shipped net: its rows go to the per-feature table and the shared rows start at
    zero. The bias correction stays in the biases, a few steps of 1/8128. Returns the file's
    description; write_net with it and no calibration gives the same bytes back."""
    with open(path, "rb") as f:
        blob = f.read()
    head = len(MAGIC) + 4 + 16 + 8 * 4
    if len(blob) < head or blob[:len(MAGIC)] != MAGIC:
        raise ValueError(f"{path}: not a Kirin net file")
    version, = struct.unpack_from("<I", blob, len(MAGIC))
    name = blob[len(MAGIC) + 4:len(MAGIC) + 20].rstrip(b"\0").decode()
    fs, features, l1, l2, l3, _scale, _hash, desc_len = struct.unpack_from("<IIIIIIII", blob, len(MAGIC) + 20)
    if version != VERSION or name != game or fs != feature_set or features != model.features or (l1, l2, l3) != (L1, L2, L3):
        raise ValueError(f"{path}: a {name} net of features {fs}x{features}, dense {l1},{l2},{l3} (version {version}); "
                         f"training {game}, features {feature_set}x{model.features}, dense {L1},{L2},{L3}")
    at = head + desc_len
    shapes = [("<i2", (L1,)), ("<i2", (features, L1)), ("<i4", (L2,)), ("i1", (L2, 2 * L1)),
              ("<i4", (L3,)), ("i1", (L3, L2)), ("<i4", (1,)), ("i1", (1, L3))]
    arrays = []
    for dtype, shape in shapes:
        count = int(np.prod(shape))
        arrays.append(np.frombuffer(blob, dtype=dtype, count=count, offset=at).reshape(shape).astype(np.float32))
        at += count * np.dtype(dtype).itemsize
    if at != len(blob):
        raise ValueError(f"{path}: {len(blob) - at} bytes more than the net holds")
    ft_bias, ft_weight, b1, w1, b2, w2, bo, wo = (torch.from_numpy(a) for a in arrays)
    with torch.no_grad():
        model.ft_bias.copy_(ft_bias / FT_QUANT)
        model.ft.weight.copy_(ft_weight / FT_QUANT)
        if model.factored:
            model.ft_factor.weight.zero_()
        for layer, bias, weight, half in ((model.l1, b1, w1, HALF_STEP), (model.l2, b2, w2, HALF_STEP),
                                          (model.out, bo, wo, 0)):
            layer.bias.copy_((bias - half) / DENSE_SCALE)
            layer.weight.copy_(weight / WEIGHT_QUANT)
    return blob[head:head + desc_len].decode()


def accumulator_range(model, max_active):
    """The largest |int16 accumulator| the net could reach with max_active features: a check that
    the quantised sums cannot wrap."""
    w = torch.abs(model.merged_ft_weight()) * FT_QUANT
    top = torch.topk(w, k=min(max_active, w.shape[0]), dim=0).values.sum(dim=0)
    return float((top + torch.abs(model.ft_bias.detach()) * FT_QUANT).max())
