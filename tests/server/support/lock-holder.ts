// A process that takes a data directory's lock and holds it until killed: `node --import tsx
// tests/server/support/lock-holder.ts DIR` prints "locked <pid>" once it holds it, "refused <message>" if not.
import { acquireDataDirLock } from '../../../server/db/data-dir-lock';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lock-holder.ts DIR');
acquireDataDirLock(dataDir).then(
  () => {
    process.stdout.write(`locked ${process.pid}\n`);
    // The lock's sockets do not keep the process alive by themselves: this does, until a signal ends it.
    setInterval(() => {}, 60_000);
  },
  (error: unknown) => {
    process.stdout.write(`refused ${(error as Error).message}\n`);
    process.exit(1);
  },
);
