import { useEffect } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { appLocale } from '../i18n';
import { applyBrand, useBrand } from '../brand/brand';
import { useUserInfo } from '../features/auth/session';
import { progress } from '../lib/progress';
import { useSessionAnalytics, useSupportChat } from './embeds';
import { ProgressBar } from './ProgressBar';
import { VersionBanner } from './VersionBanner';

/** Everything every page shares: brand, progress bar, the configured embeds, the new-version notice. */
export function Root() {
  const brand = useBrand();
  const { i18n } = useTranslation();
  const { data: user } = useUserInfo();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const loading = useRouterState({ select: (s) => s.status === 'pending' });

  useEffect(() => applyBrand(brand), [brand]);
  useEffect(() => (loading ? progress.start() : undefined), [loading]);
  useSupportChat(brand, path, user, appLocale(i18n.language));
  useSessionAnalytics(brand, user);

  return (
    <>
      <ProgressBar />
      <Outlet />
      <VersionBanner />
    </>
  );
}
