// "Show the API call": the curl command must say exactly what the form sends, whatever the text holds, and
// leave only the token to the shell.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from '@/domain/api-call';
import { createComputeRequest } from '@/services/computes.api';

const hostile = [
  `it's`,
  `"$HOME" \`id\` $(id)`,
  'two\nlines',
  `v=spf1 include:_spf.example.rw ~all`,
  `'`,
  '',
];

describe('shellQuote', () => {
  it('gives the shell back exactly the text, quotes, dollars, backticks and newlines included', () => {
    for (const text of hostile) {
      const echoed = execFileSync('sh', ['-c', `printf '%s' ${shellQuote(text)}`], { encoding: 'utf8' });
      expect(echoed).toBe(text);
    }
  });
});

describe('curlCommand', () => {
  it('sends the body as JSON the shell does not touch, and expands only the token', () => {
    const body = { type: 'TXT', name: '@', value: `"it's $(id)"` };
    const command = curlCommand({
      method: 'POST',
      url: 'https://console.example.rw/resource-manager/api/v1/teams/t-1/domains/d-1/records',
      headers: { 'Idempotency-Key': 'k-1' },
      body,
    });
    expect(command.split(' \\\n  ')).toEqual([
      `curl -X POST 'https://console.example.rw/resource-manager/api/v1/teams/t-1/domains/d-1/records'`,
      '-H "Authorization: Bearer $IKIRERE_TOKEN"',
      `-H 'Idempotency-Key: k-1'`,
      `-H 'Content-Type: application/json'`,
      `--data ${shellQuote(JSON.stringify(body))}`,
    ]);
    // What curl would receive, word by word, from a shell with the token set.
    const words = execFileSync(
      'sh',
      [
        '-c',
        `args() { for word in "$@"; do printf '%s\\n---\\n' "$word"; done; }; ${command.replace(/^curl/, 'args')}`,
      ],
      { encoding: 'utf8', env: { ...process.env, IKIRERE_TOKEN: 'tok' } },
    ).split('\n---\n');
    expect(words).toContain('Authorization: Bearer tok');
    expect(JSON.parse(words[words.indexOf('--data') + 1]!)).toEqual(body);
  });
});

describe("the create form's API call", () => {
  it('carries the user-data as typed, lines and quotes included, to the JSON curl sends', () => {
    const userData = `#!/bin/sh\necho "it's $(hostname)" > /root/hello\n`;
    const body = {
      hostname: 'web-1',
      locationId: 'kgl1',
      operatingSystemId: 'debian-12',
      instanceTypeId: 's-1vcpu-1gb',
      authentication: { method: 'password' as const },
      tags: [],
      userData,
    };
    const command = curlCommand(createComputeRequest('t-1', body, 'k-1'));
    const words = execFileSync(
      'sh',
      [
        '-c',
        `args() { for word in "$@"; do printf '%s\\n---\\n' "$word"; done; }; ${command.replace(/^curl/, 'args')}`,
      ],
      { encoding: 'utf8' },
    ).split('\n---\n');
    expect(JSON.parse(words[words.indexOf('--data') + 1]!).userData).toBe(userData);
  });
});
