import { useTranslation } from 'react-i18next';
import { RUNWAY_HORIZON_DAYS } from '@vitrine/core';
import { intlLocale } from '../../lib/time';

/**
 * How long the funds last, in words: 'Nothing to pay' only when the days cost nothing (null); a balance
 * that outlasts the horizon is 'More than 3,650 days', never 'Nothing to pay' beside a real daily cost.
 */
export function useRunwayText(): (days: number | null) => string {
  const { t, i18n } = useTranslation();
  return (days) => {
    if (days === null) return t('funds.forever');
    if (days >= RUNWAY_HORIZON_DAYS)
      return t('funds.daysMore', { count: days, days: days.toLocaleString(intlLocale(i18n.language)) });
    return t('funds.days', { count: days });
  };
}
