import { z } from 'zod';
import { FileConfig, FileConfigInput, FileSchedule, FileScheduleInput, IdParams } from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import { requireCaller } from '../../plugins/access.js';

const config = { access: 'files.route' as const };
const tags = ['gallery'];
const Ok = z.object({ ok: z.literal(true) });

/** A file's own schedule and configuration (spec §7 File: schedule, removeSchedule, config, removeConfig). */
export async function fileRulesRoutes(app: App, { services }: RouteContext): Promise<void> {
  const { fileRules } = services;
  app.post(
    '/api/file/schedule',
    {
      config,
      schema: {
        tags,
        summary: "When a file may start, for the file, a screen, a playlist or both (replaces the scope's)",
        body: FileScheduleInput,
        response: { 200: FileSchedule },
      },
    },
    async (request) => fileRules.putSchedule(requireCaller(request), request.body),
  );
  app.post(
    '/api/file/removeSchedule/:id',
    {
      config,
      schema: { tags, summary: "Remove a file's schedule", params: IdParams, response: { 200: Ok } },
    },
    async (request) => fileRules.removeSchedule(requireCaller(request), request.params.id),
  );
  app.post(
    '/api/file/config',
    {
      config,
      schema: {
        tags,
        summary: "How a file plays (duration, volume, fit, muted) for its scope (replaces the scope's)",
        body: FileConfigInput,
        response: { 200: FileConfig },
      },
    },
    async (request) => fileRules.putConfig(requireCaller(request), request.body),
  );
  app.post(
    '/api/file/removeConfig/:id',
    {
      config,
      schema: { tags, summary: "Remove a file's configuration", params: IdParams, response: { 200: Ok } },
    },
    async (request) => fileRules.removeConfig(requireCaller(request), request.params.id),
  );
}
