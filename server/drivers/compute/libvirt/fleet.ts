// The hosts as the operator sees them (`npm run ops -- hosts`): reachable or not, their acceleration, the
// room their computes take, drained or not, and which computes each holds. Draining a host: it takes no new
// machines from then on (placement skips it) and its stopped machines move, one at a time, to the emptiest
// other usable host of its location (disk-move.ts); a running one stays until it is stopped and the host
// drained again (moving a running guest would be live migration, which this driver does not do).
import type { HostDrainResult } from '@/contract/operator';
import { type HostFleet, type HostReport, MachineStateError } from '../compute-driver';
import { moveMachine } from './disk-move';
import type { FlowContext } from './flows/flow';
import type { FlowEngine } from './flows/flow-engine';
import type { HostConnection } from './host-connection';
import { specOf } from './machine-store';
import { placeMachine } from './placement';

export class LibvirtFleet implements HostFleet {
  /** Machines being moved now: no transition may begin on them meanwhile. */
  readonly moving = new Set<string>();

  constructor(
    private readonly context: FlowContext,
    private readonly engine: FlowEngine,
  ) {}

  async hosts(): Promise<HostReport[]> {
    const { hosts, store } = this.context;
    await hosts.readDrained();
    const rows = await store.all();
    const usage = await store.usage();
    return hosts.all().map((host) => {
      const used = usage.find((entry) => entry.host === host.name);
      return {
        name: host.name,
        location: host.config.location,
        uri: host.uri,
        reachable: !host.unreachable,
        problem: host.problem ?? null,
        acceleration: host.acceleration,
        drained: host.drained,
        capacity: host.config.capacity,
        used: { vcpus: used?.vcpus ?? 0, memoryMb: used?.memoryMb ?? 0, diskGb: used?.diskGb ?? 0 },
        machineIds: rows.filter((row) => row.host === host.name).map((row) => row.id),
      };
    });
  }

  private host(name: string): HostConnection {
    const host = this.context.hosts.get(name);
    if (!host) throw new MachineStateError(`There is no host ${name} in LIBVIRT_HOSTS.`);
    return host;
  }

  async undrain(name: string): Promise<void> {
    await this.context.hosts.setDrained(this.host(name), false);
  }

  async drain(name: string): Promise<HostDrainResult> {
    const { hosts, store, logger } = this.context;
    const host = this.host(name);
    await hosts.setDrained(host, true);
    const result: HostDrainResult = { host: name, moved: [], stayed: [] };
    for (const row of (await store.all()).filter((entry) => entry.host === name)) {
      if (row.transition || this.engine.busy(row.id)) {
        result.stayed.push({
          id: row.id,
          reason: `busy (${(row.transition ?? 'a transition').replace('_', ' ')})`,
        });
        continue;
      }
      if (row.state !== 'stopped') {
        result.stayed.push({
          id: row.id,
          reason: `${row.state === 'unreachable' ? 'the host does not answer' : row.state}: only a stopped compute moves; stop it and drain again`,
        });
        continue;
      }
      if (host.unreachable) {
        result.stayed.push({ id: row.id, reason: 'the host does not answer: its disks cannot be copied' });
        continue;
      }
      if ((await this.context.networks.cardsOf(row.id)).length > 0) {
        result.stayed.push({
          id: row.id,
          reason: 'on a private network, which spans this host only: it leaves the network first',
        });
        continue;
      }
      const target = await this.target(row);
      if (typeof target === 'string') {
        result.stayed.push({ id: row.id, reason: target });
        continue;
      }
      const started = Date.now();
      this.moving.add(row.id);
      try {
        await moveMachine(this.context, row, target);
        const seconds = Math.round((Date.now() - started) / 100) / 10;
        result.moved.push({ id: row.id, to: target.name, seconds });
        logger.info(
          { machineId: row.id, from: name, to: target.name, seconds },
          'moved a machine off a drained host',
        );
      } catch (error) {
        const reason = `the move to ${target.name} failed, the compute stays whole on ${name}: ${(error as Error).message}`;
        logger.warn({ err: error, machineId: row.id }, reason);
        result.stayed.push({ id: row.id, reason });
      } finally {
        this.moving.delete(row.id);
      }
    }
    return result;
  }

  /** Where the machine goes: placement among the other usable hosts of its location, or why nowhere. */
  private async target(row: Parameters<typeof specOf>[0]): Promise<HostConnection | string> {
    const { hosts, store } = this.context;
    const spec = specOf(row);
    const others = hosts.usable().filter((host) => host.name !== row.host);
    const placement = placeMachine(
      others.map((host) => host.config),
      await store.usage(),
      {
        locationId: spec.locationId,
        imageId: spec.image.id,
        vcpus: row.vcpus,
        memoryMb: row.memoryMb,
        diskGb: row.diskGb,
      },
    );
    return placement.ok ? hosts.get(placement.host.name)! : `no other host can take it: ${placement.reason}`;
  }
}
