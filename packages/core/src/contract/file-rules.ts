import { IdParams, OkResponse } from '../schemas/common.js';
import { FileConfig, FileConfigInput, FileSchedule, FileScheduleInput } from '../schemas/media.js';
import { defineRoute, defineRoutes } from './route.js';

/** The file-rules routes (spec §7): path, method, access key, input and answer. */
export const fileRulesApi = defineRoutes({
  schedule: defineRoute({
    method: 'POST',
    path: '/api/file/schedule',
    access: 'files.route',
    billing: 'spends',
    summary: "When a file may start, for the file, a screen, a playlist or both (replaces the scope's)",
    tags: ['gallery'],
    body: FileScheduleInput,
    response: FileSchedule,
  }),
  removeSchedule: defineRoute({
    method: 'POST',
    path: '/api/file/removeSchedule/:id',
    access: 'files.route',
    summary: "Remove a file's schedule",
    tags: ['gallery'],
    params: IdParams,
    response: OkResponse,
  }),
  config: defineRoute({
    method: 'POST',
    path: '/api/file/config',
    access: 'files.route',
    billing: 'spends',
    summary: "How a file plays (duration, volume, fit, muted) for its scope (replaces the scope's)",
    tags: ['gallery'],
    body: FileConfigInput,
    response: FileConfig,
  }),
  removeConfig: defineRoute({
    method: 'POST',
    path: '/api/file/removeConfig/:id',
    access: 'files.route',
    summary: "Remove a file's configuration",
    tags: ['gallery'],
    params: IdParams,
    response: OkResponse,
  }),
});
