import type { ReactNode } from 'react';
import type { PermissionKey, UserInfo } from '@vitrine/core';
import { useUserInfo } from '../features/auth/session';

/** Whether a scope (GET /api/user/info's `scope`, as the server computed it) holds a permission key. */
export const holds = (info: Pick<UserInfo, 'scope'> | null | undefined, key: PermissionKey): boolean =>
  info?.scope.includes(key) ?? false;

/**
 * The caller's abilities as the server sent them: `can('point.patch')`. The UI reads the scope and never
 * decides from a role, so the menu, the pages and the API agree. False while the user is loading.
 */
export function usePermissions(): (key: PermissionKey) => boolean {
  const { data } = useUserInfo();
  return (key) => holds(data, key);
}

/** One permission key: `usePermission('net.create')`. */
export function usePermission(key: PermissionKey): boolean {
  return usePermissions()(key);
}

/** Renders its children only for a caller whose scope holds the key (else `otherwise`, if given). */
export function Can({
  permission,
  children,
  otherwise = null,
}: {
  permission: PermissionKey;
  children: ReactNode;
  otherwise?: ReactNode;
}) {
  return usePermission(permission) ? children : otherwise;
}

/** Whether the platform admin blocked the cabinet in use: the layout's banner says so, lists stay quiet. */
export const useCabinetBlocked = (): boolean => Boolean(useUserInfo().data?.cabinetBlocked);
