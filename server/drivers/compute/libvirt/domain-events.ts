// libvirt's domain events from one host, read from a long-running `virsh event --all --loop`: lifecycle
// changes (started, shut down, stopped, undefined…) and guest reboots, as they happen. The reader is
// restarted when it ends (libvirtd restarted, the connection dropped); the driver also polls, so an event
// lost meanwhile only delays a transition.
import type { ChildProcess } from 'node:child_process';
import type { Logger } from '../../../logger';
import { spawnVirsh } from './virsh';

export interface DomainEvent {
  domain: string;
  /** lifecycle, reboot, … */
  kind: string;
  /** For lifecycle events: "Started Booted", "Stopped Shutdown", "Shutdown Finished after guest request"… */
  detail: string;
}

const LINE = /event '([a-z-]+)' for domain '([^']+)'(?::\s*(.*))?$/;

export function parseEventLine(line: string): DomainEvent | undefined {
  const match = LINE.exec(line.trim());
  if (!match) return undefined;
  return { kind: match[1]!, domain: match[2]!, detail: (match[3] ?? '').trim() };
}

export class DomainEventStream {
  private child: ChildProcess | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly uri: string,
    private readonly onEvent: (event: DomainEvent) => void,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.spawn();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.child?.kill('SIGTERM');
    this.child = undefined;
  }

  private spawn(): void {
    if (this.stopped) return;
    const child = spawnVirsh(this.uri, ['event', '--all', '--loop']);
    this.child = child;
    let pending = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const event = parseEventLine(line);
        if (event) this.onEvent(event);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) =>
      this.logger.debug({ uri: this.uri, output: chunk.toString() }, 'libvirt event reader'),
    );
    child.on('error', (error) =>
      this.logger.warn({ err: error, uri: this.uri }, 'libvirt event reader failed'),
    );
    child.on('exit', () => {
      if (this.child !== child || this.stopped) return;
      this.child = undefined;
      this.timer = setTimeout(() => this.spawn(), 2_000);
      this.timer.unref?.();
    });
  }
}
