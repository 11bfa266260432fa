import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from '@/ui';
import { expectNoAxeViolations } from './axe';

describe('Alert', () => {
  it('announces an error at once and other messages politely', async () => {
    render(
      <>
        <Alert tone="error">That code is not right.</Alert>
        <Alert>We sent a new code.</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('That code is not right.');
    expect(screen.getByRole('status')).toHaveTextContent('We sent a new code.');
    await expectNoAxeViolations();
  });

  it('reads a title before the message when it has one', () => {
    render(
      <Alert tone="success" title="Domain added">
        Point your registrar at our name servers.
      </Alert>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Domain addedPoint your registrar at our name servers.',
    );
    expect(screen.getByText('Domain added').tagName).toBe('P');
  });
});
