import type { EnvValues } from './env.js';

const isLoopback = (host: string): boolean =>
  /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host) || host.endsWith('.localhost');

/**
 * PUBLIC_URL goes into e-mailed links, Telegram's webhook, OpenID Connect's return address and Stripe's;
 * left at localhost while any of them is set (or while the server listens on a public address or behind
 * a proxy), people and services would be sent to a machine that is not this one.
 */
export function publicUrlWarnings(e: EnvValues, env: NodeJS.ProcessEnv, publicUrl: string): string[] {
  if (!isLoopback(new URL(publicUrl).hostname)) return [];
  const users = [
    e.SMTP_URL ? 'SMTP_URL (links in e-mails)' : null,
    e.TELEGRAM_BOT_TOKEN ? "TELEGRAM_BOT_TOKEN (Telegram's webhook)" : null,
    e.OIDC_ISSUER ? 'OIDC_ISSUER (the sign-in return address)' : null,
    env.STRIPE_SECRET_KEY ? "STRIPE_SECRET_KEY (Stripe's return and webhook addresses)" : null,
    env.HOST !== undefined && !isLoopback(e.HOST)
      ? `HOST=${e.HOST} (the server is reachable from elsewhere)`
      : null,
    e.TRUST_PROXY ? 'TRUST_PROXY (the server runs behind a proxy)' : null,
  ].filter((u): u is string => u !== null);
  if (users.length === 0) return [];
  return [
    [
      `PUBLIC_URL is ${e.PUBLIC_URL ? 'set to' : 'not set, so it is'} ${publicUrl}, yet ${users.join(', ')} ${users.length > 1 ? 'are' : 'is'} set.`,
      'That address is used for links sent to people and for addresses given to other services: set PUBLIC_URL',
      'to the address people and screens reach this server at (e.g. PUBLIC_URL=https://signage.example.com).',
    ].join('\n'),
  ];
}
