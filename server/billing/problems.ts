// Billing failures in plain words. Another team's top-up is "not found", exactly like one that never was.
import { problemTypes } from '@/contract/problem';
import { ProblemError } from '../http/problem';

export function topUpNotFound(): ProblemError {
  return new ProblemError(404, { title: 'Top-up not found', detail: 'This team has no such top-up.' });
}

export function invoiceNotFound(): ProblemError {
  return new ProblemError(404, { title: 'Invoice not found', detail: 'This team has no such invoice.' });
}

export function cursorProblem(): ProblemError {
  return new ProblemError(422, {
    detail: 'This cursor is not one we gave out.',
    errors: [{ field: 'cursor', message: 'This cursor is not one we gave out. Start from the first page.' }],
  });
}

export function billingConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: 'Not possible right now', detail });
}

export const BALANCE_EMPTY_DETAIL = 'Your balance is empty: top up to start computes again.';

/** 402: starting, creating or resizing a compute while the team's balance does not allow it (`field`: beside which form field). */
export function balanceEmpty(detail = BALANCE_EMPTY_DETAIL, field?: string): ProblemError {
  return new ProblemError(402, {
    type: problemTypes.balanceEmpty,
    title: 'Add money first',
    detail,
    ...(field ? { errors: [{ field, message: detail }] } : {}),
  });
}
