import { useEffect } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@vitrine/core';
import { applyBrand, useBrand } from '../brand/brand';
import { useUserInfo } from '../features/auth/session';
import { progress } from '../lib/progress';
import { useSessionAnalytics, useSupportChat } from './embeds';
import { ProgressBar } from './ProgressBar';

/** Everything every page shares: brand, progress bar, the configured embeds. */
export function Root() {
  const brand = useBrand();
  const { i18n } = useTranslation();
  const { data: user } = useUserInfo();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const loading = useRouterState({ select: (s) => s.status === 'pending' });

  useEffect(() => applyBrand(brand), [brand]);
  useEffect(() => (loading ? progress.start() : undefined), [loading]);
  useSupportChat(brand, path, user, i18n.language as Locale);
  useSessionAnalytics(brand, user);

  return (
    <>
      <ProgressBar />
      <Outlet />
    </>
  );
}
