'use client';

/**
 * Sound and vibration for each answer, so the crew need not look at the screen in a queue: a high
 * double beep for boarded, a middle tone for already boarded, a low long buzz for a refusal.
 * Browsers allow audio only after a tap, so the first tap "unlocks" the AudioContext.
 */
let audio: AudioContext | null = null;

type Tone = 'good' | 'warn' | 'bad' | 'unlock';

const TONES: Record<Exclude<Tone, 'unlock'>, { notes: [number, number][]; vibrate: number[] }> = {
  good: {
    notes: [
      [1320, 0.09],
      [1760, 0.12],
    ],
    vibrate: [60],
  },
  warn: { notes: [[660, 0.25]], vibrate: [120, 80, 120] },
  bad: { notes: [[220, 0.5]], vibrate: [300, 100, 300] },
};

export function feedback(tone: Tone): void {
  try {
    const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!audio && Context) audio = new Context();
    if (audio?.state === 'suspended') void audio.resume();
    if (tone === 'unlock') return;
    const { notes, vibrate } = TONES[tone];
    navigator.vibrate?.(vibrate);
    if (!audio) return;
    let start = audio.currentTime;
    for (const [frequency, seconds] of notes) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = tone === 'bad' ? 'square' : 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.25, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + seconds);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + seconds);
      start += seconds + 0.03;
    }
  } catch {
    // No sound or vibration on this device: the colour and words still say it.
  }
}
