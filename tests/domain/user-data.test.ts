// The user-data a compute is made with, as both the console and the server check it: its size in UTF-8
// bytes, a #cloud-config document parsed as YAML with the line at fault named, a #! script, and the rest
// refused with what is accepted.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createComputeRequestSchema } from '@/contract/compute-requests';
import { userDataProblem, userDataSchema } from '@/contract/user-data';
import { USER_DATA_MAX_BYTES, userDataKind } from '@/contract/user-data-kind';

const ACCEPTED = 'Start with "#cloud-config" (a YAML document) or "#!" (a script, like #!/bin/sh).';

describe('user-data', () => {
  it('takes a #cloud-config document and a #! script as written', () => {
    const cloudConfig =
      '#cloud-config\nruncmd:\n  - echo hello > /root/hello\nwrite_files:\n  - path: /etc/x\n    content: "y"\n';
    expect(userDataProblem(cloudConfig)).toBeNull();
    expect(userDataKind(cloudConfig)).toBe('cloud-config');
    expect(v.parse(userDataSchema, cloudConfig)).toBe(cloudConfig);
    expect(userDataProblem('#cloud-config\r\npackages: [htop]\r\n')).toBeNull();
    expect(userDataProblem('#cloud-config\n')).toBeNull();
    expect(userDataKind('#!/bin/bash\necho hi\n')).toBe('script');
    expect(userDataProblem('#!/bin/bash\necho "not: [yaml"\n')).toBeNull();
  });

  it('names the line of a YAML mistake', () => {
    expect(userDataProblem('#cloud-config\nruncmd:\n  - echo hi\n bad: 1\n')).toBe(
      'Line 4: All mapping items must start at the same column.',
    );
    expect(userDataProblem('#cloud-config\nhostname: a\n\tfoo: 1\n')).toBe(
      'Line 3: Tabs are not allowed as indentation.',
    );
    expect(userDataProblem('#cloud-config\nruncmd: []\nruncmd: [ls]\n')).toBe(
      'Line 3: Map keys must be unique.',
    );
    expect(userDataProblem('#cloud-config\n\n- echo hi\n')).toBe(
      'Line 3: A #cloud-config document is a set of keys (like "runcmd:" or "write_files:"), not a list or a single value.',
    );
  });

  it('counts 64 KiB in UTF-8 bytes, not characters', () => {
    const header = '#!/bin/sh\n# ';
    const fits = header + 'a'.repeat(USER_DATA_MAX_BYTES - header.length);
    expect(userDataProblem(fits)).toBeNull();
    expect(userDataProblem(`${fits}a`)).toBe(
      'Use at most 64 KiB of user-data; this is 64.0 KiB (counted in UTF-8 bytes).',
    );
    // 40,000 characters, 80,000 bytes: "é" is two bytes in UTF-8.
    const accented = header + 'é'.repeat(40_000);
    expect(accented.length).toBeLessThan(USER_DATA_MAX_BYTES);
    expect(userDataProblem(accented)).toBe(
      'Use at most 64 KiB of user-data; this is 78.1 KiB (counted in UTF-8 bytes).',
    );
  });

  it('refuses other kinds with what is accepted', () => {
    expect(userDataProblem('runcmd:\n  - ls\n')).toBe(ACCEPTED);
    expect(userDataProblem('')).toBe(ACCEPTED);
    expect(userDataProblem('#!\n')).toBe(ACCEPTED);
    expect(userDataProblem(' #cloud-config\n')).toBe(ACCEPTED);
    expect(userDataProblem('#include\nhttps://example.com/config\n')).toBe(
      `#include is not accepted here. ${ACCEPTED}`,
    );
    expect(userDataProblem('#cloud-boothook\n#!/bin/sh\n')).toBe(
      `#cloud-boothook is not accepted here. ${ACCEPTED}`,
    );
    expect(userDataKind('Content-Type: multipart/mixed\n')).toBeNull();
  });

  it('is optional in the create request, and its problem is the userData field’s', () => {
    const base = {
      hostname: 'web-1',
      locationId: 'kgl1',
      operatingSystemId: 'debian-12',
      instanceTypeId: 's-1vcpu-1gb',
      authentication: { method: 'password' },
    };
    expect(v.parse(createComputeRequestSchema, base).userData).toBeUndefined();
    expect(v.parse(createComputeRequestSchema, { ...base, userData: null }).userData).toBeNull();
    const result = v.safeParse(createComputeRequestSchema, { ...base, userData: '#cloud-config\na: b: c\n' });
    expect(result.success).toBe(false);
    const issue = result.issues?.[0];
    expect(issue && v.getDotPath(issue)).toBe('userData');
    expect(issue?.message).toMatch(/^Line 2: /);
  });
});
