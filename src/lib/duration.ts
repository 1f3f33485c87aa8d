// Durations in configuration: `250ms`, `30s`, `1m`, `2h`, `1d` or a plain number of milliseconds.
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(value: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(value);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = UNITS[match[2] ?? 'ms'] ?? 1;
  const ms = Math.round(amount * unit);
  return Number.isFinite(ms) ? ms : null;
}
