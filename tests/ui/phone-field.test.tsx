import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PhoneField, type PhoneFieldProps } from '@/ui/phone-field';
import { expectNoAxeViolations } from './axe';
import { descriptionOf } from './describe';

const countryBox = () => screen.getByRole('combobox', { name: 'Country' });
const numberInput = () => screen.getByRole('textbox', { name: 'Phone number' });
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

/** A form that owns the field's state, as a page would. */
function Controlled(props: Partial<PhoneFieldProps>) {
  const [country, setCountry] = useState(props.country ?? 'RW');
  const [value, setValue] = useState(props.value ?? '');
  return (
    <PhoneField
      {...props}
      country={country}
      onCountryChange={(code) => {
        setCountry(code);
        props.onCountryChange?.(code);
      }}
      value={value}
      onValueChange={(text) => {
        setValue(text);
        props.onValueChange?.(text);
      }}
    />
  );
}

describe('PhoneField', () => {
  it('labels the country picker and the number input, Rwanda chosen by default', async () => {
    render(<PhoneField help="We text you a code" />);
    expect(countryBox()).toHaveValue('Rwanda (+250)');
    expect(numberInput()).toHaveAttribute('type', 'tel');
    expect(numberInput()).toHaveAttribute('autocomplete', 'tel');
    expect(descriptionOf(numberInput())).toBe('We text you a code');
    await expectNoAxeViolations();
  });

  // axe takes a few seconds over 245 options in happy-dom.
  it('lists the preferred countries first under their own group, then all countries', {
    timeout: 30_000,
  }, async () => {
    const user = userEvent.setup();
    render(<PhoneField />);
    await user.click(countryBox());
    const preferred = await screen.findByRole('group', { name: 'Preferred' });
    expect(
      within(preferred)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Australia +61',
      'India +91',
      'United Arab Emirates +971',
      'United Kingdom +44',
      'United States +1',
    ]);
    const all = screen.getByRole('group', { name: 'All countries' });
    expect(within(all).getAllByRole('option')[0]?.textContent).toBe('Afghanistan +93');
    expect(within(all).getByRole('option', { name: 'Rwanda +250' })).toHaveAttribute('aria-selected', 'true');
    // Flags are pictures, not emoji, which read as two letters where no emoji font is installed.
    expect(all.querySelector('img')?.getAttribute('src')).toMatch(/flags\/4x3\/af\.svg/);
    await expectNoAxeViolations();
  });

  it('searches by name, code and dial code and picks with the keyboard', async () => {
    const user = userEvent.setup();
    const onCountryChange = vi.fn();
    render(<Controlled onCountryChange={onCountryChange} />);
    await user.click(countryBox());
    await user.keyboard('king');
    expect(optionNames()).toEqual(['United Kingdom +44']);

    await user.clear(countryBox());
    await user.keyboard('+250');
    expect(optionNames()).toEqual(['Rwanda +250']);

    await user.clear(countryBox());
    await user.keyboard('de');
    expect(optionNames()[0]).toBe('Germany +49');
    await user.keyboard('{ArrowDown}{ArrowUp}');
    // The highlight follows the arrows once the list has rendered (later on a busy machine): Enter picks it.
    await waitFor(() =>
      expect(
        document.getElementById(countryBox().getAttribute('aria-activedescendant') ?? ''),
      ).toHaveTextContent('Germany +49'),
    );
    await user.keyboard('{Enter}');

    expect(onCountryChange).toHaveBeenLastCalledWith('DE');
    expect(countryBox()).toHaveValue('Germany (+49)');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Germany (+49) chosen');
  });

  it('works from the keyboard alone: arrows from the chosen country, Enter picks, and it is announced', async () => {
    const user = userEvent.setup();
    const onCountryChange = vi.fn();
    render(<Controlled country="IN" onCountryChange={onCountryChange} />);
    await user.tab();
    expect(countryBox()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox', { name: 'Country' });
    const highlighted = () =>
      document.getElementById(countryBox().getAttribute('aria-activedescendant') ?? '');
    await waitFor(() => expect(highlighted()).toHaveTextContent('India +91'));
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toHaveTextContent('United Arab Emirates +971');
    await user.keyboard('{Enter}');
    expect(onCountryChange).toHaveBeenLastCalledWith('AE');
    expect(screen.getByRole('status')).toHaveTextContent('United Arab Emirates (+971) chosen');

    // Tabbing in selects the name, so typing searches afresh from the first letter.
    await user.tab();
    expect(numberInput()).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('k');
    expect(countryBox()).toHaveValue('k');
    expect(optionNames()[0]).toBe('Kazakhstan +7');
    await user.keyboard('{Escape}');
    expect(countryBox()).toHaveValue('United Arab Emirates (+971)');
  });

  it('passes axe with search results open', async () => {
    const user = userEvent.setup();
    render(<PhoneField />);
    await user.click(countryBox());
    await user.keyboard('+4');
    expect(optionNames().length).toBeGreaterThan(5);
    await expectNoAxeViolations();
  });

  it('finds countries whatever the accents and case', async () => {
    const user = userEvent.setup();
    render(<PhoneField />);
    await user.click(countryBox());
    await user.keyboard('CURACAO');
    expect(optionNames()).toEqual(['Curaçao +599']);
    await user.clear(countryBox());
    await user.keyboard('zzzz');
    expect(screen.getByText('No country matches “zzzz”')).toBeInTheDocument();
  });

  it('keeps the country when the search is abandoned with Escape', async () => {
    const user = userEvent.setup();
    const onCountryChange = vi.fn();
    render(<Controlled country="GB" onCountryChange={onCountryChange} />);
    await user.click(countryBox());
    await user.keyboard('ind');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.tab();
    expect(onCountryChange).not.toHaveBeenCalled();
    await waitFor(() => expect(countryBox()).toHaveValue('United Kingdom (+44)'));
  });

  it('reports each change of the number and previews the full number in international format', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Controlled onValueChange={onValueChange} />);
    await user.type(numberInput(), '0788 123 456');
    expect(onValueChange).toHaveBeenLastCalledWith('0788 123 456');
    expect(numberInput()).toHaveValue('0788 123 456');
    const preview = await screen.findByText('+250 788 123 456');
    expect(preview.parentElement).toHaveTextContent("We'll send a code to +250 788 123 456");
    expect(descriptionOf(numberInput())).toBe("We'll send a code to +250 788 123 456");
  });

  it('follows a new country in the preview and the picker', async () => {
    const { rerender } = render(<PhoneField country="RW" value="7911 123456" />);
    expect(await screen.findByText('+250 7911123456')).toBeInTheDocument();
    rerender(<PhoneField country="GB" value="7911 123456" />);
    expect(await screen.findByText('+44 7911 123456')).toBeInTheDocument();
    await waitFor(() => expect(countryBox()).toHaveValue('United Kingdom (+44)'));
  });

  it('shows the error beside the field, marks the number invalid and reads the error with it', async () => {
    render(<PhoneField help="Mobile numbers only" error="Enter a mobile number" required />);
    expect(numberInput()).toHaveAttribute('aria-invalid', 'true');
    expect(numberInput()).toBeRequired();
    expect(screen.getByText('Enter a mobile number')).toBeVisible();
    expect(descriptionOf(numberInput())).toBe('Mobile numbers only Enter a mobile number');
    await expectNoAxeViolations();
  });

  it('submits the normalized number under its name', async () => {
    const user = userEvent.setup();
    render(
      <form aria-label="Verify phone">
        <PhoneField name="phoneNumber" defaultCountry="US" />
      </form>,
    );
    await user.type(numberInput(), '(202) 555-0143');
    const form = screen.getByRole('form', { name: 'Verify phone' }) as HTMLFormElement;
    expect(new FormData(form).get('phoneNumber')).toBe('+12025550143');
  });

  it('can be disabled as a whole', () => {
    render(<PhoneField disabled />);
    expect(countryBox()).toBeDisabled();
    expect(numberInput()).toBeDisabled();
  });
});
