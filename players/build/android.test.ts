import { describe, expect, it } from 'vitest';
import { signingKey, versionCode } from './android.js';

describe('the Android build', () => {
  it('numbers versions for Android', () => {
    expect(versionCode('0.1.0')).toBe(100);
    expect(versionCode('1.2.3')).toBe(10203);
    expect(versionCode('2.0.0-rc.1')).toBe(20000);
  });

  it('signs with the release key from the environment, else the test key', () => {
    expect(signingKey({}).test).toBe(true);
    const release = signingKey({
      ANDROID_KEYSTORE: '/secrets/release.p12',
      ANDROID_KEYSTORE_PASSWORD: 'pw',
      ANDROID_KEY_ALIAS: 'release',
    });
    expect(release).toEqual({
      keystore: '/secrets/release.p12',
      password: 'pw',
      alias: 'release',
      keyPassword: 'pw',
      test: false,
    });
    expect(() => signingKey({ ANDROID_KEYSTORE: '/secrets/release.p12' })).toThrow(
      'ANDROID_KEYSTORE_PASSWORD',
    );
  });
});
