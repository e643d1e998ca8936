import { useEffect, useState } from 'react';
import { Button, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How often an open page asks whether the server has a newer web build. */
const CHECK_MS = 5 * 60_000;

/** The server's build id, or null when it cannot be read (a dev server, the network down). */
async function serverBuild(): Promise<string | null> {
  try {
    const res = await fetch('/version.json', { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { build?: unknown };
    return typeof body.build === 'string' ? body.build : null;
  } catch {
    return null;
  }
}

/**
 * 'New app version available! Click to upgrade' (spec §8) when the server serves a newer web build than
 * this page runs: checked every five minutes and whenever the window regains focus.
 */
export function VersionBanner() {
  const { t } = useTranslation();
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (typeof __BUILD_ID__ !== 'string') return;
    let stopped = false;
    const check = () =>
      void serverBuild().then((build) => {
        if (!stopped && build !== null && build !== __BUILD_ID__) setStale(true);
      });
    const timer = setInterval(check, CHECK_MS);
    window.addEventListener('focus', check);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, []);
  if (!stale) return null;
  return (
    <Paper
      role="status"
      withBorder
      shadow="md"
      p="xs"
      radius="md"
      pos="fixed"
      bottom={16}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 400 }}
      data-testid="new-version"
    >
      <Button variant="subtle" onClick={() => location.reload()}>
        {t('layout.newVersion')}
      </Button>
    </Paper>
  );
}
