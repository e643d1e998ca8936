/**
 * Ad money in exact integers: prices and revenue in micro-units (a millionth of the currency unit), as
 * OpenRTB's CPM prices have more decimals than cents. A play's revenue is the clearing price per thousand
 * impressions times the play's audience multiplier: 2.50 CPM × 30.3 / 1000 = 0.07575 (75,750 micros).
 */
import { mulDiv } from '../billing/money.js';

export const MICROS = 1_000_000;

/**
 * A decimal as micro-units, read from its text so that no binary float rounds it on the way (JSON numbers
 * are given to `String()` first: '2.5' and '0.07575' are exact there); more than six decimals are rounded.
 */
export function toMicros(value: number | string): number {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = m;
  const digits = `${whole}${fraction.padEnd(6, '0').slice(0, 6)}`;
  let micros = BigInt(digits);
  // Round half to even on the seventh decimal onwards.
  const rest = fraction.slice(6);
  if (
    rest &&
    (Number(rest[0]) > 5 || (rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) || micros % 2n === 1n)))
  )
    micros += 1n;
  const out = Number(micros);
  if (!Number.isSafeInteger(out)) throw new RangeError('amount out of range');
  return sign === '-' ? -out : out;
}

/** A number without exponent notation (1e-7 -> '0.0000001'). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError('not a finite number');
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Micro-units as a decimal string without trailing zeros: 75750 -> '0.07575'. */
export function fromMicros(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const fraction = String(abs % MICROS)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / MICROS)}${fraction ? `.${fraction}` : ''}`;
}

/** What one play earns: CPM price (micros) × audience multiplier (micros) / 1000, in micros, half to even. */
export function playRevenueMicros(cpmMicros: number, multiplierMicros: number): number {
  return mulDiv(cpmMicros, multiplierMicros, 1000 * MICROS);
}
