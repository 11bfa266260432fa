// The write hooks of src/services/*.mutations.ts own what a write changes in the cache: what they patch,
// what they refetch, and when the write counts as done (the spinner of a delete stops once the list no
// longer shows the row). The API calls are replaced; the cache is a real QueryClient.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentSession, User } from '@/contract/auth';
import type { BillingProfile } from '@/contract/billing';
import type { DnsRecord } from '@/contract/domains';
import type { Invitation } from '@/contract/teams';
import { ApiError } from '@/services/api-error';
import { updateProfile } from '@/services/auth.api';
import { useUpdateProfile } from '@/services/auth.mutations';
import { authKeys } from '@/services/auth.queries';
import { updateBillingProfile } from '@/services/billing.api';
import { useUpdateBillingProfile } from '@/services/billing.mutations';
import { billingKeys } from '@/services/billing.queries';
import { deleteRecord } from '@/services/domains.api';
import { useDeleteRecord } from '@/services/domains.mutations';
import { domainKeys } from '@/services/domains.queries';
import { revokeInvitation } from '@/services/teams.api';
import { useRevokeInvitation } from '@/services/teams.mutations';
import { teamKeys } from '@/services/teams.queries';

vi.mock('@/services/domains.api', async (original) => ({
  ...(await original<typeof import('@/services/domains.api')>()),
  deleteRecord: vi.fn(),
}));
vi.mock('@/services/billing.api', async (original) => ({
  ...(await original<typeof import('@/services/billing.api')>()),
  updateBillingProfile: vi.fn(),
}));
vi.mock('@/services/auth.api', async (original) => ({
  ...(await original<typeof import('@/services/auth.api')>()),
  updateProfile: vi.fn(),
}));
vi.mock('@/services/teams.api', async (original) => ({
  ...(await original<typeof import('@/services/teams.api')>()),
  revokeInvitation: vi.fn(),
}));

afterEach(() => vi.clearAllMocks());

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const domain = { teamId: 'team-1', id: 'zone-1' };
const record = { id: 'rec-1', type: 'A', name: 'www' } as DnsRecord;

describe('useDeleteRecord', () => {
  it('counts as done once the zone’s records are back, and refreshes the domain list too', async () => {
    const { wrapper } = setup();
    vi.mocked(deleteRecord).mockResolvedValue(undefined as never);
    let rows = ['rec-1', 'rec-2'];
    const refetched = deferred<void>();
    const fetchRecords = vi.fn(async () => {
      if (fetchRecords.mock.calls.length > 1) await refetched.promise;
      return rows;
    });
    const fetchDomains = vi.fn(async () => ['zone-1']);
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () => ({
        records: useQuery({ queryKey: domainKeys.records(domain.teamId, domain.id), queryFn: fetchRecords }),
        domains: useQuery({ queryKey: domainKeys.list(domain.teamId), queryFn: fetchDomains }),
        remove: useDeleteRecord(domain, { onSuccess }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.records.data).toEqual(['rec-1', 'rec-2']));

    rows = ['rec-2'];
    act(() => result.current.remove.mutate(record));
    await waitFor(() => expect(fetchRecords).toHaveBeenCalledTimes(2));
    expect(deleteRecord).toHaveBeenCalledWith('team-1', 'zone-1', 'rec-1');
    expect(result.current.remove.isPending).toBe(true);
    expect(onSuccess).not.toHaveBeenCalled();

    refetched.resolve();
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    expect(result.current.records.data).toEqual(['rec-2']);
    expect(onSuccess).toHaveBeenCalledWith(undefined, record);
    expect(fetchDomains).toHaveBeenCalledTimes(2);
  });
});

describe('useUpdateBillingProfile', () => {
  it('stores the saved profile and refetches the balance and the teams', async () => {
    const { client, wrapper } = setup();
    const before = { legalName: 'Old' } as unknown as BillingProfile;
    const saved = { legalName: 'New' } as unknown as BillingProfile;
    client.setQueryData(billingKeys.profile('team-1'), before);
    vi.mocked(updateBillingProfile).mockResolvedValue(saved);
    const fetchBalance = vi.fn(async () => ({ minor: 0 }));
    const fetchTeams = vi.fn(async () => ({ teams: [] }));
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () => ({
        balance: useQuery({ queryKey: billingKeys.balance('team-1'), queryFn: fetchBalance }),
        teams: useQuery({ queryKey: teamKeys.userTeams(), queryFn: fetchTeams }),
        save: useUpdateBillingProfile('team-1', { onSuccess }),
      }),
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.balance.isSuccess && result.current.teams.isSuccess).toBe(true),
    );

    act(() => result.current.save.mutate({ legalName: 'New' } as never));
    await waitFor(() => expect(result.current.save.isSuccess).toBe(true));
    expect(client.getQueryData(billingKeys.profile('team-1'))).toEqual(saved);
    expect(onSuccess).toHaveBeenCalledWith(saved, { legalName: 'New' });
    await waitFor(() => expect(fetchBalance).toHaveBeenCalledTimes(2));
    expect(fetchTeams).toHaveBeenCalledTimes(2);
  });
});

describe('useUpdateProfile', () => {
  it('puts the person as the server answers into the cached session, keeping the rest of it', async () => {
    const { client, wrapper } = setup();
    const session = {
      user: { id: 'u-1', name: 'Old' },
      teams: [{ id: 'team-1' }],
    } as unknown as CurrentSession;
    client.setQueryData(authKeys.userProfile(), session);
    const renamed = { id: 'u-1', name: 'Amani' } as User;
    vi.mocked(updateProfile).mockResolvedValue(renamed);
    const { result } = renderHook(() => useUpdateProfile(), { wrapper });

    act(() => result.current.mutate({ name: 'Amani' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryData(authKeys.userProfile())).toEqual({ ...session, user: renamed });
  });
});

describe('useRevokeInvitation', () => {
  it('hands the server’s refusal to the page and leaves the invitations as they are', async () => {
    const { wrapper } = setup();
    const refusal = new ApiError(409, { title: 'The invitation was already accepted', status: 409 } as never);
    vi.mocked(revokeInvitation).mockRejectedValue(refusal);
    const fetchInvitations = vi.fn(async () => ({ invitations: [] }));
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const invitation = { id: 'inv-1', email: 'a@example.rw' } as Invitation;
    const { result } = renderHook(
      () => ({
        list: useQuery({ queryKey: teamKeys.teamInvitations('team-1'), queryFn: fetchInvitations }),
        revoke: useRevokeInvitation('team-1', { onSuccess, onError }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));

    act(() => result.current.revoke.mutate(invitation));
    await waitFor(() => expect(result.current.revoke.isError).toBe(true));
    expect(result.current.revoke.error).toBe(refusal);
    expect(onError).toHaveBeenCalledWith(refusal, invitation);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(fetchInvitations).toHaveBeenCalledTimes(1);
  });
});
