// Lighthouse (issue 15's first paint): performance score, FCP, LCP and TBT on Lighthouse's mobile profile
// (simulated slow 4G and a 4× slower CPU) for the landing page and the sign-in page, against the built
// console on the real server. Lighthouse is fetched by npx for this run only (it is not a dependency of
// the console) and drives Debian's Chromium.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIGHTHOUSE = 'lighthouse@13';
/** The goal, on the mobile profile. */
const TARGET_SCORE = 0.9;

export interface LighthouseFigures {
  path: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

/** One Lighthouse run per page (the median of `runs` by score), or an error message when it cannot run. */
export function benchLighthouse(
  baseUrl: string,
  chromePath: string,
  paths: string[],
  runs = 3,
): LighthouseFigures[] | string {
  const dir = mkdtempSync(join(tmpdir(), 'ikirere-lighthouse-'));
  try {
    return paths.map((path) => {
      const results: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run++) {
        const output = join(dir, `report-${run}.json`);
        execFileSync(
          'npx',
          [
            '--yes',
            LIGHTHOUSE,
            new URL(path, baseUrl).href,
            '--quiet',
            '--only-categories=performance',
            '--output=json',
            `--output-path=${output}`,
            '--chrome-flags=--headless=new --no-sandbox',
          ],
          {
            env: { ...process.env, CHROME_PATH: chromePath },
            stdio: ['ignore', 'ignore', 'pipe'],
            timeout: 300_000,
          },
        );
        const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
        const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
        results.push({
          path,
          score: report.categories.performance.score,
          fcpMs: value('first-contentful-paint'),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
        });
      }
      return results.sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!;
    });
  } catch (error) {
    return `Lighthouse could not run: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printLighthouseFigures(figures: LighthouseFigures[] | string): boolean {
  console.log(
    '\nLighthouse, mobile profile (median of 3 runs; before the first paint from index.html, on the same ' +
      'machine: / 0.90 with LCP 3.0 s, /auth/login 0.87 with LCP 3.1 s)',
  );
  if (typeof figures === 'string') {
    console.log(`  ${figures}`);
    return false;
  }
  let ok = true;
  for (const page of figures) {
    const within = page.score >= TARGET_SCORE;
    ok &&= within;
    console.log(
      `  ${page.path.padEnd(12)} score ${page.score.toFixed(2)} (target ≥ ${TARGET_SCORE}${within ? '' : ', OVER'})  ` +
        `FCP ${(page.fcpMs / 1000).toFixed(1)} s  LCP ${(page.lcpMs / 1000).toFixed(1)} s  ` +
        `TBT ${Math.round(page.tbtMs)} ms  CLS ${page.cls.toFixed(3)}`,
    );
  }
  return ok;
}
