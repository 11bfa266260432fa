import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagInput } from '@/ui/tag-input';
import { expectNoAxeViolations } from './axe';

function Tags() {
  const [tags, setTags] = useState(['web']);
  return (
    <TagInput
      label="Tags"
      tags={tags}
      onChange={setTags}
      validate={(tag) => (/^[a-z0-9_-]+$/.test(tag) ? undefined : 'Use lowercase letters, digits, - and _.')}
      help="Press Enter to add."
    />
  );
}

describe('TagInput', () => {
  it('adds on Enter, refuses a bad or repeated tag beside the field, and removes with a labelled button', async () => {
    render(<Tags />);
    const input = screen.getByLabelText('Tags');
    fireEvent.change(input, { target: { value: 'prod' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('list', { name: 'Tags: added' })).toHaveTextContent('webprod');
    fireEvent.change(input, { target: { value: 'Bad Tag!' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Use lowercase letters, digits, - and _.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('Bad Tag!');
    fireEvent.change(input, { target: { value: 'web' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('“web” is already there.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag web' }));
    expect(screen.getByRole('list', { name: 'Tags: added' })).toHaveTextContent('prod');
    await expectNoAxeViolations();
  });
});
