// The team's balance, what happens when it runs low or out, and adding money through the payment
// provider (the sandbox by default). A top-up goes to the provider's checkout page and comes back here
// (?topup=<id>) with the outcome.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { panel, wrap } from 'styled-system/patterns';
import { TOP_UP_LIMITS } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { formatDateTimeWithZone } from '@/domain/helpers/time';
import { balanceStanding, formatMoney, parseMoney } from '@/domain/money';
import { type Translate, useLocale, useT } from '@/i18n';
import { numberLocale } from '@/i18n/locales';
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
  const t = useT();
  const balance = useSuspenseQuery(balanceQuery(teamId));
  const methods = useSuspenseQuery(paymentMethodsQuery(teamId));
  const { balanceMinor, currency, status, lowBalanceThresholdMinor, graceEndsAt } = balance.data;
  const shown = balanceStanding(balance.data);
  return (
    <section aria-labelledby="balance" className={panel({ gap: '4', padding: '5' })}>
      <div className={wrap({ gap: '3', align: 'baseline' })}>
        <Text as="h2" variant="panelTitle" id="balance">
          {t('billing.balance.title')}
        </Text>
        <Badge tone={shown.tone}>{shown.label}</Badge>
      </div>
      <Text variant="figure" data-testid="balance-amount">
        {formatMoney(balanceMinor, currency)}
      </Text>
      {shown.standing === 'low' ? (
        <Alert tone="info">
          {t('billing.balance.low', { threshold: formatMoney(lowBalanceThresholdMinor, currency) })}
        </Alert>
      ) : null}
      {shown.standing === 'unfunded' ? (
        <Alert tone="info">
          {t('billing.balance.unfunded', { threshold: formatMoney(lowBalanceThresholdMinor, currency) })}
        </Alert>
      ) : null}
      {status === 'depleted' ? (
        <Alert tone="error">
          {graceEndsAt
            ? t('billing.balance.emptyUntil', { date: formatDateTimeWithZone(graceEndsAt) })
            : t('billing.balance.emptyOff')}
        </Alert>
      ) : null}
      <Text variant="caption">{t('billing.balance.hourly')}</Text>
      {methods.data.sandbox ? <Alert tone="info">{t('billing.balance.sandbox')}</Alert> : null}
      <Text variant="small">
        {t('billing.balance.methods', {
          provider: methods.data.provider,
          methods: methods.data.methods.map((method) => method.label).join(', '),
        })}
      </Text>
      {returnedTopUp ? (
        <ReturnedTopUp teamId={teamId} id={returnedTopUp} balanceUpdatedAt={balance.dataUpdatedAt} />
      ) : null}
      {mayTopUp ? <TopUpForm teamId={teamId} currency={currency} /> : null}
    </section>
  );
}

/** What a person types wrong in an amount of this currency: the example is written their language's way. */
export function amountHint(t: Translate, currency: Currency, locale: string, whole: number): string {
  if (currency === 'RWF') return t('billing.amount.wholeFrancs', { example: String(whole) });
  const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(whole + 0.5);
  return t('billing.amount.dollars', { whole: String(whole), decimal });
}

function TopUpForm({ teamId, currency }: { teamId: string; currency: Currency }) {
  const t = useT();
  const locale = numberLocale(useLocale());
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
      aria-label={t('billing.topUp.submit')}
      className={wrap({ gap: '3', align: 'flex-start' })}
      onSubmit={(event) => {
        event.preventDefault();
        const minor = parseMoney(amount, currency);
        if (minor === null) {
          setError(amountHint(t, currency, locale, currency === 'RWF' ? 10000 : 25));
          return;
        }
        if (minor < limits.minMinor || minor > limits.maxMinor) {
          setError(
            t('billing.topUp.range', {
              min: formatMoney(limits.minMinor, currency),
              max: formatMoney(limits.maxMinor, currency),
            }),
          );
          return;
        }
        setError(undefined);
        start.mutate({ amountMinor: minor, idempotencyKey: keyFor(minor) });
      }}
    >
      <div className={css({ flex: '1', minWidth: '14rem', maxWidth: '20rem' })}>
        <TextField
          label={t('billing.topUp.amount', { currency })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={
            currency === 'RWF'
              ? '10000'
              : new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(25)
          }
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(undefined);
          }}
          help={t('billing.topUp.limits', {
            min: formatMoney(limits.minMinor, currency),
            max: formatMoney(limits.maxMinor, currency),
          })}
          error={error}
        />
      </div>
      <Button type="submit" variant="solid" loading={start.isPending} className={css({ marginTop: '6' })}>
        {t('billing.topUp.submit')}
      </Button>
    </form>
  );
}
