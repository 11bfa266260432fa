import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../../server/config-variables';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the README tells a newcomer the truth', () => {
  it('starts with the two commands a fresh machine needs', () => {
    const firstLines = readme.split('\n').slice(0, 6).join('\n');
    expect(firstLines).toContain('npm ci && npm start');
    expect(firstLines).toContain('npm test');
  });

  it.each(configVariables.map((variable) => [variable.name, variable] as const))(
    'documents the server variable %s with its real default',
    (name, variable) => {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, `README has no table row for ${name}`).toBeDefined();
      expect(row).toContain(variable.default === undefined ? 'unset' : `\`${variable.default}\``);
    },
  );

  it.each(Object.keys(packageJson.scripts).filter((name) => !['prepare', 'format'].includes(name)))(
    'lists the script %s',
    (name) => {
      expect(readme).toMatch(new RegExp(`\\| \`npm (run )?${name}\` \\|`));
    },
  );
});
