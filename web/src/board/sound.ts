// Move and capture sounds made with WebAudio (no sound files): a short wooden click for a move,
// a lower double knock for a capture, at the volume kept in localStorage (0 to 100; 0 is silent).
import { MUTED_KEY, VOLUME_KEY } from '../model/storage_keys';

let context: AudioContext | null = null;

// The volume kept, or before there was one, off where the sounds were muted.
export function volume(): number {
  const kept = Number(localStorage.getItem(VOLUME_KEY) ?? NaN);
  if (Number.isFinite(kept)) return Math.max(0, Math.min(100, kept));
  return localStorage.getItem(MUTED_KEY) === '1' ? 0 : 70;
}
export const setVolume = (v: number) => localStorage.setItem(VOLUME_KEY, String(Math.round(v)));

function knock(ctx: AudioContext, at: number, freq: number, gain: number) {
  const osc = ctx.createOscillator(), amp = ctx.createGain();
  osc.type = 'triangle';
  osc.frequency.setValueAtTime(freq, at);
  osc.frequency.exponentialRampToValueAtTime(freq / 2, at + 0.08);
  amp.gain.setValueAtTime(gain, at);
  amp.gain.exponentialRampToValueAtTime(0.001, at + 0.12);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + 0.13);
}

export function playSound(kind: 'move' | 'capture') {
  const level = volume() / 100;
  if (level <= 0) return;
  try {
    context ??= new AudioContext();
    const t = context.currentTime + 0.01;
    if (kind === 'move') knock(context, t, 520, 0.5 * level);
    else {
      knock(context, t, 300, 0.7 * level);
      knock(context, t + 0.07, 220, 0.65 * level);
    }
  } catch {
    // No audio device, or the browser refuses sound before a click: the game goes on silently.
  }
}
