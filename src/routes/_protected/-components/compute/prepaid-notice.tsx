// The prepaid rule, shown on /new-compute before anything is filled in: computes are paid from the team's
// balance, the first hour when one is created. A team whose balance cannot cover even the smallest plan is
// told so first, with the way to add money (owners) or whom to ask (others, who cannot see the balance).
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { InstanceType } from '@/contract/computes';
import type { Currency } from '@/contract/teams';
import { formatMoney, prepaidShortfall } from '@/domain/money';
import { Alert } from '@/ui/alert';

interface Props {
  /** null: the caller may not see the balance. */
  balanceMinor: number | null;
  currency: Currency;
  instanceTypes: InstanceType[];
  canAddMoney: boolean;
}

const RULE =
  'Computes are prepaid: each is charged by the hour from the team’s balance, its first hour as soon as it is created.';

export function PrepaidNotice({ balanceMinor, currency, instanceTypes, canAddMoney }: Props) {
  if (balanceMinor === null) {
    return <Alert>{RULE} If the balance cannot cover it, ask an owner to add money.</Alert>;
  }
  const cheapest = Math.min(...instanceTypes.map((t) => t.hourly[currency]));
  const balance = formatMoney(balanceMinor, currency);
  const addMoney = canAddMoney ? (
    <Link to="/settings/billing" className={css({ color: 'accent.text', fontWeight: '600' })}>
      Add money
    </Link>
  ) : (
    'Ask an owner to add money.'
  );
  if (Number.isFinite(cheapest) && prepaidShortfall(balanceMinor, cheapest) > 0) {
    return (
      <Alert tone="error">
        <span>
          <strong>Add money before creating a compute.</strong> {RULE} The balance is {balance}; the smallest
          plan needs {formatMoney(cheapest, currency)}. {addMoney}
        </span>
      </Alert>
    );
  }
  return (
    <Alert>
      <span>
        {RULE} The balance is {balance}. {canAddMoney ? addMoney : null}
      </span>
    </Alert>
  );
}
