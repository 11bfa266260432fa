// Finds the Chromium the end-to-end tests and benchmarks drive: CHROME_PATH, else Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';

export const INSTALL_HINT = 'sudo apt-get install -y chromium';

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((path) => existsSync(path)) ?? null;
}

export function requireChromium() {
  const path = findChromium();
  if (path) return path;
  console.error(
    `Chromium was not found (looked at CHROME_PATH, /usr/bin/chromium). The end-to-end tests need it.\nInstall it with:\n\n  ${INSTALL_HINT}\n`,
  );
  process.exit(1);
}
