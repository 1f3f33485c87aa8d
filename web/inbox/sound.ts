// A short chime for a new handover or a visitor's message in a conversation you hold, made with the Web
// Audio API (no sound file to fetch: it works offline). Off unless the person turns it on; the choice is
// kept in this browser.
const KEY = 'chatbot-ops.inbox.sound';

export const soundIsOn = (): boolean => {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
};

export function setSound(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (a private window): the choice lasts for this page only.
  }
}

let context: AudioContext | null = null;

/** Two soft notes; nothing when the sound is off or the browser has no Web Audio. */
export function chime(): void {
  if (!soundIsOn() || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 660],
    [0.16, 880],
  ] as const) {
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.12, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.3);
    tone.connect(volume).connect(context.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.3);
  }
}
