// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { session } from '../../api/client';
import { useDashboard } from '../dashboard/dashboard.api';
import { beginSession, changeSession, useUserInfo } from './session';
import { until } from '../../testing';

/**
 * Issue 29: switching cabinets from the dashboard kept the old cabinet's screens, role and funds on screen
 * until a reload. The page stays mounted through the switch (the landing page is the page itself), so
 * what it watches must ask again under the new tokens, and nothing of the old cabinet may show meanwhile.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROLE: Record<string, string> = { agency: 'owner', venue: 'contentManager' };

/** The server, as the two cabinets' tokens see it: each its own user info and dashboard. */
function server() {
  return vi.fn(async (url: string, init: RequestInit) => {
    const token = String((init.headers as Record<string, string>).authorization).replace('Bearer ', '');
    const path = new URL(url, 'http://cabinet.test').pathname;
    const body =
      path === '/api/user/info'
        ? { user: { login: 'agency', role: ROLE[token] } }
        : { points: { items: [{ name: `${token} screen` }] }, fullness: { pending: false } };
    return new Response(JSON.stringify(body), { status: 200 });
  });
}

function Dashboard({ seen }: { seen: string[] }) {
  const info = useUserInfo().data as { user: { role: string } } | null | undefined;
  const dashboard = useDashboard('1d').data as unknown as
    { points: { items: { name: string }[] } } | undefined;
  const text = `${info?.user.role ?? '…'} / ${dashboard?.points.items[0]?.name ?? '…'}`;
  seen.push(text);
  return <output>{text}</output>;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  session.clear();
});

describe('changing cabinets on the page that stays', () => {
  it("shows the new cabinet's role and screens, and never the old one's after the change", async () => {
    vi.stubGlobal('fetch', server());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seen: string[] = [];
    session.set({ token: 'agency', refreshToken: 'r1' });
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root!.render(
        <QueryClientProvider client={client}>
          <Dashboard seen={seen} />
        </QueryClientProvider>,
      ),
    );
    await until(() => expect(container.textContent).toBe('owner / agency screen'));

    seen.length = 0;
    const pair = { token: 'venue', refreshToken: 'r2' };
    // As the account menu does; the landing page is the dashboard itself, so nothing is remounted.
    await act(() => changeSession(client, pair, () => beginSession(client, pair)));
    await until(() => expect(container.textContent).toBe('contentManager / venue screen'));
    expect(seen.filter((text) => text.includes('agency screen'))).toEqual([]);
  });
});
