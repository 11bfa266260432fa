// The shared accessibility check must be able to fail, or every component test's axe step means nothing.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';

describe('expectNoAxeViolations', () => {
  it('fails on an unnamed control', async () => {
    render(<button type="button" />);
    await expect(expectNoAxeViolations()).rejects.toThrow(/button-name/);
  });

  it('fails on an input without a label, also inside a portal-like sibling of the container', async () => {
    render(<p>Fine</p>);
    const stray = document.createElement('div');
    stray.innerHTML = '<input type="text">';
    document.body.append(stray);
    try {
      await expect(expectNoAxeViolations()).rejects.toThrow(/label/);
    } finally {
      stray.remove();
    }
  });

  it('passes on accessible markup', async () => {
    render(
      <label>
        Name <input type="text" />
      </label>,
    );
    await expectNoAxeViolations();
  });
});
