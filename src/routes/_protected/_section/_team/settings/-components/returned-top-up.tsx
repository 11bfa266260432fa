// The payer is back from the payment provider: how the top-up ended, rendered from the top-up-return
// machine (it keeps asking while the provider's confirmation is on its way).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { hstack, wrap } from 'styled-system/patterns';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { TopUp } from '@/contract/billing';
import { formatMoney } from '@/domain/money';
import { topUpReturnMachine } from '@/machines/top-up-return';
import { fetchTopUp } from '@/services/billing.api';
import { useMoneyChanged } from '@/services/billing.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

/**
 * Follows the top-up `id` to its end; `balanceUpdatedAt` changes whenever the balance was re-read (a
 * credit pushed over the socket), which is the moment to ask again.
 */
export function ReturnedTopUp({
  teamId,
  id,
  balanceUpdatedAt,
}: {
  teamId: string;
  id: string;
  balanceUpdatedAt: number;
}) {
  const moneyChanged = useMoneyChanged(teamId);
  const actor = useActorRef(
    topUpReturnMachine.provide({
      actors: { check: fromPromise<TopUp>(async () => (await fetchTopUp(teamId, id)).topUp) },
      actions: {
        credited: moneyChanged,
      },
    }),
    withInspector(),
  );
  useEffect(() => {
    if (balanceUpdatedAt) actor.send({ type: 'payment.changed' });
  }, [actor, balanceUpdatedAt]);
  return <ReturnedTopUpStatus actor={actor} />;
}

export function ReturnedTopUpStatus({ actor }: { actor: ActorRefFrom<typeof topUpReturnMachine> }) {
  const snapshot = useSelector(actor, (s) => s);
  const { topUp, message } = snapshot.context;
  if (snapshot.matches('failed')) {
    return (
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Alert tone="error">{message}</Alert>
        <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'check.retry' })}>
          Check again
        </Button>
      </div>
    );
  }
  if (!topUp) {
    return (
      <p role="status" className={hstack({ gap: '2', color: 'fg.muted' })}>
        <Spinner size="sm" /> Checking your payment…
      </p>
    );
  }
  const amount = formatMoney(topUp.amountMinor, topUp.currency);
  if (snapshot.matches('succeeded')) return <Alert tone="success">{amount} was added to the balance.</Alert>;
  if (snapshot.matches('declined')) {
    return (
      <Alert tone="error">
        The payment of {amount} was declined{topUp.declineReason ? `: ${topUp.declineReason}` : '.'} Nothing
        was charged.
      </Alert>
    );
  }
  if (snapshot.matches('expired')) {
    return (
      <Alert tone="error">The payment of {amount} was not completed in time. Nothing was charged.</Alert>
    );
  }
  return (
    <p role="status" className={hstack({ gap: '2', color: 'fg.muted' })}>
      <Spinner size="sm" /> Waiting for the payment provider to confirm {amount}…
    </p>
  );
}
