// Time comes from a clock so tests can move it (scheduled refreshes, expiries, retention).
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Timestamps formatted lately: list pages show the same rows' times again and again. */
const isoCache = new Map<number, string>();
const ISO_CACHE_SIZE = 10_000;

export function iso(ms: number): string {
  let text = isoCache.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString();
    if (isoCache.size >= ISO_CACHE_SIZE) isoCache.clear();
    isoCache.set(ms, text);
  }
  return text;
}
export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms));
