import { describe, expect, it } from 'vitest';
import { can, canManageMember, whyNot } from '@/domain/permissions';

describe('the console’s view of the permission matrix', () => {
  it('lets the owner do everything', () => {
    for (const permission of [
      'team.delete',
      'team.changeCurrency',
      'billing.manage',
      'members.manage',
    ] as const) {
      expect(can('OWNER', permission)).toBe(true);
    }
  });

  it('lets an admin run the team but not its money or existence', () => {
    expect(can('ADMIN', 'members.invite')).toBe(true);
    expect(can('ADMIN', 'billing.read')).toBe(true);
    expect(can('ADMIN', 'billing.manage')).toBe(false);
    expect(can('ADMIN', 'team.delete')).toBe(false);
  });

  it('lets a member work with resources and read members, nothing more', () => {
    expect(can('MEMBER', 'resources.manage')).toBe(true);
    expect(can('MEMBER', 'members.read')).toBe(true);
    expect(can('MEMBER', 'billing.read')).toBe(false);
    expect(can('MEMBER', 'members.invite')).toBe(false);
    expect(can(null, 'members.read')).toBe(false);
  });

  it('never lets anyone manage the owner', () => {
    expect(canManageMember('OWNER', 'OWNER')).toBe(false);
    expect(canManageMember('OWNER', 'ADMIN')).toBe(true);
    expect(canManageMember('MEMBER', 'MEMBER')).toBe(false);
  });

  it('explains a refusal in words', () => {
    expect(whyNot('team.changeCurrency')).toBe("Only the team's owner can change the team's currency.");
    expect(whyNot('billing.read')).toBe("Only the team's owner and admins can see billing.");
  });
});
