import { Readable } from 'node:stream';
import { pluginApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { PluginService } from './plugin.service.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';
import { HOST_PAGE, hostPolicy, parseOrigins } from './plugin.host.js';

/** Plugins (spec §7 Plugin; docs/studio.md, "Plugins"). */
export async function pluginRoutes(app: App, { plugins }: { plugins: PluginService }): Promise<void> {
  // A plugin arrives as its zip, the raw body.
  app.addContentTypeParser(
    ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
    (_request, payload, done) => done(null, payload),
  );

  route(app, pluginApi.list, async (request) => plugins.list(requireCaller(request), request.query));
  route(app, pluginApi.post, async (request) => {
    if (!(request.body instanceof Readable))
      throw new AppError('UPLOAD_INVALID', 'Send the plugin’s zip as the body');
    return plugins.upload(requireCaller(request), request.body);
  });
  route(app, pluginApi.remove, async (request) => plugins.remove(requireCaller(request), request.params.id));
  route(app, pluginApi.instance, async (request) =>
    plugins.createInstance(requireCaller(request), request.body),
  );
  route(app, pluginApi.instanceGet, async (request) =>
    plugins.getInstance(requireCaller(request), request.params.fileId),
  );
  route(app, pluginApi.instancePatch, async (request) =>
    plugins.patchInstance(requireCaller(request), request.params.fileId, request.body),
  );
  route(app, pluginApi.feed, async (request) => plugins.feed(request.query.url));
  route(app, pluginApi.host, async (request, reply) => {
    const origins = parseOrigins(request.query.origins);
    if (!origins) throw new AppError('VALIDATION_ERROR', 'Invalid origins', { origins: 'Invalid origins' });
    return (
      reply
        .header('content-type', 'text/html; charset=utf-8')
        // The same page for every screen: kept by the browser, so plugins start without the network.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', hostPolicy(origins))
        .send(HOST_PAGE)
    );
  });
}
