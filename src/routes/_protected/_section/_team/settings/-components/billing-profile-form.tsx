// The team's billing details (what invoices carry), the alert threshold and the currency. Owners edit;
// admins read. A refusal keeps what was typed and shows the message beside its field.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { type BillingProfile, DEFAULT_LOW_BALANCE_THRESHOLD } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { formatMoney, MINOR_UNITS, parseMoney } from '@/domain/money';
import { useLocale, useT } from '@/i18n';
import { numberLocale } from '@/i18n/locales';
import type { BillingProfileInput } from '@/services/billing.api';
import { useUpdateBillingProfile } from '@/services/billing.mutations';
import { billingProfileQuery } from '@/services/billing.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { amountHint } from './balance-panel';
import { countryItems } from './country-items';

type Texts = Record<Exclude<keyof BillingProfileInput, 'lowBalanceThresholdMinor' | 'currency'>, string> & {
  threshold: string;
  currency: Currency;
};

const textsOf = (profile: BillingProfile): Texts => ({
  billingEmail: profile.billingEmail ?? '',
  companyName: profile.companyName ?? '',
  addressLine1: profile.addressLine1 ?? '',
  addressLine2: profile.addressLine2 ?? '',
  city: profile.city ?? '',
  postalCode: profile.postalCode ?? '',
  country: profile.country ?? '',
  taxId: profile.taxId ?? '',
  threshold: thresholdText(profile.lowBalanceThresholdMinor, profile.currency),
  currency: profile.currency,
});

function thresholdText(minor: number, currency: Currency): string {
  return String(minor / MINOR_UNITS[currency]);
}

export function BillingProfileForm({ teamId, mayEdit }: { teamId: string; mayEdit: boolean }) {
  const t = useT();
  const locale = useLocale();
  const profile = useSuspenseQuery(billingProfileQuery(teamId));
  // What the form shows is what was typed: a profile refetched meanwhile never overwrites it.
  const [texts, setTexts] = useState<Texts>(() => textsOf(profile.data));
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const countries = useMemo(
    () => [{ value: '', label: t('billing.profile.countryNotSet') }, ...countryItems(locale)],
    [t, locale],
  );
  const save = useUpdateBillingProfile(teamId, { onSuccess: (saved) => setTexts(textsOf(saved)) });
  const errors = save.error?.fieldErrors ?? {};
  const set = (field: keyof Texts) => (event: { target: { value: string } }) => {
    setTexts({ ...texts, [field]: event.target.value });
    save.reset();
  };
  const field = (
    key: Exclude<keyof Texts, 'currency' | 'country' | 'threshold'>,
    label: string,
    extra: { help?: string; type?: string; autoComplete?: string } = {},
  ) => (
    <TextField
      label={label}
      name={key}
      value={texts[key]}
      onChange={set(key)}
      error={errors[key]}
      readOnly={!mayEdit}
      {...extra}
    />
  );

  return (
    <form
      noValidate
      aria-label={t('billing.profile.title')}
      className={grid({ gap: '4', maxWidth: '40rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        const threshold = parseMoney(texts.threshold || '0', texts.currency);
        if (threshold === null) {
          setThresholdError(
            amountHint(t, texts.currency, numberLocale(locale), texts.currency === 'RWF' ? 5000 : 5),
          );
          return;
        }
        setThresholdError(undefined);
        const { threshold: _, ...rest } = texts;
        save.mutate({ ...rest, lowBalanceThresholdMinor: threshold });
      }}
    >
      <Text as="h2" variant="panelTitle">
        {t('billing.profile.title')}
      </Text>
      {!mayEdit ? <Text variant="muted">{t('billing.profile.ownerOnly')}</Text> : null}
      {field('billingEmail', t('billing.profile.email'), {
        type: 'email',
        autoComplete: 'email',
        help: t('billing.profile.emailHelp'),
      })}
      {field('companyName', t('billing.profile.companyName'), { autoComplete: 'organization' })}
      {field('addressLine1', t('billing.profile.address'), { autoComplete: 'address-line1' })}
      {field('addressLine2', t('billing.profile.address2'), { autoComplete: 'address-line2' })}
      <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
        {field('city', t('billing.profile.city'), { autoComplete: 'address-level2' })}
        {field('postalCode', t('billing.profile.postalCode'), { autoComplete: 'postal-code' })}
      </div>
      <Select
        label={t('billing.profile.country')}
        items={countries}
        value={texts.country}
        disabled={!mayEdit}
        onValueChange={(value) => {
          setTexts({ ...texts, country: value ?? '' });
          save.reset();
        }}
        error={errors.country}
      />
      {field('taxId', t('billing.profile.taxId'), { help: t('billing.profile.taxIdHelp') })}
      <TextField
        label={t('billing.profile.threshold', { currency: texts.currency })}
        name="threshold"
        inputMode="decimal"
        value={texts.threshold}
        onChange={set('threshold')}
        readOnly={!mayEdit}
        help={t('billing.profile.thresholdHelp')}
        error={thresholdError ?? errors.lowBalanceThresholdMinor}
      />
      <Select
        label={t('billing.profile.currency')}
        items={[
          { value: 'RWF', label: t('billing.profile.rwf') },
          { value: 'USD', label: t('billing.profile.usd') },
        ]}
        value={texts.currency}
        disabled={!mayEdit}
        onValueChange={(value) => {
          // An amount in one currency means nothing in the other: the alert starts again at the new
          // currency's default (5000 francs is not 5000 dollars), shown so it can be changed before saving.
          if ((value === 'RWF' || value === 'USD') && value !== texts.currency)
            setTexts({
              ...texts,
              currency: value,
              threshold: thresholdText(DEFAULT_LOW_BALANCE_THRESHOLD[value], value),
            });
          save.reset();
        }}
        help={t('billing.profile.currencyHelp', { zero: formatMoney(0, texts.currency) })}
        error={errors.currency}
      />
      {save.error && Object.keys(errors).length === 0 ? (
        <Alert tone="error">{save.error.message}</Alert>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className={css({ color: 'success.text' })}>
          {t('billing.profile.saved')}
        </p>
      ) : null}
      {mayEdit ? (
        <div>
          <Button type="submit" variant="solid" loading={save.isPending}>
            {t('billing.profile.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
