import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, type BadgeTone } from '@/ui';
import { expectNoAxeViolations } from './axe';

const tones: BadgeTone[] = ['neutral', 'accent', 'success', 'warning', 'danger'];

describe('Badge', () => {
  it('shows its words in every tone, each tone styled differently', async () => {
    render(
      <ul>
        {tones.map((tone) => (
          <li key={tone}>
            <Badge tone={tone}>{`status ${tone}`}</Badge>
          </li>
        ))}
      </ul>,
    );
    const classes = tones.map((tone) => screen.getByText(`status ${tone}`).className);
    expect(new Set(classes).size).toBe(tones.length);
    expect(screen.getByText('status danger').className).toContain('badge--tone_danger');
    await expectNoAxeViolations();
  });

  it('is neutral unless told otherwise and passes through attributes', () => {
    render(<Badge title="Team verification">Pending</Badge>);
    const badge = screen.getByText('Pending');
    expect(badge.className).toContain('badge--tone_neutral');
    expect(badge.getAttribute('title')).toBe('Team verification');
  });
});
