import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, intlLocale } from '../../lib/time';

/** The statistics pages' numbers in the reader's language: counts, money, impressions and time shown. */
export function useNumbers() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return useMemo(() => {
    const int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const dec = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return {
      locale,
      int: (n: number) => int.format(n),
      dec: (n: number) => dec.format(n),
      money: (n: number) => money.format(n),
      duration: formatDuration,
    };
  }, [locale]);
}
