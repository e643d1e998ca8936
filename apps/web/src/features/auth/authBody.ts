// The sign-in form's schema, in a chunk of its own: LoginPage loads it when the form is first typed in.
export { AuthBody } from '@vitrine/core';
