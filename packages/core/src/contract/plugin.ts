import { IdParams, OkResponse } from '../schemas/common.js';
import {
  PluginFeed,
  PluginFeedQuery,
  PluginHostQuery,
  PluginInstance,
  PluginInstanceInput,
  PluginItem,
  PluginList,
  PluginListQuery,
  PluginUploadHeaders,
} from '../schemas/plugin.js';
import { defineRoute, defineRoutes } from './route.js';

/** The plugin routes (spec §7 Plugin; docs/studio.md, "Plugins"). */
export const pluginApi = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/plugin',
    access: 'plugins.route',
    summary: 'Plugins: the built-in ones and the uploaded ones (25 a page)',
    tags: ['studio'],
    query: PluginListQuery,
    response: PluginList,
  }),
  post: defineRoute({
    method: 'POST',
    path: '/api/plugin/post',
    access: 'plugins.route',
    summary: 'Upload a plugin: a zip of manifest.json and its page, as the raw body',
    tags: ['studio'],
    headers: PluginUploadHeaders,
    response: PluginItem,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/plugin/remove/:id',
    access: 'plugins.route',
    summary: 'Remove an uploaded plugin (its instances keep playing)',
    tags: ['studio'],
    params: IdParams,
    response: OkResponse,
  }),
  instance: defineRoute({
    method: 'POST',
    path: '/api/plugin/instance',
    access: 'plugins.route',
    summary: 'Make an instance of a plugin: its settings, kept as a library file of kind plugin',
    tags: ['studio'],
    body: PluginInstanceInput,
    response: PluginInstance,
  }),
  feed: defineRoute({
    method: 'GET',
    path: '/api/plugin/feed',
    access: 'device',
    summary: "An RSS or Atom feed for a screen's plugin, fetched with the address checks of imports",
    tags: ['player'],
    query: PluginFeedQuery,
    response: PluginFeed,
  }),
  host: defineRoute({
    method: 'GET',
    path: '/api/plugin/host',
    access: 'public',
    summary: "The empty page a screen writes a plugin into (sandboxed; the plugin's origins only)",
    tags: ['player'],
    query: PluginHostQuery,
  }),
});
