import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/layout.css';
import { initI18n } from './i18n';
import { resolveStartLocale } from './lib/locale';
import { createAppRouter } from './app/router';
import { ConfirmProvider } from './lib/confirm';
import { Toasts } from './lib/toasts';

/**
 * Mantine keeps every select's closed dropdown in the document (hidden), about 28 elements each: a list
 * page's filters alone carried 140. Closed dropdowns leave the document, so a page of 1,000 rows stays light.
 */
const theme = createTheme({
  // By name, not Combobox.extend(): importing Combobox here would put its code on every first page.
  components: { Combobox: { defaultProps: { keepMounted: false } } },
});

/**
 * Starts the app in its locale. Not a top-level await: a module awaiting at its top level turns off the
 * bundler's chunk merging (rolldown keeps execution order then), which split the first page into some
 * fifty small scripts.
 */
async function start(): Promise<void> {
  const { locale, redirect } = resolveStartLocale();
  if (redirect) {
    window.location.replace(redirect);
    return;
  }
  await initI18n(locale);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  const router = createAppRouter(queryClient, locale);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

void start();
