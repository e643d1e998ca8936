import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type BotCheckAction, type BotCheckInfo } from '@vitrine/core';
import { useBotCheckInfo } from './auth.api';
import { appLocale } from '../../i18n';

/** The widget in the page's colours, light or dark. */
const ALTCHA_STYLE = {
  marginBottom: 'var(--mantine-spacing-md)',
  '--altcha-color-base': 'var(--mantine-color-body)',
  '--altcha-color-base-content': 'var(--mantine-color-text)',
  '--altcha-color-neutral': 'var(--mantine-color-default-border)',
  '--altcha-color-primary': 'var(--mantine-primary-color-filled)',
} as CSSProperties;

/** ALTCHA's language codes for the cabinet's locales. */
const ALTCHA_LANGUAGE = { en: 'en', ua: 'uk', it: 'it', ru: 'ru' } as const;

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** Loads reCAPTCHA v3's script once; resolves when it is ready. */
let recaptchaScript: Promise<Grecaptcha> | undefined;
function loadRecaptcha(info: BotCheckInfo): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${info.scriptUrl}?render=${encodeURIComponent(info.siteKey ?? '')}`;
    script.async = true;
    script.onload = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha as Grecaptcha));
    script.onerror = () => {
      recaptchaScript = undefined;
      reject(new Error('reCAPTCHA could not load'));
    };
    document.head.append(script);
  });
  return recaptchaScript;
}

/** ALTCHA's widget: solves its challenge as soon as it shows, and says each payload it verified. */
function AltchaWidget({ onPayload }: { onPayload: (payload: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    let live = true;
    void import('./altcha').then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const widget = ref.current;
    if (!loaded || !widget) return;
    const changed = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onPayload(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', changed);
    return () => widget.removeEventListener('statechange', changed);
  }, [loaded, onPayload]);
  if (!loaded) return <Loader size="sm" aria-label={t('botCheck.loading')} />;
  return (
    <altcha-widget
      ref={ref}
      challenge="/api/user/bot-check/challenge"
      auto="onload"
      language={ALTCHA_LANGUAGE[appLocale(i18n.language)]}
      name="botCheck"
    />
  );
}

export interface BotCheck {
  /** What to show in the form (nothing when no check is asked for). */
  element: ReactNode;
  /** The solution to send with the form, if any; call `used` once it was sent (each works once). */
  token(): Promise<string | undefined>;
  used(): void;
}

/**
 * The bot check of a signed-out form (docs/security.md): ALTCHA's widget, or reCAPTCHA v3's invisible
 * token made at submit, or nothing. `active` false keeps it away until the server asks for it.
 */
export function useBotCheck(action: BotCheckAction, active: boolean): BotCheck {
  const { t } = useTranslation();
  const info = useBotCheckInfo().data;
  const kind = active ? (info?.kind ?? 'off') : 'off';
  const [payload, setPayload] = useState<string | null>(null);
  // A solution is single-use: a new round shows a fresh widget, which solves a new challenge.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (kind === 'recaptcha' && info) void loadRecaptcha(info).catch(() => undefined);
  }, [kind, info]);

  const token = useCallback(async () => {
    if (kind === 'altcha') return payload ?? undefined;
    if (kind !== 'recaptcha' || !info?.siteKey) return undefined;
    const grecaptcha = await loadRecaptcha(info).catch(() => undefined);
    return grecaptcha?.execute(info.siteKey, { action });
  }, [kind, payload, info, action]);
  const used = useCallback(() => {
    setPayload(null);
    setRound((r) => r + 1);
  }, []);

  const element =
    kind === 'altcha' ? (
      <div role="group" aria-label={t('botCheck.label')} style={ALTCHA_STYLE}>
        <AltchaWidget key={round} onPayload={setPayload} />
      </div>
    ) : kind === 'recaptcha' ? (
      <Text size="xs" c="dimmed" mb="sm">
        {t('botCheck.recaptcha')}
      </Text>
    ) : null;
  return { element, token, used };
}

/** Sends a form with the bot check's solution, when there is one, and spends it. */
export function withBotCheck<B extends object, R>(
  bot: BotCheck,
  send: (body: B & { botCheck?: string }) => Promise<R>,
): (body: B) => Promise<R> {
  return async (body) => {
    const botCheck = await bot.token();
    try {
      return await send(botCheck ? { ...body, botCheck } : body);
    } finally {
      if (botCheck) bot.used();
    }
  };
}
