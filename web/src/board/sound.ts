// Move and capture sounds made with WebAudio (no sound files): a short wooden click for a move,
// a lower double knock for a capture. Muted or not is kept in localStorage.
import { MUTED_KEY as KEY } from '../model/storage_keys';

let context: AudioContext | null = null;

export const muted = () => localStorage.getItem(KEY) === '1';
export const setMuted = (m: boolean) => localStorage.setItem(KEY, m ? '1' : '0');

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
  if (muted()) return;
  try {
    context ??= new AudioContext();
    const t = context.currentTime + 0.01;
    if (kind === 'move') knock(context, t, 520, 0.35);
    else {
      knock(context, t, 300, 0.5);
      knock(context, t + 0.07, 220, 0.45);
    }
  } catch {
    // No audio device, or the browser refuses sound before a click: the game goes on silently.
  }
}
