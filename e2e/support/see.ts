import { expect } from '@playwright/test';

/**
 * Auto-waiting assertions on what a page shows: @playwright/test's `expect` for locators and pages
 * (`toBeVisible`, `toHaveText`, `toHaveCount`, `toHaveURL`...), retried until it holds or the timeout
 * passes, and failing with what the page showed instead. Named `see` beside vitest's `expect` (values):
 * `await see(page.getByText('Saved')).toBeVisible()`. The timeout is the one a loaded CI host needs for
 * a server round trip and a render, not a sleep: a passing assertion returns as soon as it holds.
 */
export const see = expect.configure({ timeout: 20_000 });
