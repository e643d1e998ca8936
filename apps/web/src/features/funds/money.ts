import { formatMinor, type Minor } from '@vitrine/core';

/** An amount as people read it: '12.34 USD' (exact: no float on the way). */
export const formatMoney = (amount: Minor, currency: string): string =>
  `${formatMinor(amount)} ${currency.toUpperCase()}`;
