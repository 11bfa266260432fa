import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, fromCallback } from 'xstate';
import type { TeamVerification } from '@/contract/teams';
import { type TeamVerificationEvent, teamVerificationMachine } from '@/machines/team-verification';
import { VerificationDisplay } from '@/routes/_protected/_section/_team/settings/-components/verification-display';
import { ApiError } from '@/services/http';
import { MachineModel } from './model';

const submitted: TeamVerification = {
  status: 'PENDING',
  details: null,
  documents: [],
  history: [],
  submittedAt: '2026-11-21T10:00:00.000Z',
};
const refused = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the highlighted fields.',
  errors: [{ field: 'documents.0', message: 'report.pdf is not one of the accepted file types.' }],
});

const model = new MachineModel(teamVerificationMachine, {
  events: {
    'status.changed': (
      ['UNVERIFIED', 'PENDING', 'REJECTED', 'ADDITIONAL_INFO_REQUESTED', 'VERIFIED'] as const
    ).map((status) => ({ type: 'status.changed' as const, status })),
    'upload.progress': [{ type: 'upload.progress', loaded: 512, total: 1024 }],
    'upload.done': [{ type: 'upload.done', verification: submitted }],
    'upload.failed': [{ type: 'upload.failed', error: refused }],
  },
  // Where the form returns on cancel depends on the status it was opened from.
  abstractContext: (context) => context.status,
});

let actor: Actor<typeof teamVerificationMachine>;
let report: ((event: TeamVerificationEvent) => void) | null;
let uploads: number;

beforeEach(() => {
  report = null;
  uploads = 0;
  actor = createActor(
    teamVerificationMachine.provide({
      actors: {
        upload: fromCallback<TeamVerificationEvent, { form: FormData }>(({ sendBack }) => {
          uploads += 1;
          report = sendBack;
        }),
      },
    }),
  ).start();
  render(<VerificationDisplay actor={actor} mayManage supportEmail="help@ikirere.test" />);
});
afterEach(() => actor.stop());

function fillAndSend() {
  fireEvent.change(screen.getByLabelText(/Legal name/), { target: { value: 'Nkusi Ltd' } });
  const file = new File(['%PDF-1.7'], 'certificate.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByLabelText(/^Documents/), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
}

describe('team verification machine, driven through the verification display', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            loading: [],
            unverified: [],
            pending: [],
            rejected: [],
            additionalInfoRequested: [],
            verified: [],
            'request.editing': ['editing'],
            'request.uploading': ['busy'],
          },
        },
        events: {
          'status.changed': ({ event }: { event: TeamVerificationEvent }) => act(() => actor.send(event)),
          'request.open': () =>
            fireEvent.click(
              screen.getByRole('button', { name: /Verify your team|Submit again|Update your request/ }),
            ),
          'request.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
          'request.submit': fillAndSend,
          'upload.progress': ({ event }: { event: TeamVerificationEvent }) => act(() => report?.(event)),
          'upload.done': ({ event }: { event: TeamVerificationEvent }) => act(() => report?.(event)),
          'upload.failed': ({ event }: { event: TeamVerificationEvent }) => act(() => report?.(event)),
        } as never,
        states: {
          loading: () => expect(screen.queryByRole('button')).toBeNull(),
          unverified: () => {
            expect(
              screen.getByText(/Your team is not verified yet, so the limits below apply/),
            ).toBeVisible();
            expect(screen.getByRole('button', { name: 'Verify your team' })).toBeEnabled();
          },
          pending: () =>
            expect(
              screen.getByText("Verification request submitted. We'll get back to you in 2–3 business days"),
            ).toBeVisible(),
          rejected: () => {
            expect(screen.getByText(/Check your e-mail for the reason/)).toBeVisible();
            expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
              'href',
              'mailto:help@ikirere.test',
            );
          },
          additionalInfoRequested: () => {
            expect(screen.getByText(/Reply to the e-mail we sent you/)).toBeVisible();
            expect(screen.getByRole('link', { name: "Didn't receive email?" })).toBeVisible();
          },
          verified: () => expect(screen.getByText(/you have access to premium features/)).toBeVisible(),
          'request.editing': () =>
            expect(screen.getByRole('button', { name: 'Send the request' })).toBeEnabled(),
          'request.uploading': () => {
            expect(uploads).toBeGreaterThan(0);
            expect(screen.getByRole('button', { name: 'Send the request' })).toHaveAttribute(
              'aria-busy',
              'true',
            );
          },
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('shows upload progress and keeps the details with the server’s reason when a file is refused', () => {
    act(() => actor.send({ type: 'status.changed', status: 'UNVERIFIED' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verify your team' }));
    fillAndSend();
    act(() => report?.({ type: 'upload.progress', loaded: 5 * 1024 * 1024, total: 10 * 1024 * 1024 }));
    expect(screen.getByText('5.0 MB of 10.0 MB')).toBeVisible();
    act(() => report?.({ type: 'upload.failed', error: refused }));
    expect(screen.getByText('report.pdf is not one of the accepted file types.')).toBeVisible();
    expect(screen.getByLabelText(/Legal name/)).toHaveValue('Nkusi Ltd');
  });

  it('refuses too large a document before sending anything', () => {
    act(() => actor.send({ type: 'status.changed', status: 'UNVERIFIED' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verify your team' }));
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'scan.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/^Documents/), { target: { files: [big] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(screen.getByText(/scan.png is 11.0 MB; each document can be at most 10 MB/)).toBeVisible();
    expect(uploads).toBe(0);
  });
});
