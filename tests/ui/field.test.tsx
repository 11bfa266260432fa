import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field, TextareaField, TextField } from '@/ui';
import { expectNoAxeViolations } from './axe';
import { descriptionOf } from './describe';

function NameForm() {
  const [value, setValue] = useState('');
  const error = value.includes(' ') ? 'No spaces allowed' : undefined;
  return (
    <TextField label="Name" value={value} onChange={(event) => setValue(event.target.value)} error={error} />
  );
}

describe('TextField', () => {
  it('labels the input and describes it with the help text', async () => {
    render(
      <TextField label="Hostname" help="Letters, digits and hyphens" name="hostname" placeholder="web-1" />,
    );
    const input = screen.getByLabelText('Hostname');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('name')).toBe('hostname');
    expect(input.getAttribute('placeholder')).toBe('web-1');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    await waitFor(() => expect(descriptionOf(input)).toBe('Letters, digits and hyphens'));
    await expectNoAxeViolations();
  });

  it('shows the error beside the field, marks the input invalid and reads the error with it', async () => {
    render(
      <TextField label="IPv4 address" help="Four numbers from 0 to 255" error="Not an IPv4 address" mono />,
    );
    const input = screen.getByLabelText('IPv4 address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Not an IPv4 address')).toBeTruthy();
    await waitFor(() => expect(descriptionOf(input)).toContain('Not an IPv4 address'));
    expect(descriptionOf(input)).toContain('Four numbers from 0 to 255');
    await expectNoAxeViolations();
  });

  it('clears the error and the invalid mark once the value is fixed, keeping what was typed', async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    await user.type(input, 'web 1');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No spaces allowed')).toBeTruthy();

    await user.type(input, '{Backspace}{Backspace}-1');
    expect(input.value).toBe('web-1');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('No spaces allowed')).toBeNull();
    await waitFor(() => expect(descriptionOf(input)).toBe(''));
  });

  it('passes native input props through: type, required, autoComplete', async () => {
    render(<TextField label="E-mail" type="email" required autoComplete="email" />);
    const input = screen.getByRole('textbox', { name: /E-mail/ }) as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(input.autocomplete).toBe('email');
    await expectNoAxeViolations();
  });

  it('uses the monospace style for code-like values', () => {
    render(
      <>
        <TextField label="Address" mono />
        <TextField label="Team name" />
      </>,
    );
    expect(screen.getByLabelText('Address').className).toContain('field__input--mono_true');
    expect(screen.getByLabelText('Team name').className).not.toContain('mono_true');
  });
});

describe('TextareaField', () => {
  it('labels a textarea and reports its error', async () => {
    render(<TextareaField label="TXT value" error="At most 255 characters" mono />);
    const textarea = screen.getByLabelText('TXT value');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(descriptionOf(textarea)).toContain('At most 255 characters'));
    await expectNoAxeViolations();
  });
});

describe('Field parts', () => {
  it('compose into a custom field with the same wiring', async () => {
    render(
      <Field.Root invalid>
        <Field.Label>Priority</Field.Label>
        <Field.Input inputMode="numeric" />
        <Field.HelperText>Lower numbers are tried first</Field.HelperText>
        <Field.ErrorText>Enter a number</Field.ErrorText>
      </Field.Root>,
    );
    const input = screen.getByLabelText('Priority');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(descriptionOf(input)).toBe('Lower numbers are tried first Enter a number'));
    await expectNoAxeViolations();
  });
});
