import { describe, expect, it } from 'vitest';
import { PlaylistListQuery, PointListQuery } from '@vitrine/core';
import { listSearch } from './search';

describe('listSearch', () => {
  it('keeps what the list query schema accepts and drops the rest, writing no defaults', () => {
    const validate = listSearch(PointListQuery);
    expect(validate({ page: 2, limit: 1000, status: 'ONLINE', sort: 'name', other: 'x' })).toEqual({
      page: 2,
      limit: 1000,
      status: 'ONLINE',
      sort: 'name',
    });
    expect(validate({ page: 0, limit: 5000, status: 'SLEEPING', sort: 'size' })).toEqual({});
    expect(validate({})).toEqual({});
  });

  it('reads back what the router parsed as JSON: a numeric search, a boolean flag', () => {
    const validate = listSearch(PlaylistListQuery);
    expect(validate({ search: 123, pending: true, tag: '7' })).toEqual({
      search: '123',
      pending: 'true',
      tag: 7,
    });
  });

  it('adds the page’s own keys', () => {
    const validate = listSearch(PointListQuery, (s) => (typeof s.bind === 'string' ? { bind: s.bind } : {}));
    expect(validate({ bind: 'ABC123', net: 4 })).toEqual({ net: 4, bind: 'ABC123' });
  });
});
