/**
 * A value axis's tick label: short ('1.2K', '3M') and never the same for two ticks. Ticks are round steps
 * of the range, so three significant digits tell any two apart, small amounts of money ('0.0005',
 * '0.001') included, where a fixed number of decimals would print '0' for each.
 */
export const axisNumber = (value: number, locale: string): string =>
  new Intl.NumberFormat(locale, { notation: 'compact', maximumSignificantDigits: 3 }).format(value);
