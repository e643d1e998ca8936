import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS } from '@vitrine/core';
import { BUILTIN_PAGES } from './pages.js';

describe('built-in plugin pages', () => {
  it('has one page for every built-in plugin, each saying it is ready', () => {
    expect(Object.keys(BUILTIN_PAGES).sort()).toEqual(BUILTIN_PLUGINS.map((p) => p.id).sort());
    for (const [id, page] of Object.entries(BUILTIN_PAGES)) {
      expect(page, id).toMatch(/^<!doctype html>/);
      expect(page, id).toContain('vitrine.ready()');
    }
  });
});
