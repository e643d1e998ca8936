import { cabinetApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { CabinetService } from './cabinet.service.js';
import type { UserService } from '../user/user.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

export async function cabinetRoutes(
  app: App,
  { cabinets, users }: { cabinets: CabinetService; users: UserService },
): Promise<void> {
  route(app, cabinetApi.list, async (request) => cabinets.list(requireCaller(request), request.query));

  route(app, cabinetApi.info, async (request) => cabinets.info(requireCaller(request)));

  route(app, cabinetApi.get, async (request) => cabinets.get(requireCaller(request), request.params.id));

  route(app, cabinetApi.patch, async (request) =>
    cabinets.patch(requireCaller(request), request.params.id, request.body),
  );

  route(app, cabinetApi.approval, async (request) =>
    cabinets.setApproval(requireCaller(request), request.body.approvalRequired),
  );

  route(app, cabinetApi.twoFaRequirement, async (request) =>
    cabinets.setTwoFaRequired(requireCaller(request), request.body.twoFaRequired),
  );

  route(app, cabinetApi.addMember, async (request) => users.addMember(requireCaller(request), request.body));

  route(app, cabinetApi.removeMember, async (request) => {
    await users.removeMember(requireCaller(request), request.params.id);
    return { ok: true as const };
  });
}
