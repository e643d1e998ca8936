import { fileRulesApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { FileRulesService } from './file-rules.service.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** A file's own schedule and configuration (spec §7 File: schedule, removeSchedule, config, removeConfig). */
export async function fileRulesRoutes(
  app: App,
  { fileRules }: { fileRules: FileRulesService },
): Promise<void> {
  route(app, fileRulesApi.schedule, async (request) =>
    fileRules.putSchedule(requireCaller(request), request.body),
  );
  route(app, fileRulesApi.removeSchedule, async (request) =>
    fileRules.removeSchedule(requireCaller(request), request.params.id),
  );
  route(app, fileRulesApi.config, async (request) =>
    fileRules.putConfig(requireCaller(request), request.body),
  );
  route(app, fileRulesApi.removeConfig, async (request) =>
    fileRules.removeConfig(requireCaller(request), request.params.id),
  );
}
