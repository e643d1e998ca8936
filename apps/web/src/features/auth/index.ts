/** What other features use of signing in: the signed-in user, a session switch, the external sign-in. */
export { changeSession, USER_INFO_KEY, useUserInfo } from './session';
export { useCompleteSignIn } from './signIn';
export {
  finishOidc,
  linkOidc,
  OIDC_IDENTITY_KEY,
  unlinkOidc,
  useOidcIdentity,
  useOidcProvider,
} from './auth.api';
export { STATE_KEY } from './ExternalSignIn';
