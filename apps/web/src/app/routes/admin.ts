import type { UserListQuery } from '@vitrine/core';
import { listAddress } from '../../lib/list/search';
import { lazy, listPage, page } from './kit';

/** Users and the administration page. */
export const adminRoutes = [
  listPage(
    '/user',
    ['can:user.route'],
    lazy(() => import('../../features/users/UsersPage'), 'UsersPage'),
    listAddress<UserListQuery>(),
  ),
  page(
    '/user/create',
    ['can:user.route'],
    lazy(() => import('../../features/users/UserCreatePage'), 'UserCreatePage'),
  ),
  page(
    '/user/$id',
    ['can:user.route', 'id'],
    lazy(() => import('../../features/users/UserEditPage'), 'UserEditPage'),
  ),
  page(
    '/admin',
    ['can:admin.route'],
    lazy(() => import('../../features/admin/AdminPage'), 'AdminPage'),
  ),
];
