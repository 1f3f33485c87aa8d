// Helpers for the held-out sets' grading keys: one amount of money in the ways an answer may write it.

/**
 * A price as an answer may write it: `eur('12')` → €12, € 12, 12 €, 12 eur(os), 12.00, 12,00;
 * `eur('34.90')` → 34.90, 34,90 (a decimal amount is distinctive on its own).
 */
export function eur(amount: string): string[] {
  if (amount.includes('.')) return [amount, amount.replace('.', ',')];
  return [`€${amount}`, `€ ${amount}`, `${amount} €`, `${amount} eur`, `${amount}.00`, `${amount},00`];
}
