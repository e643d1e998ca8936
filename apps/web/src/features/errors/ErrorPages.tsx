import { Component, type ReactNode } from 'react';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LazyAppLayout } from '../../app/LazyAppLayout';
import { isChunkLoadError, reloadForChunkError } from '../../app/chunkReload';
import { UnknownMiddlewareError } from '../../app/middleware';
import { useUserInfo } from '../auth';
import i18n from '../../i18n';

/**
 * Spec §2, §8: '404 Not Found' / 'This page could not be found', with a link home; inside the cabinet's
 * frame for a signed-in person (an unknown address, or a page the role may not open), so the menu stays.
 */
export function NotFoundPage() {
  const { data: user, isLoading } = useUserInfo();
  // Not the bare page first and the framed one a moment later: wait for who is signed in.
  if (isLoading) return null;
  return user ? (
    <LazyAppLayout>
      <NotFound />
    </LazyAppLayout>
  ) : (
    <NotFound />
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1}>{t('errors.notFoundTitle')}</Title>
        <Text>{t('errors.notFoundText')}</Text>
        <Anchor component={Link} to="/">
          {t('errors.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}

/**
 * Any other page error: 'An error occurred'. A route naming middleware that does not exist is a 500 error
 * that says so ('Unknown middleware ...', spec §2, §8). A failed chunk load reloads once per 60 s instead.
 */
export function ErrorPage(props: ErrorComponentProps) {
  return (
    <ErrorPageGuard>
      <PageError {...props} />
    </ErrorPageGuard>
  );
}

/**
 * Spec §2: should the error page itself fail, 'An error occurred while showing the error page', in plain
 * markup that needs neither the router nor the translations.
 */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // eslint-disable-next-line no-console
    console.error(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    let text = 'An error occurred while showing the error page';
    try {
      text = i18n.t('errors.errorPageFailed');
    } catch {
      // the English text stands
    }
    return (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <h1>{text}</h1>
        <a href="/">Home</a>
      </div>
    );
  }
}

function PageError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  if (isChunkLoadError(error) && reloadForChunkError()) return null;
  // Unhandled UI errors are only logged (spec §8).
  // eslint-disable-next-line no-console
  console.error(error);
  const unknownMiddleware = error instanceof UnknownMiddlewareError ? error : undefined;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        {unknownMiddleware && (
          <Text fz={48} fw={700} c="dimmed" lh={1} data-testid="error-status">
            {unknownMiddleware.status}
          </Text>
        )}
        <Title order={1}>{t('errors.errorTitle')}</Title>
        {unknownMiddleware && (
          <Text>{t('errors.unknownMiddleware', { name: unknownMiddleware.middleware })}</Text>
        )}
        <Anchor component={Link} to="/">
          {t('errors.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}
