import type { TestApp } from './build.js';
import type { TestUser } from './factories.js';

/** POST /api/file/upload as a person: the raw bytes, the name in X-File-Name. */
export const uploadAs = (
  t: TestApp,
  who: TestUser,
  name: string,
  body: Buffer | string,
  folderId = 0,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/file/upload?folderId=${folderId}`,
    headers: {
      authorization: `Bearer ${who.token}`,
      'x-file-name': encodeURIComponent(name),
      'content-type': 'application/octet-stream',
      ...headers,
    },
    payload: body,
  });
