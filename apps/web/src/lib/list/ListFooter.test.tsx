import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { ListFooter } from './ListFooter';

/** The page-size select as drawn: its shown value. */
function shownSize(limit: number, defaultLimit = 25): string | undefined {
  const html = renderToString(
    <MantineProvider>
      <ListFooter
        total={40}
        page={1}
        limit={limit}
        defaultLimit={defaultLimit}
        onPage={() => undefined}
        onLimit={() => undefined}
      />
    </MantineProvider>,
  );
  return /<input[^>]*aria-label="common.pageSize"[^>]*value="([^"]*)"/.exec(html)?.[1];
}

describe('the page-size select', () => {
  it('shows the size the list is paged by, one of its choices or not', () => {
    expect(shownSize(100)).toBe('100');
    expect(shownSize(25)).toBe('25');
    // An address may ask for any size the list takes (?limit=7): the select says so rather than nothing.
    expect(shownSize(7)).toBe('7');
  });
});
