/** A decimal number written as text (`-0.71`, `12`, `3.50`): a spreadsheet reads it as the number it is. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * One CSV field. RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. Text that a
 * spreadsheet would take for a formula (= + - @, or a tab or carriage return before one) gets a leading
 * apostrophe, so a playlist named `=HYPERLINK(...)` opens as its name, never as a formula (OWASP CSV
 * injection). Numbers stay numbers, and so does a decimal number given as text (a formatted amount such
 * as `-0.71`): it cannot run anything, and an apostrophe would turn it into text.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const formula = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) && !DECIMAL.test(value);
  const text = formula ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
