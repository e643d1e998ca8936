// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions } from '../../i18n/resources';
import { ErrorPage } from './ErrorPages';

/**
 * Spec §2: should the error page itself fail, the reader still gets a page: 'An error occurred while
 * showing the error page' (in their language), in plain markup with a way home. Here the page fails for
 * real: it is drawn without the UI kit's provider, which its components need.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function drawBroken(): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <ErrorPage
        error={new Error('the page failed')}
        reset={() => undefined}
        info={{ componentStack: '' }}
      />,
    );
  });
  return container;
}

describe('the error page when it fails itself', () => {
  it('says so in plain markup, with a link home', async () => {
    await i18n.use(initReactI18next).init(i18nOptions('en'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = await drawBroken();
    expect(page.querySelector('h1')?.textContent).toBe('An error occurred while showing the error page');
    expect(page.querySelector('a')?.getAttribute('href')).toBe('/');
    // The failure is logged (spec §8), not shown.
    expect(logged).toHaveBeenCalled();
    expect(page.textContent).not.toContain('the page failed');
    logged.mockRestore();
  });

  it("in the reader's language", async () => {
    await i18n.changeLanguage('uk');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = await drawBroken();
    expect(page.querySelector('h1')?.textContent).toBe('Під час показу сторінки помилки сталася помилка');
    logged.mockRestore();
  });
});
