import { Code, List, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PLATFORMS = ['windows', 'linux', 'arm', 'android', 'pwa'] as const;
const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/** The native players of the Player menu (docs/players.md): download, start, type the address and the code. */
function NativePanel({ url }: { url: string }) {
  const { t } = useTranslation();
  const origin = new URL(url).origin;
  return (
    <Tabs.Panel value="native" pt="sm">
      <List type="ordered" spacing="xs" size="sm">
        {STEPS.map((step) => (
          <List.Item key={step}>{t(`nativePlayer.${step}`, { url: origin })}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="sm">
        {t('nativePlayer.guide')}
      </Text>
    </Tabs.Panel>
  );
}

/** The command a kiosk runs, with this cabinet's own address in it. */
function commandFor(platform: (typeof PLATFORMS)[number], url: string): string | null {
  switch (platform) {
    case 'windows':
      return `msedge.exe --kiosk ${url} --edge-kiosk-type=fullscreen --no-first-run --autoplay-policy=no-user-gesture-required`;
    case 'linux':
      return `chromium --kiosk --noerrdialogs --disable-infobars --autoplay-policy=no-user-gesture-required ${url}`;
    case 'arm':
      return `chromium-browser --kiosk --noerrdialogs --disable-infobars --autoplay-policy=no-user-gesture-required ${url}`;
    default:
      return null;
  }
}

/** How to turn any device into a screen with the web player: kiosk mode per platform, or the PWA. */
export function KioskHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}/player/`;
  return (
    <Modal opened onClose={onClose} title={t('player.kioskTitle')} size="lg">
      <Stack>
        <Text size="sm">{t('player.kioskIntro', { url })}</Text>
        <Tabs defaultValue="native">
          <Tabs.List>
            <Tabs.Tab value="native">{t('nativePlayer.tab')}</Tabs.Tab>
            {PLATFORMS.map((p) => (
              <Tabs.Tab key={p} value={p}>
                {t(`player.kiosk.${p}.name`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <NativePanel url={url} />
          {PLATFORMS.map((p) => {
            const command = commandFor(p, url);
            return (
              <Tabs.Panel key={p} value={p} pt="sm">
                <List type="ordered" spacing="xs" size="sm">
                  {STEPS.map((step) => (
                    <List.Item key={step}>{t(`player.kiosk.${p}.${step}`)}</List.Item>
                  ))}
                </List>
                {command && (
                  <Code block mt="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {command}
                  </Code>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </Modal>
  );
}
