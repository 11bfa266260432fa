// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { readStorage, removeStorage, storageSchemas, writeStorage } from '@/services/storage';

beforeEach(() => localStorage.clear());

describe('storage of the spec’s localStorage keys', () => {
  it('knows every key of SPEC §3', () => {
    expect(Object.keys(storageSchemas)).toEqual(
      expect.arrayContaining([
        'token',
        'user',
        'userRoles',
        'phoneNumber',
        'email',
        'intendedPath',
        'previousTeam',
        'lastUsedSocialLogin',
      ]),
    );
  });

  it('writes JSON under the key’s own name and reads it back', () => {
    writeStorage('token', 'abc');
    writeStorage('lastUsedSocialLogin', 'github');
    writeStorage('intendedPath', '/computes/42/power?tab=1');
    expect(localStorage.getItem('token')).toBe('"abc"');
    expect(readStorage('token')).toBe('abc');
    expect(readStorage('lastUsedSocialLogin')).toBe('github');
    expect(readStorage('intendedPath')).toBe('/computes/42/power?tab=1');
  });

  it.each([
    ['token', 'not json'],
    ['token', '""'],
    ['lastUsedSocialLogin', '"facebook"'],
    ['user', '{"id":1}'],
    ['userRoles', '[{"teamId":"t1","role":"KING"}]'],
    ['intendedPath', '"https://evil.example/phish"'],
    ['intendedPath', '"//evil.example"'],
  ] as const)('treats a corrupt or unexpected %s (%s) as absent', (key, raw) => {
    localStorage.setItem(key, raw);
    expect(readStorage(key)).toBeNull();
  });

  it('refuses to write a value that does not fit the key', () => {
    expect(() => writeStorage('intendedPath', 'https://evil.example')).toThrow();
    expect(localStorage.getItem('intendedPath')).toBeNull();
  });

  it('removes a key', () => {
    writeStorage('lastUsedSocialLogin', 'google');
    removeStorage('lastUsedSocialLogin');
    expect(readStorage('lastUsedSocialLogin')).toBeNull();
  });
});
