// The activity log's words: which DNS record a change touched, and who acted when no person did.
import { describe, expect, it } from 'vitest';
import {
  describeActor,
  describeTarget,
} from '@/routes/_protected/_section/_team/settings/-components/audit-actions';

const entry = (action: string, details: Record<string, unknown>, target: string | null = 'example.rw') => ({
  action,
  target,
  actor: null,
  details,
});

describe('the activity log', () => {
  it('names the record each DNS change touched, so additions to one zone can be told apart', () => {
    const a = entry('domain.record_created', {
      record: { type: 'A', name: 'api', value: '192.0.2.20', ttl: 300, priority: null },
    });
    const mx = entry('domain.record_created', {
      record: { type: 'MX', name: '@', value: 'mail.example.com', priority: 10 },
    });
    expect(describeTarget(a)).toBe('A api 192.0.2.20 in example.rw');
    expect(describeTarget(mx)).toBe('MX @ 10 mail.example.com in example.rw');
    expect(
      describeTarget(entry('domain.record_updated', { to: { type: 'TXT', name: 'x', value: 'hello' } })),
    ).toBe('TXT x hello in example.rw');
    expect(describeTarget(entry('domain.created', {}))).toBe('example.rw');
  });

  it('credits a sandbox top-up to the payment provider, not to operators', () => {
    expect(describeActor(entry('billing.top_up_credited', {}))).toBe('The payment provider');
    expect(describeActor(entry('verification.approved', {}))).toBe('Ikirere’s reviewers');
    expect(describeActor({ ...entry('team.renamed', {}), actor: { name: 'Ada' } })).toBe('Ada');
    expect(
      describeActor({ ...entry('compute.created', { apiToken: 'deploy' }), actor: { name: 'Ada' } }),
    ).toBe('Ada, with the API token “deploy”');
  });
});
