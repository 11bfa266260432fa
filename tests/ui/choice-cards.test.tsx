import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoiceCards } from '@/ui/choice-cards';
import { expectNoAxeViolations } from './axe';

function Plans() {
  const [value, setValue] = useState<string | null>('small');
  return (
    <ChoiceCards
      legend="Plan"
      name="plan"
      value={value}
      onChange={setValue}
      options={[
        { value: 'small', label: '1 vCPU', aside: 'RWF 10/h' },
        { value: 'large', label: '8 vCPUs', disabled: true, disabledReason: 'Needs a verified team.' },
        { value: 'medium', label: '2 vCPUs' },
      ]}
      error={value === 'medium' ? 'Not in this location.' : undefined}
    />
  );
}

describe('ChoiceCards', () => {
  it('is a labelled radio group; disabled options say why; the error shows below', async () => {
    render(<Plans />);
    expect(screen.getByRole('group', { name: 'Plan' })).toBeVisible();
    expect(screen.getByRole('radio', { name: /1 vCPU/ })).toBeChecked();
    const large = screen.getByRole('radio', { name: /8 vCPUs/ });
    expect(large).toBeDisabled();
    expect(large).toHaveAccessibleDescription('Needs a verified team.');
    fireEvent.click(screen.getByRole('radio', { name: /2 vCPUs/ }));
    expect(screen.getByRole('radio', { name: /2 vCPUs/ })).toBeChecked();
    expect(screen.getByText('Not in this location.')).toBeVisible();
    await expectNoAxeViolations();
  });
});
