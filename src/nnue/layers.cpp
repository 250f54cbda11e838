#include "nnue/layers.h"

#include <algorithm>

#include "nnue/architecture.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define KIRIN_X86 1
#endif
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace kirin::nnue {
namespace {

void update_row_portable(int16_t* acc, const int16_t* in, const int16_t* add_row, const int16_t* sub_row, int n) {
  for (int i = 0; i < n; ++i) {
    int v = in[i];
    if (add_row) v += add_row[i];
    if (sub_row) v -= sub_row[i];
    acc[i] = int16_t(v);  // wraps like the AVX2 adds (the trainer keeps sums far from the edge)
  }
}

template <class T>
void activate_portable(const T* in, int shift, uint8_t* out, int n) {
  for (int i = 0; i < n; ++i) out[i] = uint8_t(std::clamp<int32_t>(in[i] >> shift, 0, ACTIVATION_MAX));
}

void dense_portable(const uint8_t* in, const int8_t* w, const int32_t* bias, int32_t* out, int n_in, int n_out) {
  for (int o = 0; o < n_out; ++o) {
    int32_t sum = bias[o];
    const int8_t* row = w + o * n_in;
    for (int i = 0; i < n_in; ++i) sum += int32_t(in[i]) * row[i];
    out[o] = sum;
  }
}

#ifdef KIRIN_X86
__attribute__((target("avx2"))) void update_row_avx2(int16_t* acc, const int16_t* in, const int16_t* add_row,
                                                     const int16_t* sub_row, int n) {
  for (int i = 0; i < n; i += 16) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
    if (add_row) v = _mm256_add_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(add_row + i)));
    if (sub_row) v = _mm256_sub_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sub_row + i)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(acc + i), v);
  }
}

// maddubs multiplies unsigned inputs by signed weights and adds pairs into int16 with
// saturation; 2 * 127 * 127 < 32767, so it never saturates and matches the portable sum.
// A function, not a lambda in dense_avx2: a lambda does not take its caller's target("avx2"),
// so a build without -march=native could not compile it.
__attribute__((target("avx2"), always_inline)) inline __m256i dot(__m256i sum, __m256i x, const int8_t* row) {
  const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row));
  return _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_maddubs_epi16(x, y), _mm256_set1_epi16(1)));
}

// Four outputs at a time: their sums are folded together by three hadds, where one output
// alone would need a horizontal sum of its own.
__attribute__((target("avx2"))) void dense_avx2(const uint8_t* in, const int8_t* w, const int32_t* bias, int32_t* out,
                                                int n_in, int n_out) {
  int o = 0;
  for (; o + 4 <= n_out; o += 4) {
    const int8_t* row = w + o * n_in;
    __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0;
    for (int i = 0; i < n_in; i += 32) {
      const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
      s0 = dot(s0, x, row + i);
      s1 = dot(s1, x, row + n_in + i);
      s2 = dot(s2, x, row + 2 * n_in + i);
      s3 = dot(s3, x, row + 3 * n_in + i);
    }
    // Each 128-bit half now holds the four outputs' partial sums over its half of the inputs.
    const __m256i t = _mm256_hadd_epi32(_mm256_hadd_epi32(s0, s1), _mm256_hadd_epi32(s2, s3));
    __m128i r = _mm_add_epi32(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
    r = _mm_add_epi32(r, _mm_loadu_si128(reinterpret_cast<const __m128i*>(bias + o)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + o), r);
  }
  for (; o < n_out; ++o) {
    const int8_t* row = w + o * n_in;
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < n_in; i += 32)
      sum = dot(sum, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i)), row + i);
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    out[o] = bias[o] + _mm_cvtsi128_si32(s);
  }
}
#endif

#ifdef __wasm_simd128__
// WebAssembly's 128-bit SIMD (the kirin-simd.wasm build), as Stockfish's WebAssembly builds have
// it: eight int16 lanes at a time for the accumulator.
void update_row_wasm(int16_t* acc, const int16_t* in, const int16_t* add_row, const int16_t* sub_row, int n) {
  for (int i = 0; i < n; i += 8) {
    v128_t v = wasm_v128_load(in + i);
    if (add_row) v = wasm_i16x8_add(v, wasm_v128_load(add_row + i));
    if (sub_row) v = wasm_i16x8_sub(v, wasm_v128_load(sub_row + i));
    wasm_v128_store(acc + i, v);
  }
}

// Sixteen inputs at a time, widened to int16 (inputs <= 127, so unsigned and signed agree) and
// multiplied pairwise into int32 by the dot instruction: exact, as the portable sum. (Products
// as int16 by extmul, then one pairwise add, measured slower in V8: 436 against 472 K nodes/s.)
inline v128_t dot16(v128_t sum, v128_t lo, v128_t hi, const int8_t* row) {
  const v128_t w = wasm_v128_load(row);
  sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(lo, wasm_i16x8_extend_low_i8x16(w)));
  return wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(hi, wasm_i16x8_extend_high_i8x16(w)));
}

void activate_wasm(const int16_t* in, int shift, uint8_t* out, int n) {
  const v128_t zero = wasm_i16x8_splat(0), top = wasm_i16x8_splat(ACTIVATION_MAX);
  for (int i = 0; i < n; i += 16) {
    const v128_t a = wasm_i16x8_shr(wasm_v128_load(in + i), shift);
    const v128_t b = wasm_i16x8_shr(wasm_v128_load(in + i + 8), shift);
    wasm_v128_store(out + i, wasm_u8x16_narrow_i16x8(wasm_i16x8_min(wasm_i16x8_max(a, zero), top),
                                                     wasm_i16x8_min(wasm_i16x8_max(b, zero), top)));
  }
}

void activate_wasm(const int32_t* in, int shift, uint8_t* out, int n) {
  const v128_t zero = wasm_i32x4_splat(0), top = wasm_i32x4_splat(ACTIVATION_MAX);
  auto four = [&](const int32_t* p) {
    return wasm_i32x4_min(wasm_i32x4_max(wasm_i32x4_shr(wasm_v128_load(p), shift), zero), top);
  };
  for (int i = 0; i < n; i += 16) {
    const v128_t lo = wasm_i16x8_narrow_i32x4(four(in + i), four(in + i + 4));
    const v128_t hi = wasm_i16x8_narrow_i32x4(four(in + i + 8), four(in + i + 12));
    wasm_v128_store(out + i, wasm_u8x16_narrow_i16x8(lo, hi));
  }
}

inline int32_t lanes_sum(v128_t s) {
  return wasm_i32x4_extract_lane(s, 0) + wasm_i32x4_extract_lane(s, 1) + wasm_i32x4_extract_lane(s, 2) +
         wasm_i32x4_extract_lane(s, 3);
}

// Four outputs at a time, sharing each widened slice of the inputs.
void dense_wasm(const uint8_t* in, const int8_t* w, const int32_t* bias, int32_t* out, int n_in, int n_out) {
  int o = 0;
  for (; o + 4 <= n_out; o += 4) {
    const int8_t* row = w + o * n_in;
    v128_t s0 = wasm_i32x4_splat(0), s1 = s0, s2 = s0, s3 = s0;
    for (int i = 0; i < n_in; i += 16) {
      const v128_t x = wasm_v128_load(in + i);
      const v128_t lo = wasm_u16x8_extend_low_u8x16(x), hi = wasm_u16x8_extend_high_u8x16(x);
      s0 = dot16(s0, lo, hi, row + i);
      s1 = dot16(s1, lo, hi, row + n_in + i);
      s2 = dot16(s2, lo, hi, row + 2 * n_in + i);
      s3 = dot16(s3, lo, hi, row + 3 * n_in + i);
    }
    out[o] = bias[o] + lanes_sum(s0);
    out[o + 1] = bias[o + 1] + lanes_sum(s1);
    out[o + 2] = bias[o + 2] + lanes_sum(s2);
    out[o + 3] = bias[o + 3] + lanes_sum(s3);
  }
  for (; o < n_out; ++o) {
    const int8_t* row = w + o * n_in;
    v128_t sum = wasm_i32x4_splat(0);
    for (int i = 0; i < n_in; i += 16) {
      const v128_t x = wasm_v128_load(in + i);
      sum = dot16(sum, wasm_u16x8_extend_low_u8x16(x), wasm_u16x8_extend_high_u8x16(x), row + i);
    }
    out[o] = bias[o] + lanes_sum(sum);
  }
}
#endif

}  // namespace

Simd best_simd() {
#ifdef KIRIN_X86
  if (__builtin_cpu_supports("avx2")) return Simd::AVX2;
#endif
#ifdef __wasm_simd128__
  return Simd::WASM128;
#endif
  return Simd::PORTABLE;
}

const char* simd_name(Simd s) { return s == Simd::AVX2 ? "avx2" : s == Simd::WASM128 ? "wasm-simd128" : "portable"; }

void update_row(Simd s, int16_t* out, const int16_t* in, const int16_t* add_row, const int16_t* sub_row, int n) {
#ifdef KIRIN_X86
  if (s == Simd::AVX2) return update_row_avx2(out, in, add_row, sub_row, n);
#endif
#ifdef __wasm_simd128__
  if (s == Simd::WASM128) return update_row_wasm(out, in, add_row, sub_row, n);
#endif
  (void)s;
  update_row_portable(out, in, add_row, sub_row, n);
}

void update_row(Simd s, int16_t* acc, const int16_t* add_row, const int16_t* sub_row, int n) {
  update_row(s, acc, acc, add_row, sub_row, n);
}

namespace {

template <class T>
void activate_any(Simd s, const T* in, int shift, uint8_t* out, int n) {
#ifdef __wasm_simd128__
  if (s == Simd::WASM128) return activate_wasm(in, shift, out, n);
#endif
  (void)s;
  activate_portable(in, shift, out, n);
}

}  // namespace

void activate(Simd s, const int16_t* in, int shift, uint8_t* out, int n) { activate_any(s, in, shift, out, n); }
void activate(Simd s, const int32_t* in, int shift, uint8_t* out, int n) { activate_any(s, in, shift, out, n); }

void dense(Simd s, const uint8_t* in, const int8_t* w, const int32_t* bias, int32_t* out, int n_in, int n_out) {
#ifdef KIRIN_X86
  if (s == Simd::AVX2) return dense_avx2(in, w, bias, out, n_in, n_out);
#endif
#ifdef __wasm_simd128__
  if (s == Simd::WASM128) return dense_wasm(in, w, bias, out, n_in, n_out);
#endif
  (void)s;
  dense_portable(in, w, bias, out, n_in, n_out);
}

}  // namespace kirin::nnue
