/** What other features use of signing in: the signed-in user, a session switch, the external sign-in. */
export { changeSession, useUserInfo } from './session';
export { useCompleteSignIn } from './signIn';
export { finishOidc, getOidcIdentity, getOidcProvider, linkOidc, unlinkOidc } from './auth.api';
export { STATE_KEY } from './ExternalSignIn';
