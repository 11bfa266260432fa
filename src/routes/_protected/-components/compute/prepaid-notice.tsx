// The prepaid rule, shown on /new-compute before anything is filled in: computes are paid from the team's
// balance, the first hour when one is created. A team whose balance cannot cover even the smallest plan is
// told so first, with the way to add money (owners) or whom to ask (others, who cannot see the balance).
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { InstanceType } from '@/contract/computes';
import type { Currency } from '@/contract/teams';
import { formatMoney, prepaidShortfall } from '@/domain/money';
import { useT } from '@/i18n';
import { Alert } from '@/ui/alert';

interface Props {
  /** null: the caller may not see the balance. */
  balanceMinor: number | null;
  currency: Currency;
  instanceTypes: InstanceType[];
  canAddMoney: boolean;
}

export function PrepaidNotice({ balanceMinor, currency, instanceTypes, canAddMoney }: Props) {
  const t = useT();
  const rule = t('computes.prepaid.rule');
  if (balanceMinor === null) {
    return (
      <Alert>
        {rule} {t('computes.prepaid.askOwnerIfShort')}
      </Alert>
    );
  }
  const cheapest = Math.min(...instanceTypes.map((t) => t.hourly[currency]));
  const balance = formatMoney(balanceMinor, currency);
  const addMoney = canAddMoney ? (
    <Link to="/settings/billing" className={css({ color: 'accent.text', fontWeight: '600' })}>
      {t('computes.prepaid.addMoney')}
    </Link>
  ) : (
    t('computes.prepaid.askOwner')
  );
  if (Number.isFinite(cheapest) && prepaidShortfall(balanceMinor, cheapest) > 0) {
    return (
      <Alert tone="error">
        <span>
          <strong>{t('computes.prepaid.addFirst')}</strong> {rule}{' '}
          {t('computes.prepaid.balanceShort', { balance, price: formatMoney(cheapest, currency) })} {addMoney}
        </span>
      </Alert>
    );
  }
  return (
    <Alert>
      <span>
        {rule} {t('computes.prepaid.balance', { balance })} {canAddMoney ? addMoney : null}
      </span>
    </Alert>
  );
}
