// The alarm banner's beep: two short tones from a Web Audio OscillatorNode, no audio file. Browsers let a page make
// sound only after the person interacted with it (autoplay rules), so the one AudioContext of the tab is created or
// resumed from a user gesture only (`unlockSound`: turning the sound on, the banner's "click to enable sound", or the
// first click or key press on the page once the sound is on); until then `beep` plays nothing and says so.
import { useSyncExternalStore } from 'react';

/** `unsupported`: no Web Audio; `locked`: no context yet, or the browser holds it suspended; `ready`: it plays. */
export type SoundState = 'unsupported' | 'locked' | 'ready';

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function audioClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

export function soundState(): SoundState {
  if (!audioClass()) return 'unsupported';
  return context?.state === 'running' ? 'ready' : 'locked';
}

/** Call from a user gesture (a click, a key press): creates the tab's AudioContext, or resumes it. */
export function unlockSound(): void {
  const Audio = audioClass();
  if (!Audio) return;
  if (!context) {
    try {
      context = new Audio();
    } catch {
      return;
    }
    context.addEventListener('statechange', notify);
  }
  if (context.state === 'suspended') {
    context.resume().then(notify, () => undefined);
  }
  notify();
}

/** The two tones of a new alarm (Hz), each this long (s). */
const TONES = [880, 660] as const;
const TONE_SECONDS = 0.16;
const VOLUME = 0.2;

/** Plays the beep; false (nothing played) while the context is locked or Web Audio is missing. */
export function beep(): boolean {
  if (context?.state !== 'running') return false;
  try {
    const start = context.currentTime;
    const end = start + TONES.length * TONE_SECONDS;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    TONES.forEach((hz, i) => {
      oscillator.frequency.setValueAtTime(hz, start + i * TONE_SECONDS);
    });
    // A soft attack and release, no click.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.02);
    gain.gain.setValueAtTime(VOLUME, end - 0.05);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(start);
    oscillator.stop(end + 0.01);
    return true;
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** Whether the beep can play, followed live. */
export function useSoundState(): SoundState {
  return useSyncExternalStore(subscribe, soundState, () => 'unsupported');
}

/** Forgets the tab's context (tests). */
export function resetSound(): void {
  if (context) {
    try {
      context.removeEventListener('statechange', notify);
      context.close().catch(() => undefined);
    } catch {
      // Already closed, or a stand-in without these.
    }
  }
  context = null;
  notify();
}
