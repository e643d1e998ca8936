/**
 * Money is exact: amounts are integers in the currency's minor unit (cents), held as JavaScript numbers
 * within the safe-integer range; every fraction (a day's share of a month's price, a discount) is worked
 * out in integers (bigint) and rounded once, half to even, where an amount is written down.
 */

/** An amount in minor units (cents). */
export type Minor = number;

/**
 * The most one ledger entry the platform admin records (a top-up, refund or correction) may move:
 * 1,000,000,000.00 in minor units. Refused at the input with `MESSAGES.amountTooLarge`.
 */
export const MAX_ENTRY_AMOUNT = 100_000_000_000;

/**
 * The most a balance may hold: 10,000,000,000.00 in minor units, far inside the safe-integer range, so
 * every sum, runway and charge over it stays exact. The database refuses more (check
 * `cabinets_balance_at_most`, and no ledger entry moves more), and a credit that would pass it is refused
 * with `MESSAGES.balanceTooLarge`.
 */
export const MAX_BALANCE = 1_000_000_000_000;

/** Basis points: 10,000 = 100 %. */
export const BP = 10_000;

/** `value * numerator / denominator`, rounded half to even, in integers throughout. */
export function mulDiv(
  value: Minor | bigint,
  numerator: number | bigint,
  denominator: number | bigint,
): Minor {
  const n = BigInt(value) * BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('division by zero');
  const sign = n < 0n !== d < 0n ? -1n : 1n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  let q = a / b;
  const r = a % b;
  if (r * 2n > b || (r * 2n === b && q % 2n === 1n)) q += 1n;
  const result = sign * q;
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError('amount out of range');
  return Number(result);
}

/** An amount for people: 1234 EUR -> '12.34' (the currency's own digits; no float on the way). */
export function formatMinor(amount: Minor, digits = 2): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** '12.34' or '12,34' (at most the currency's digits) -> 1234; null when it is not an amount. */
export function parseMinor(text: string, digits = 2): Minor | null {
  const m = /^\s*(\d{1,12})(?:[.,](\d{1,6}))?\s*$/.exec(text);
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(m[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
