import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { isSafeRedirect, type TokenPair } from '@vitrine/core';
import { beginSession, landingOf } from './session';
import { rememberLocale } from './auth.api';
import { holds } from '../../lib/permissions';
import i18n, { appLocale, loadAllStrings } from '../../i18n';

/**
 * Completes a sign-in: keeps the tokens, fetches the user, and goes back to the remembered page when it is
 * a safe local path (spec §2, §5), else to the role's landing page.
 */
export function useCompleteSignIn() {
  const client = useQueryClient();
  const router = useRouter();
  return async (pair: Partial<TokenPair> & { token: string }, redirect: string | undefined) => {
    // The signed-in pages wait for all the strings (app/routes/kit.ts): they load beside the user's info.
    void loadAllStrings();
    const info = await beginSession(client, pair);
    if (!info) throw new Error('Signed out');
    // Alerts are written in the language the person signs in with (for those who keep an account page).
    if (holds(info, 'account.route')) void rememberLocale(appLocale(i18n.language));
    await router.navigate({ href: isSafeRedirect(redirect) ? redirect : landingOf(info), replace: true });
  };
}
