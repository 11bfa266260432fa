// Waiting for libvirt: a flow sleeps between two looks at its domain, woken early by any event libvirt
// sends about it (so a change is seen within moments, and a lost event costs at most one poll), and
// aborted with the flow. Reboot events are counted here too: a guest's reset shows only as one.
const POLL_MS = 2_000;

/** The flow was aborted (the machine is being destroyed, or the driver stops): it ends without an outcome. */
export class Aborted extends Error {}

export class DomainWaits {
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly reboots = new Map<string, number>();

  /** libvirt said something about the machine's domain. */
  noteEvent(machineId: string, kind: string): void {
    if (kind === 'reboot') this.reboots.set(machineId, (this.reboots.get(machineId) ?? 0) + 1);
    for (const waker of this.wakers.get(machineId) ?? []) waker();
  }

  /** Wakes the machine's waits without an event from libvirt (the guest printed its login prompt). */
  wake(machineId: string): void {
    for (const waker of this.wakers.get(machineId) ?? []) waker();
  }

  resetReboots(machineId: string): void {
    this.reboots.set(machineId, 0);
  }

  rebootsSeen(machineId: string): number {
    return this.reboots.get(machineId) ?? 0;
  }

  forget(machineId: string): void {
    this.wakers.delete(machineId);
    this.reboots.delete(machineId);
  }

  /** Checks until `check` says done or the deadline passes; false at the deadline. */
  async until(
    machineId: string,
    deadline: number,
    signal: AbortSignal,
    check: () => Promise<boolean>,
  ): Promise<boolean> {
    for (;;) {
      if (signal.aborted) throw new Aborted();
      if (await check()) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.pause(machineId, Math.min(POLL_MS, left), signal);
    }
  }

  /** Sleeps up to `ms`, woken early by an event of the machine's domain. */
  private pause(machineId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const wakers = this.wakers.get(machineId) ?? new Set();
      this.wakers.set(machineId, wakers);
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        signal.removeEventListener('abort', done);
        if (signal.aborted) reject(new Aborted());
        else resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      wakers.add(done);
      signal.addEventListener('abort', done);
    });
  }
}
