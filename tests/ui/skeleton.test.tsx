import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton, SkeletonText } from '@/ui';
import { skeletonRecipe } from '@/ui/theme/recipes/skeleton';
import { expectNoAxeViolations } from './axe';

describe('Skeleton', () => {
  it('is invisible to assistive technology; the loading region says it is busy instead', async () => {
    const { container } = render(
      <section aria-label="Computes" aria-busy="true">
        <Skeleton shape="circle" />
        <SkeletonText lines={3} />
        <p>Loading computes…</p>
      </section>,
    );
    const placeholders = container.querySelectorAll('.skeleton');
    expect(placeholders).toHaveLength(4);
    for (const placeholder of placeholders)
      expect(placeholder.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Computes' }).getAttribute('aria-busy')).toBe('true');
    await expectNoAxeViolations();
  });

  it('draws the last line of a paragraph shorter, like real text', () => {
    const { container } = render(<SkeletonText lines={3} />);
    const lines = Array.from(container.querySelectorAll('.skeleton'));
    expect(lines.map((line) => line.className === lines[0]?.className)).toEqual([true, true, false]);
  });

  it('stops pulsing for people who ask for reduced motion', () => {
    // happy-dom applies no stylesheets, so the rule is checked where it is defined.
    expect((skeletonRecipe.base as Record<string, unknown>)._motionReduce).toEqual({ animation: 'none' });
  });
});
