import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { NOTIFICATION_TIMEOUT_MS } from '@vitrine/core';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/layout.css';
import { initI18n } from './i18n';
import { resolveStartLocale } from './lib/locale';
import { createAppRouter } from './app/router';
import { ConfirmProvider } from './lib/confirm';

const start = resolveStartLocale();
if (start.redirect) {
  window.location.replace(start.redirect);
} else {
  await initI18n(start.locale);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  const router = createAppRouter(queryClient, start.locale);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider defaultColorScheme="light">
        <Notifications position="top-right" autoClose={NOTIFICATION_TIMEOUT_MS} limit={5} />
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
