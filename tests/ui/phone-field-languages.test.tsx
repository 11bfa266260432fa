// The phone picker in French and Kinyarwanda (issue 30): countries are named in the language in use —
// French from the browser's own data, Kinyarwanda from Ikirere's list, which browsers do not carry —
// ordered by those names, and found by them as well as by their English names.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/loader';
import { PhoneField } from '@/ui/phone-field';

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
/** Types a new search over the old one (never through an empty box, which lists all 245 countries). */
const search = (user: ReturnType<typeof userEvent.setup>, text: string) =>
  user.keyboard(`{Control>}a{/Control}${text}`);

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('PhoneField in other languages', () => {
  // Rendering the 245 countries takes a few seconds in happy-dom.
  it('speaks French: the countries by their French names, in French order, found in French or English', {
    timeout: 60_000,
  }, async () => {
    await setLocale('fr');
    const user = userEvent.setup();
    render(<PhoneField defaultCountry="DE" />);
    const countryBox = screen.getByRole('combobox', { name: 'Pays' });
    expect(countryBox).toHaveValue('Allemagne (+49)');
    expect(screen.getByRole('textbox', { name: 'Numéro de téléphone' })).toBeInTheDocument();

    await user.click(countryBox);
    const preferred = await screen.findByRole('group', { name: 'Pays privilégiés' });
    expect(preferred.querySelectorAll('[role=option]')[0]?.textContent).toBe('Australie +61');
    const all = screen.getByRole('group', { name: 'Tous les pays' });
    const names = [...all.querySelectorAll('[role=option]')].map((option) => option.textContent ?? '');
    expect(names.indexOf('Allemagne +49')).toBeLessThan(names.indexOf('Belgique +32'));

    await user.keyboard('royaume');
    expect(optionNames()).toEqual(['Royaume-Uni +44']);
    await search(user, 'germany');
    expect(optionNames()).toEqual(['Allemagne +49']);
    await search(user, 'zzzz');
    expect(screen.getByText('Aucun pays ne correspond à « zzzz »')).toBeInTheDocument();
  });

  it('speaks Kinyarwanda: its own names where Ikirere has them, the English name otherwise', {
    timeout: 60_000,
  }, async () => {
    await setLocale('rw');
    const user = userEvent.setup();
    render(<PhoneField />);
    const countryBox = screen.getByRole('combobox', { name: 'Igihugu' });
    expect(countryBox).toHaveValue('U Rwanda (+250)');

    // Typing into the box searches at once, without listing every country first.
    await user.tab();
    await user.keyboard('ubufaransa');
    expect(optionNames()).toEqual(['Ubufaransa +33']);
    await search(user, 'france');
    expect(optionNames()).toEqual(['Ubufaransa +33']);
    await search(user, 'kazakh');
    expect(optionNames()).toEqual(['Kazakhstan +7']);
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: 'Nimero ya telefone' }), '788123456');
    expect(await screen.findByText(/Tuzohereza kode kuri/)).toBeInTheDocument();
  });
});
