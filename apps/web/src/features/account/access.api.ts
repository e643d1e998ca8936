import { useQuery } from '@tanstack/react-query';
import { accessApi, type ShareAccessBody } from '@vitrine/core';
import { call, keyOf } from '../../api/contract';

export const SHARED_KEY = keyOf(accessApi.list);
export const CABINETS_KEY = keyOf(accessApi.cabinets);

/** GET /api/user/shared-access: people of other cabinets with access to this one. */
export const useSharedAccess = () => useQuery({ queryKey: SHARED_KEY, queryFn: () => call(accessApi.list) });

/** GET /api/user/cabinets: the cabinets I work in (silent: the account menu reads it in passing). */
export const useMyCabinets = () =>
  useQuery({ queryKey: CABINETS_KEY, queryFn: () => call(accessApi.cabinets, {}, { silent: true }) });

/** POST /api/user/share-access. */
export const shareAccess = (body: ShareAccessBody) => call(accessApi.shareAccess, { body });

/** POST /api/user/remove-access/:id. */
export const removeAccess = (id: number) => call(accessApi.remove, { params: { id } });

/** POST /api/user/switch-cabinet: a token pair for the cabinet chosen. */
export const switchCabinet = (cabinetId: number) =>
  call(accessApi.switchCabinet, { body: { cabinetId } }, { silent: true });
