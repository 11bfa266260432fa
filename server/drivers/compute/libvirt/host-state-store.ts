// What the driver learned about its hosts that must outlive a restart (libvirt_hosts): a host whose KVM is
// advertised but fails runs its guests in emulation from then on, on every server sharing the database;
// and which hosts an operator drained (libvirt_host_drains).
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db';
import { libvirtHostDrains, libvirtHosts } from '../../../db/schema';

export interface KvmFailure {
  reason: string;
  at: Date;
}

export class HostStateStore {
  constructor(private readonly db: Database) {}

  async kvmFailures(): Promise<Map<string, KvmFailure>> {
    const rows = await this.db.select().from(libvirtHosts);
    return new Map(rows.map((row) => [row.name, { reason: row.kvmFailure, at: row.kvmFailedAt }]));
  }

  /** Remembers the failure; false when it was already remembered (another guest or server saw it first). */
  async rememberKvmFailure(host: string, reason: string, at: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(libvirtHosts)
      .values({ name: host, kvmFailure: reason, kvmFailedAt: at })
      .onConflictDoNothing({ target: libvirtHosts.name })
      .returning({ name: libvirtHosts.name });
    return inserted.length > 0;
  }

  async forgetKvmFailure(host: string): Promise<void> {
    await this.db.delete(libvirtHosts).where(eq(libvirtHosts.name, host));
  }

  async drained(): Promise<Set<string>> {
    const rows = await this.db.select().from(libvirtHostDrains);
    return new Set(rows.map((row) => row.name));
  }

  async setDrained(host: string, drained: boolean, at: Date): Promise<void> {
    if (drained) {
      await this.db
        .insert(libvirtHostDrains)
        .values({ name: host, drainedAt: at })
        .onConflictDoNothing({ target: libvirtHostDrains.name });
    } else {
      await this.db.delete(libvirtHostDrains).where(eq(libvirtHostDrains.name, host));
    }
  }
}
