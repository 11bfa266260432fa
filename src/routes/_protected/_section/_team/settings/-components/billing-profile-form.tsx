// The team's billing details (what invoices carry), the alert threshold and the currency. Owners edit;
// admins read. A refusal keeps what was typed and shows the message beside its field.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { type BillingProfile, DEFAULT_LOW_BALANCE_THRESHOLD } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { phoneCountries } from '@/domain/countries/phone-countries';
import { formatMoney, MINOR_UNITS, parseMoney } from '@/domain/money';
import type { BillingProfileInput } from '@/services/billing.api';
import { useUpdateBillingProfile } from '@/services/billing.mutations';
import { billingProfileQuery } from '@/services/billing.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';

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
  const profile = useSuspenseQuery(billingProfileQuery(teamId));
  // What the form shows is what was typed: a profile refetched meanwhile never overwrites it.
  const [texts, setTexts] = useState<Texts>(() => textsOf(profile.data));
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const countries = useMemo(
    () => [
      { value: '', label: 'Not set' },
      ...phoneCountries.map((country) => ({ value: country.code, label: country.name })),
    ],
    [],
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
      aria-label="Billing details"
      className={grid({ gap: '4', maxWidth: '40rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        const threshold = parseMoney(texts.threshold || '0', texts.currency);
        if (threshold === null) {
          setThresholdError(
            texts.currency === 'RWF'
              ? 'Enter a whole number of francs, like 5000.'
              : 'Enter an amount in dollars, like 5 or 5.50.',
          );
          return;
        }
        setThresholdError(undefined);
        const { threshold: _, ...rest } = texts;
        save.mutate({ ...rest, lowBalanceThresholdMinor: threshold });
      }}
    >
      <Text as="h2" variant="panelTitle">
        Billing details
      </Text>
      {!mayEdit ? <Text variant="muted">Only the team’s owner can change these.</Text> : null}
      {field('billingEmail', 'Billing e-mail', {
        type: 'email',
        autoComplete: 'email',
        help: 'Invoices and balance alerts also go here, besides the owners.',
      })}
      {field('companyName', 'Company name', { autoComplete: 'organization' })}
      {field('addressLine1', 'Address', { autoComplete: 'address-line1' })}
      {field('addressLine2', 'Address (line 2)', { autoComplete: 'address-line2' })}
      <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
        {field('city', 'City', { autoComplete: 'address-level2' })}
        {field('postalCode', 'Postal code', { autoComplete: 'postal-code' })}
      </div>
      <Select
        label="Country"
        items={countries}
        value={texts.country}
        disabled={!mayEdit}
        onValueChange={(value) => {
          setTexts({ ...texts, country: value ?? '' });
          save.reset();
        }}
        error={errors.country}
      />
      {field('taxId', 'Tax ID', { help: 'Printed on invoices, e.g. your TIN.' })}
      <TextField
        label={`Low-balance alert (${texts.currency})`}
        name="threshold"
        inputMode="decimal"
        value={texts.threshold}
        onChange={set('threshold')}
        readOnly={!mayEdit}
        help="Owners are e-mailed, and the console warns, when the balance falls under this."
        error={thresholdError ?? errors.lowBalanceThresholdMinor}
      />
      <Select
        label="Currency"
        items={[
          { value: 'RWF', label: 'Rwandan franc (RWF)' },
          { value: 'USD', label: 'US dollar (USD)' },
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
        help={`Prices, the balance and invoices are in this currency. It can change only while the balance is ${formatMoney(0, texts.currency)} and no payment is pending.`}
        error={errors.currency}
      />
      {save.error && Object.keys(errors).length === 0 ? (
        <Alert tone="error">{save.error.message}</Alert>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className={css({ color: 'success.text' })}>
          Billing details saved.
        </p>
      ) : null}
      {mayEdit ? (
        <div>
          <Button type="submit" variant="solid" loading={save.isPending}>
            Save billing details
          </Button>
        </div>
      ) : null}
    </form>
  );
}
