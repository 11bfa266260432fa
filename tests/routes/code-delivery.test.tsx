// The state of the text with a phone code, as a person sees it where the code is asked for: sending (and
// retrying when the gateway did not answer), sent, delivered, and could not be delivered with what to do —
// by the network (check the number, try again) or by the gateway (try again later) — and e-mail to fall
// back on.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CodeDelivery } from '@/contract/auth';
import { CodeDeliveryNote } from '@/routes/auth/-components/code-delivery';

const base: CodeDelivery = {
  status: 'sending',
  gateway: 'kannel',
  retrying: false,
  waitingForNetwork: false,
  reason: null,
  updatedAt: '2026-11-27T12:00:00.000Z',
};

function show(delivery: Partial<CodeDelivery>) {
  return render(
    <CodeDeliveryNote
      delivery={{ ...base, ...delivery }}
      destination="+250 788 123 456"
      supportEmail="help@ikirere.example.rw"
    />,
  );
}

describe('the text with a phone code', () => {
  it('says it is being sent, and that it is tried again when the gateway did not answer', () => {
    show({ status: 'sending' });
    expect(screen.getByRole('status').textContent).toBe('Text message: Sending…');
    show({ status: 'sending', retrying: true });
    expect(screen.getByText(/the SMS gateway did not answer, trying again/)).toBeTruthy();
  });

  it('says it was sent, and that the network will deliver it when the SMS centre is away', () => {
    show({ status: 'sent' });
    expect(screen.getByRole('status').textContent).toBe('Text message: Sent to +250 788 123 456.');
    show({ status: 'sent', waitingForNetwork: true });
    expect(screen.getByText(/the SMS network is busy and will deliver it/)).toBeTruthy();
  });

  it('says it was delivered', () => {
    show({ status: 'delivered' });
    expect(screen.getByRole('status').textContent).toBe('Text message: Delivered to +250 788 123 456.');
  });

  it('says the network could not deliver it, and what to do: check the number, try again, or e-mail', () => {
    show({ status: 'undelivered', reason: 'network' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The text could not be delivered');
    expect(alert.textContent).toContain('could not deliver it to +250 788 123 456');
    expect(alert.textContent).toContain('Send a new code');
    expect(alert.textContent).toContain('e-mail help@ikirere.example.rw');
  });

  it('says the gateway could not take it, and to try again later or e-mail', () => {
    show({ status: 'undelivered', reason: 'gateway' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('could not hand it to the SMS gateway');
    expect(alert.textContent).toContain('Try again in a few minutes');
    expect(alert.textContent).toContain('e-mail help@ikirere.example.rw');
  });

  it('shows nothing before the first answer', () => {
    const { container } = render(
      <CodeDeliveryNote delivery={undefined} destination="+250 788 123 456" supportEmail="x@y.rw" />,
    );
    expect(container.textContent).toBe('');
  });
});
