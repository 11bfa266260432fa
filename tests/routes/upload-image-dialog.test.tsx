// The upload dialog says what keeping the chosen file costs a month, in the team's currency, before anything
// is sent, and going back leaves the form as it was.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '@/contract/teams';
import { UploadImageDialog } from '@/routes/_protected/_section/_team/images/-components/upload-image-dialog';
import { catalogKeys } from '@/services/computes.queries';
import { volumeKeys } from '@/services/volumes.queries';

const GB = 1024 ** 3;

function team(currency: Team['currency']): Team {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Kigali Labs',
    currency,
    verificationStatus: 'VERIFIED',
    requireTwoFactor: false,
    role: 'OWNER',
    memberCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function renderDialog(currency: Team['currency']) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(catalogKeys.operatingSystems(), {
    operatingSystems: [
      { id: 'debian-12', name: 'Debian', version: '12', family: 'debian', defaultUser: 'root' },
    ],
  });
  queryClient.setQueryData(volumeKeys.storagePrices(), {
    storagePrices: [
      { kind: 'volume', name: 'Volumes', perGbMonth: { USD: 10, RWF: 140 } },
      { kind: 'image', name: 'Team images', perGbMonth: { USD: 5, RWF: 70 } },
    ],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <UploadImageDialog team={team(currency)} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

/** A chosen file of `bytes` (its content is not read before the upload is confirmed). */
function choose(bytes: number) {
  const file = new File(['qcow2'], 'golden.qcow2');
  Object.defineProperty(file, 'size', { value: bytes });
  fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [file] } });
}

afterEach(() => vi.restoreAllMocks());

describe('the upload dialog’s price', () => {
  it('shows the monthly price for the chosen file before the upload is confirmed, in RWF', async () => {
    const sent = vi.spyOn(XMLHttpRequest.prototype, 'send');
    renderDialog('RWF');
    expect(screen.getByText(/A kept image costs RWF 70 per GB-month of its file/)).toBeInTheDocument();
    choose(3.2 * GB);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // 3.2 GB is billed as 4 GB: RWF 280 a month.
    const confirm = await screen.findByText(/Upload it\?/);
    expect(confirm).toHaveTextContent(
      'golden: 3.2 GB, kept as a qcow2 file of about 4 GB: RWF 280 a month while it is kept (RWF 70 per GB-month of its file). Upload it?',
    );
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByText(/Upload it\?/)).toBeNull());
    expect(screen.getByLabelText('Name')).toHaveValue('golden');
    expect(sent).not.toHaveBeenCalled();
  });

  it('says it in dollars for a USD team, a file under a GB billed as one', async () => {
    renderDialog('USD');
    choose(200 * 1024 ** 2);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Upload it\?/)).toHaveTextContent(
      'about 1 GB: $0.05 a month while it is kept ($0.05 per GB-month of its file)',
    );
  });
});
