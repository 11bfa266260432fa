// Billing failures in plain words. Another team's top-up is "not found", exactly like one that never was.
import { problemTypes } from '@/contract/problem';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';

export function topUpNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('billing.problem.topUpNotFound.title'),
    detail: t('billing.problem.topUpNotFound.detail'),
  });
}

export function invoiceNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('billing.problem.invoiceNotFound.title'),
    detail: t('billing.problem.invoiceNotFound.detail'),
  });
}

export function cursorProblem(): ProblemError {
  return new ProblemError(422, {
    detail: t('billing.problem.cursor'),
    errors: [{ field: 'cursor', message: t('billing.problem.cursorField') }],
  });
}

export function billingConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: t('billing.problem.conflict'), detail });
}

/** 402: starting, creating or resizing a compute while the team's balance does not allow it (`field`: beside which form field). */
export function balanceEmpty(detail: string, field?: string): ProblemError {
  return new ProblemError(402, {
    type: problemTypes.balanceEmpty,
    title: t('billing.problem.balanceEmpty'),
    detail,
    ...(field ? { errors: [{ field, message: detail }] } : {}),
  });
}
