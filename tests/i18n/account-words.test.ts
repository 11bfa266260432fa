// Account settings' words outside React (issue 30): the contract's refusals and the machines' messages are
// said in the language in use when they are shown, not in the one in use when the module loaded.
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiTokenRequestSchema, tokenAccessName, tokenAreaName } from '@/contract/api-tokens';
import { addSshKeyRequestSchema } from '@/contract/ssh-keys';
import { unsafeTextMessage } from '@/contract/text';
import { secondFactorCodeSchema } from '@/contract/two-factor';
import { loadConsoleMessages, setLocale } from '@/i18n/loader';
import { draftErrors, EMPTY_DRAFT } from '@/machines/api-token-create';

const refusal = (schema: v.GenericSchema, value: unknown) => {
  const checked = v.safeParse(schema, value);
  return checked.success ? null : checked.issues[0].message;
};

afterAll(async () => {
  await setLocale('en');
});

describe('account settings outside React', () => {
  it('refuses in the language in use, the same schema switching with it', async () => {
    await loadConsoleMessages();
    await setLocale('fr');
    expect(refusal(secondFactorCodeSchema, '12')).toBe(
      "Saisissez les 6 chiffres de votre application d'authentification, ou un code de secours comme abcde-12345.",
    );
    expect(refusal(addSshKeyRequestSchema, { name: ' ', publicKey: 'x' })).toBe('Donnez un nom à la clé.');
    expect(tokenAreaName('domains')).toBe('Domaines et DNS');
    expect(tokenAccessName('read_write')).toBe('Lecture et écriture');

    await setLocale('rw');
    expect(refusal(addSshKeyRequestSchema, { name: ' ', publicKey: 'x' })).toBe('Ha izina uru rufunguzo.');
    expect(unsafeTextMessage()).toMatch(/^Kuramo muri iyi nyandiko/);

    await setLocale('en');
    expect(refusal(addSshKeyRequestSchema, { name: ' ', publicKey: 'x' })).toBe('Give the key a name.');
  });

  it("explains a token's draft in the language in use, the contract's refusals included", async () => {
    await loadConsoleMessages();
    await setLocale('fr');
    const errors = draftErrors({ ...EMPTY_DRAFT, expiry: 'date' }, new Date('2026-11-28T12:00:00Z'));
    expect(errors.name).toBe('Donnez un nom au jeton.');
    expect(errors.teamIds).toBe('Choisissez au moins une équipe pour laquelle le jeton agit.');
    expect(errors.expiresOn).toBe('Choisissez le jour où il cessera de fonctionner.');
    expect(errors.scopes).toMatch(/^Donnez-lui un accès en lecture ou en écriture/);
    const request = {
      name: 'x'.repeat(65),
      teamIds: [],
      scopes: EMPTY_DRAFT.scopes,
      expiresOn: '2027-01-01',
    };
    expect(refusal(createApiTokenRequestSchema, request)).toBe(
      "Le nom d'un jeton compte au plus 64 caractères.",
    );
  });
});
