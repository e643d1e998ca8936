// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { PointListQuery } from '@vitrine/core';
import { listAddress, useListSearch } from './search';
import { mount, unmountAll, until } from '../../testing';

/**
 * A list route only types its address (the route tree is on the sign-in page, without zod); the page
 * checks it with its list's schema: a wrong value is dropped, the page's own keys kept, and a change
 * writes back only what holds.
 */
const bindSearch = (search: Record<string, unknown>) =>
  typeof search.bind === 'string' ? { bind: search.bind } : {};

let update: ReturnType<typeof useListSearch<typeof PointListQuery, { bind?: string }>>['update'];
function Screens() {
  const list = useListSearch(PointListQuery, bindSearch);
  update = list.update;
  return <pre>{JSON.stringify(list.search)}</pre>;
}

afterEach(unmountAll);

function open(address: string) {
  const top = createRootRoute();
  const point = createRoute({
    getParentRoute: () => top,
    path: '/point',
    validateSearch: listAddress<PointListQuery>(),
    component: Screens,
  });
  const router = createRouter({
    routeTree: top.addChildren([point]),
    history: createMemoryHistory({ initialEntries: [address] }),
  });
  const container = mount(<RouterProvider router={router as never} />);
  return {
    router,
    shown: () => JSON.parse(container.querySelector('pre')?.textContent ?? 'null') as unknown,
  };
}

describe('a list page’s address', () => {
  it('is checked by the page with its list’s schema: wrong values dropped, its own keys kept', async () => {
    const { shown } = open('/point?page=abc&limit=100&status=SLEEPING&sort=name&bind=K7M2&other=1');
    await until(() => expect(shown()).toEqual({ limit: 100, sort: 'name', bind: 'K7M2' }));
  });

  it('changes to what holds, back to page 1, wrong values and emptied keys left out', async () => {
    const { router, shown } = open('/point?page=3&limit=100&status=SLEEPING&search=lobby');
    await until(() => expect(shown()).toEqual({ page: 3, limit: 100, search: 'lobby' }));
    act(() => update({ search: '', status: 'ONLINE' }));
    await until(() => expect(shown()).toEqual({ limit: 100, status: 'ONLINE' }));
    expect(router.state.location.search).toEqual({ limit: 100, status: 'ONLINE' });
  });
});
