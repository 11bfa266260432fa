// The console's version as package.json states it, shown in app-configs and the OpenAPI document.
import { readFileSync } from 'node:fs';

const packageJson: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

export const serverVersion: string =
  typeof packageJson === 'object' &&
  packageJson !== null &&
  'version' in packageJson &&
  typeof packageJson.version === 'string'
    ? packageJson.version
    : '0.0.0';
