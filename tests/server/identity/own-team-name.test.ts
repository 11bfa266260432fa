// A new account's own team is named in the language the person signed up in (issue 30): the name is theirs
// afterwards, so it is written once, in their words, and never translated again.
import { describe, expect, it } from 'vitest';
import { ownTeamName } from '../../../server/identity/accounts';

describe('a new account’s own team', () => {
  it('is named after the first name, in the language of the sign-up', () => {
    expect(ownTeamName('Ada Lovelace')).toBe("Ada's team");
    expect(ownTeamName('Ada Lovelace', 'en')).toBe("Ada's team");
    expect(ownTeamName('Uwimana Kalisa', 'rw')).toBe('Itsinda rya Uwimana');
    expect(ownTeamName('Jean Habimana', 'fr')).toBe('Équipe de Jean');
  });

  it('elides in French before a vowel, accented or not', () => {
    expect(ownTeamName('Ada Lovelace', 'fr')).toBe("Équipe d'Ada");
    expect(ownTeamName('Élise Uwase', 'fr')).toBe("Équipe d'Élise");
    expect(ownTeamName('Yves Mugabo', 'fr')).toBe("Équipe d'Yves");
  });
});
