// The payer is back from the payment provider: how the top-up ended, rendered from the top-up-return
// machine (it keeps asking while the provider's confirmation is on its way).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { hstack, wrap } from 'styled-system/patterns';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { TopUp } from '@/contract/billing';
import { formatMoney } from '@/domain/money';
import { useT } from '@/i18n';
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
  const t = useT();
  const snapshot = useSelector(actor, (s) => s);
  const { topUp, message } = snapshot.context;
  if (snapshot.matches('failed')) {
    return (
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Alert tone="error">{message}</Alert>
        <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'check.retry' })}>
          {t('billing.topUp.checkAgain')}
        </Button>
      </div>
    );
  }
  if (!topUp) {
    return (
      <p role="status" className={hstack({ gap: '2', color: 'fg.muted' })}>
        <Spinner size="sm" /> {t('billing.topUp.checking')}
      </p>
    );
  }
  const amount = formatMoney(topUp.amountMinor, topUp.currency);
  if (snapshot.matches('succeeded'))
    return <Alert tone="success">{t('billing.topUp.added', { amount })}</Alert>;
  if (snapshot.matches('declined')) {
    return (
      <Alert tone="error">
        {topUp.declineReason
          ? t('billing.topUp.declinedBecause', { amount, reason: topUp.declineReason })
          : t('billing.topUp.declined', { amount })}
      </Alert>
    );
  }
  if (snapshot.matches('expired'))
    return <Alert tone="error">{t('billing.topUp.expired', { amount })}</Alert>;
  return (
    <p role="status" className={hstack({ gap: '2', color: 'fg.muted' })}>
      <Spinner size="sm" /> {t('billing.topUp.waiting', { amount })}
    </p>
  );
}
