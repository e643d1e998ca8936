import { BrandConfigSchema } from '../schemas/brand.js';
import { defineRoute, defineRoutes } from './route.js';

/** The brand routes (spec §7): path, method, access key, input and answer. */
export const brandApi = defineRoutes({
  get: defineRoute({
    method: 'GET',
    path: '/api/brand',
    access: 'public',
    summary: 'White-label brand and endpoints',
    tags: ['system'],
    response: BrandConfigSchema,
  }),
});
