import { ActionIcon, NativeSelect, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale, type UserInfo } from '@vitrine/core';
import { session } from '../api/client';
import { rememberLocale } from '../features/auth/auth.api';
import { USER_INFO_KEY } from '../features/auth/session';
import { holds } from '../lib/permissions';
import { appLocale } from '../i18n';
import { LOCALE_LABELS, switchLocale } from '../lib/locale';

/**
 * The language and theme switches, shared by the top bar and the sign-in pages: a file of their own, so the
 * sign-in pages do not load the signed-in top bar with its menus.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const current = appLocale(i18n.language);
  // A native select: every platform's own picker, read by screen readers as one control, and no popover
  // code on the sign-in pages.
  return (
    <NativeSelect
      aria-label={t('layout.language')}
      size="xs"
      variant="unstyled"
      value={current}
      onChange={(event) => {
        const locale = event.currentTarget.value as Locale;
        // Signed in with an account page: alerts follow the language too (saved before the page reloads).
        const info = client.getQueryData<UserInfo | null>(USER_INFO_KEY);
        const saved =
          session.token && holds(info, 'account.route') ? rememberLocale(locale) : Promise.resolve();
        void saved.then(() => switchLocale(locale));
      }}
      data={LOCALES.map((locale) => ({ value: locale, label: LOCALE_LABELS[locale] }))}
      // Room on the right for the chevron, which otherwise sat over the label's last letter.
      styles={{ input: { fontWeight: 600, paddingInlineStart: 8, paddingInlineEnd: 24, cursor: 'pointer' } }}
    />
  );
}

/** Light and dark, kept across reloads by Mantine's color-scheme manager (local storage). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'layout.themeDark' : 'layout.themeLight');
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}
