// `npm run bench`: builds the console, starts the real server and prints the figures each issue targets.
// `npm run bench -- --only data` prints only the data figures (images, volumes, firewalls: bench/data.ts).

import { measureBundles, printBundleFigures } from './bench/bundle-size';
import { benchCluster, printClusterFigures } from './bench/cluster';
import { benchComputeBoot, printComputeBootFigures } from './bench/compute-boot';
import { benchComputesList, printComputesListFigures } from './bench/computes-list';
import { benchComputesPage, printComputesPageFigures } from './bench/computes-page';
import { benchData, printDataFigures } from './bench/data';
import { benchDnsQps, printDnsQpsFigures } from './bench/dns-qps';
import { benchFailover, printFailoverFigures } from './bench/failover';
import { benchHostDrain, printHostDrainFigures } from './bench/host-drain';
import { benchImportStall, printImportStallFigures } from './bench/import-stall';
import { benchLighthouse, printLighthouseFigures } from './bench/lighthouse';
import { benchMetering, printMeteringFigures } from './bench/metering';
import { lintOpenApi, printLintFigures } from './bench/openapi-lint';
import { benchOversizedBodies, printOversizedBodyFigures } from './bench/oversized-bodies';
import { benchRecordWrite, printRecordWriteFigures } from './bench/record-write';
import { benchZonePage, printZonePageFigures } from './bench/zone-page';
import { buildIfNeeded } from './build-if-needed.mjs';
import { requireChromium } from './chromium.mjs';
import { removeDataDir, startServerProcess } from './server-process';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && only !== 'data') {
  console.error(`--only takes data (images, volumes, firewalls); not ${only}`);
  process.exit(2);
}
if (only === 'data') {
  printDataFigures(await benchData());
  process.exit(0);
}

const chromePath = requireChromium();
buildIfNeeded({ quiet: true });
const server = await startServerProcess();
let ok = true;
try {
  ok = printBundleFigures(await measureBundles(server.url, chromePath, ['/', '/auth/login'])) && ok;
  ok = printLighthouseFigures(benchLighthouse(server.url, chromePath, ['/', '/auth/login'])) && ok;
  ok = printLintFigures(await lintOpenApi(server.url)) && ok;
} finally {
  await server.stop();
  removeDataDir(server.dataDir);
}
ok = printOversizedBodyFigures(await benchOversizedBodies()) && ok;
ok = printImportStallFigures(await benchImportStall()) && ok;
ok = printRecordWriteFigures(await benchRecordWrite()) && ok;
ok = printComputesListFigures(await benchComputesList()) && ok;
ok = printMeteringFigures(await benchMetering()) && ok;
ok = printComputesPageFigures(await benchComputesPage(chromePath)) && ok;
ok = printDnsQpsFigures(await benchDnsQps()) && ok;
ok = printZonePageFigures(await benchZonePage(chromePath)) && ok;
ok = printComputeBootFigures(await benchComputeBoot()) && ok;
ok = printHostDrainFigures(await benchHostDrain()) && ok;
ok = printDataFigures(await benchData()) && ok;
ok = printClusterFigures(await benchCluster()) && ok;
ok = printFailoverFigures(await benchFailover()) && ok;
console.log(
  ok ? '\nAll figures within their targets.' : '\nSome figures are over their targets (see above).',
);
