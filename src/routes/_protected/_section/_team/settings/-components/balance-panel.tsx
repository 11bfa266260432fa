// The team's balance, what happens when it runs low or out, and adding money through the payment
// provider (the sandbox by default). A top-up goes to the provider's checkout page and comes back here
// (?topup=<id>) with the outcome.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { panel, wrap } from 'styled-system/patterns';
import { TOP_UP_LIMITS } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { formatDateTime } from '@/domain/helpers/time';
import { balanceStanding, formatMoney, parseMoney } from '@/domain/money';
import { useStartTopUp } from '@/services/billing.mutations';
import { balanceQuery, paymentMethodsQuery } from '@/services/billing.queries';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { ReturnedTopUp } from './returned-top-up';

export function BalancePanel({
  teamId,
  mayTopUp,
  returnedTopUp,
}: {
  teamId: string;
  mayTopUp: boolean;
  returnedTopUp?: string;
}) {
  const balance = useSuspenseQuery(balanceQuery(teamId));
  const methods = useSuspenseQuery(paymentMethodsQuery(teamId));
  const { balanceMinor, currency, status, lowBalanceThresholdMinor, graceEndsAt } = balance.data;
  const shown = balanceStanding(balance.data);
  return (
    <section aria-labelledby="balance" className={panel({ gap: '4', padding: '5' })}>
      <div className={wrap({ gap: '3', align: 'baseline' })}>
        <Text as="h2" variant="panelTitle" id="balance">
          Balance
        </Text>
        <Badge tone={shown.tone}>{shown.label}</Badge>
      </div>
      <Text variant="figure" data-testid="balance-amount">
        {formatMoney(balanceMinor, currency)}
      </Text>
      {shown.standing === 'low' ? (
        <Alert tone="info">
          The balance is under your alert threshold of {formatMoney(lowBalanceThresholdMinor, currency)}. Add
          money before it runs out.
        </Alert>
      ) : null}
      {shown.standing === 'unfunded' ? (
        <Alert tone="info">
          Add money to pay for computes: each is charged by the hour from this balance. Owners are e-mailed
          when the balance falls under the alert threshold of{' '}
          {formatMoney(lowBalanceThresholdMinor, currency)}.
        </Alert>
      ) : null}
      {status === 'depleted' ? (
        <Alert tone="error">
          The balance is empty.{' '}
          {graceEndsAt
            ? `Running computes will be powered off (never destroyed) on ${formatDateTime(graceEndsAt)} unless you add money.`
            : 'Running computes are powered off (never destroyed) and cannot start until you add money.'}
        </Alert>
      ) : null}
      <Text variant="caption">
        Computes are charged by the hour at their plan’s price while they exist, running or stopped; a stopped
        compute keeps its disk and address, so it costs the same. Destroy it to stop paying.
      </Text>
      {methods.data.sandbox ? (
        <Alert tone="info">
          Payments go through the sandbox provider: you approve or decline on its test page and no real money
          moves.
        </Alert>
      ) : null}
      <Text variant="small">
        Ways to pay with {methods.data.provider}:{' '}
        {methods.data.methods.map((method) => method.label).join(', ')}.
      </Text>
      {returnedTopUp ? (
        <ReturnedTopUp teamId={teamId} id={returnedTopUp} balanceUpdatedAt={balance.dataUpdatedAt} />
      ) : null}
      {mayTopUp ? <TopUpForm teamId={teamId} currency={currency} /> : null}
    </section>
  );
}

function TopUpForm({ teamId, currency }: { teamId: string; currency: Currency }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  // One key per amount being paid: a double click or a retry after a lost answer is the same payment.
  const key = useRef<{ minor: number; key: string } | null>(null);
  const limits = TOP_UP_LIMITS[currency];
  const keyFor = (minor: number) => {
    if (key.current?.minor !== minor) key.current = { minor, key: crypto.randomUUID() };
    return key.current.key;
  };
  const start = useStartTopUp(teamId, {
    onSuccess: ({ topUp }) => window.location.assign(topUp.checkoutUrl),
    onError: (failure) => {
      // A refusal is definite: the next try is a new payment. No answer at all keeps the key.
      if (failure.status !== 0) key.current = null;
      setError(failure.fieldErrors.amountMinor ?? failure.message);
    },
  });
  return (
    <form
      noValidate
      aria-label="Add money"
      className={wrap({ gap: '3', align: 'flex-start' })}
      onSubmit={(event) => {
        event.preventDefault();
        const minor = parseMoney(amount, currency);
        if (minor === null) {
          setError(
            currency === 'RWF'
              ? 'Enter a whole number of francs, like 10000.'
              : 'Enter an amount in dollars, like 25 or 25.50.',
          );
          return;
        }
        if (minor < limits.minMinor || minor > limits.maxMinor) {
          setError(
            `Add between ${formatMoney(limits.minMinor, currency)} and ${formatMoney(limits.maxMinor, currency)} at a time.`,
          );
          return;
        }
        setError(undefined);
        start.mutate({ amountMinor: minor, idempotencyKey: keyFor(minor) });
      }}
    >
      <div className={css({ flex: '1', minWidth: '14rem', maxWidth: '20rem' })}>
        <TextField
          label={`Amount (${currency})`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={currency === 'RWF' ? '10000' : '25.00'}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(undefined);
          }}
          help={`Between ${formatMoney(limits.minMinor, currency)} and ${formatMoney(limits.maxMinor, currency)}.`}
          error={error}
        />
      </div>
      <Button type="submit" variant="solid" loading={start.isPending} className={css({ marginTop: '6' })}>
        Add money
      </Button>
    </form>
  );
}
