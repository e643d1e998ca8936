import { createRoute } from '@tanstack/react-router';
import { middleware } from '../middleware';
import { appRoute, lazy, page, text } from './kit';

/** The account's pages (profile, security, shared access, members) and its funds. */
export const accountRoutes = [
  page(
    '/account',
    ['can:account.route'],
    lazy(() => import('../../features/account/AccountPage'), 'AccountPage'),
  ),
  page(
    '/account-security',
    ['can:account.security'],
    lazy(() => import('../../features/account/SecurityPage'), 'SecurityPage'),
  ),
  page(
    '/account-access',
    ['can:user.shareAccess'],
    lazy(() => import('../../features/account/SharedAccessPage'), 'SharedAccessPage'),
  ),
  page(
    '/account-members',
    ['can:account.members'],
    lazy(() => import('../../features/account/MembersPage'), 'MembersPage'),
  ),
  page(
    '/funds',
    ['can:funds'],
    lazy(() => import('../../features/funds/FundsPage'), 'FundsPage'),
  ),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/funds/accepted',
    // Stripe returns here with the Checkout session it paid.
    validateSearch: (search: Record<string, unknown>): { session?: string } => {
      const session = text(search.session);
      return session ? { session } : {};
    },
    beforeLoad: middleware('can:funds'),
    component: lazy(() => import('../../features/funds/FundsAcceptedPage'), 'FundsAcceptedPage'),
  }),
];
