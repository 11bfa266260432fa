import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CollapsibleCode } from '@/ui/collapsible-code';
import { expectNoAxeViolations } from './axe';

const code = '#cloud-config\nruncmd:\n  - echo "it\'s <b>here</b>"\n';

describe('CollapsibleCode', () => {
  it('stays folded until its summary is clicked, then shows the text exactly as written, with a copy button', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <CollapsibleCode
        summary="Show the #cloud-config it was created with"
        code={code}
        copyLabel="Copy the user-data"
      >
        <p>Run by cloud-init at the first boot.</p>
      </CollapsibleCode>,
    );
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    await user.click(screen.getByText('Show the #cloud-config it was created with'));
    expect(details.open).toBe(true);
    expect(container.querySelector('pre code')!.textContent).toBe(code);
    expect(screen.getByRole('button', { name: 'Copy the user-data' })).toBeTruthy();
    expect(screen.getByText('Run by cloud-init at the first boot.')).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
