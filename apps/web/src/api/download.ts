import { authApi, type ErrorBody } from '@vitrine/core';
import i18n from '../i18n';
import { notifyError } from '../lib/notify';
import { translateError } from '../lib/messages';
import { session } from './client';
import { call } from './contract';

function fileName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/** Hands a blob to the browser as a download under a name. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file the server makes for the signed-in user: fetched with the bearer token (a plain link cannot send
 * it), then saved through an object URL.
 */
export async function downloadFile(path: string, query: Record<string, string>, fallback: string) {
  const search = new URLSearchParams(query).toString();
  const url = path.startsWith('/api/') || /^https?:/.test(path) ? path : `/api${path}`;
  const target = search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
  const send = () =>
    fetch(target, { headers: session.token ? { authorization: `Bearer ${session.token}` } : {} });
  let response = await send();
  if (response.status === 401) {
    // The access token may have just expired: one call through the client refreshes it.
    await call(authApi.info, {}, { silent: true }).catch(() => undefined);
    response = await send();
  }
  if (!response.ok) {
    let message = i18n.t('statistics.exportFailed');
    try {
      message = translateError((await response.json()) as Partial<ErrorBody>);
    } catch {
      // not JSON
    }
    notifyError(message);
    throw new Error(message);
  }
  save(await response.blob(), fileName(response, fallback));
}
