// One guest's serial console, read through `virsh console` (libvirt's console stream, so it works over
// any connection URI, qemu+ssh included). virsh insists on a terminal, so it runs under util-linux
// `script`, which gives it a pseudo-terminal; virsh puts that terminal in raw mode and bytes pass as they
// are. The reader is open while someone needs it (an attached terminal, a boot being watched) and keeps
// the last 16 KB for whoever attaches next. libvirt lets one reader in at a time: `--force` takes over.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { Logger } from '../../../logger';
import type { ConsoleAttachment, ConsoleSink } from '../compute-driver';
import { virshProgram } from './virsh';

const SCROLLBACK_BYTES = 16 * 1024;
// virsh console's escape character (Ctrl+]) would disconnect the reader: it never reaches it.
const ESCAPE = String.fromCharCode(0x1d);
const PREAMBLE_END = /Escape character is \^\] \(Ctrl \+ \]\)\r?\n/;

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface ConsoleState {
  status: string;
  message?: string;
}

export class GuestConsole {
  private scrollback = '';
  private readonly sinks = new Set<ConsoleSink>();
  private readonly watchers = new Set<(chunk: string) => void>();
  private reader: ChildProcess | undefined;
  private preamble: string | undefined;
  private holds = 0;
  private running = false;
  private state: ConsoleState = { status: 'stopped' };
  private retryTimer: NodeJS.Timeout | undefined;
  private quickExits = 0;
  private disposed = false;
  private readonly connectedListeners = new Set<() => void>();
  private pendingInput = '';

  constructor(
    private readonly uri: string,
    private readonly domain: string,
    private readonly logger: Logger,
  ) {}

  /** The machine's state as the driver knows it: the reader runs only while the guest does. */
  setState(state: ConsoleState, running: boolean): void {
    this.state = state;
    this.running = running;
    for (const sink of this.sinks) sink.status(state.status, state.message);
    if (running) this.ensureReader();
    else this.stopReader();
  }

  attach(sink: ConsoleSink): ConsoleAttachment {
    this.sinks.add(sink);
    this.holds += 1;
    sink.status(this.state.status, this.state.message);
    if (this.scrollback) sink.output(this.scrollback);
    this.ensureReader();
    let detached = false;
    return {
      input: (data) => this.write(data.split(ESCAPE).join('')),
      resize: () => {
        // A serial line has no window size.
      },
      detach: () => {
        if (detached) return;
        detached = true;
        this.sinks.delete(sink);
        this.release();
      },
    };
  }

  /** Follows what the guest prints (a boot being watched); keeps the reader open until unwatched. */
  watch(listener: (chunk: string) => void): () => void {
    this.watchers.add(listener);
    this.holds += 1;
    this.ensureReader();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.watchers.delete(listener);
      this.release();
    };
  }

  /** Resolves once a reader is connected to the guest's serial port (or after timeoutMs, whichever first). */
  whenConnected(timeoutMs: number): Promise<void> {
    if (this.reader && this.preamble === undefined) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.connectedListeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.connectedListeners.add(done);
    });
  }

  /** Presses Enter on the serial line: a guest sitting at its prompt prints it again. */
  nudge(): void {
    this.write('\r');
  }

  /** Keystrokes typed while the reader connects are kept, in order, and sent once it is connected. */
  private write(data: string): void {
    if (!data || !this.running) return;
    if (this.reader && this.preamble === undefined && this.reader.stdin?.writable) {
      this.reader.stdin.write(data);
      return;
    }
    this.pendingInput = (this.pendingInput + data).slice(-4096);
  }

  /** The machine is gone: terminals are told and closed. */
  end(reason: string): void {
    for (const sink of this.sinks) sink.end(reason);
    this.sinks.clear();
    this.dispose();
  }

  dispose(): void {
    this.disposed = true;
    this.watchers.clear();
    this.holds = 0;
    this.stopReader();
  }

  private release(): void {
    this.holds = Math.max(0, this.holds - 1);
    if (this.holds === 0) this.stopReader();
  }

  private emit(chunk: string): void {
    this.scrollback = (this.scrollback + chunk).slice(-SCROLLBACK_BYTES);
    for (const sink of this.sinks) sink.output(chunk);
    for (const watcher of this.watchers) watcher(chunk);
  }

  private ensureReader(): void {
    if (this.disposed || this.reader || this.retryTimer || this.holds === 0 || !this.running) return;
    const command = `exec ${shellQuote(virshProgram())} -c ${shellQuote(this.uri)} console ${shellQuote(this.domain)} --force`;
    const child = spawn('script', ['-q', '-f', '-e', '-E', 'never', '-c', command, '/dev/null'], {
      env: { ...process.env, LC_ALL: 'C', LANG: 'C', SHELL: '/bin/sh', TERM: 'xterm' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const startedAt = Date.now();
    this.reader = child;
    this.preamble = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      if (this.reader !== child) return;
      if (this.preamble !== undefined) {
        this.preamble += chunk;
        const match = PREAMBLE_END.exec(this.preamble);
        if (!match && this.preamble.length < 4096) return;
        const rest = match ? this.preamble.slice(match.index + match[0].length) : this.preamble;
        this.preamble = undefined;
        for (const listener of [...this.connectedListeners]) listener();
        if (this.pendingInput) {
          child.stdin?.write(this.pendingInput);
          this.pendingInput = '';
        }
        if (rest) this.emit(rest);
        return;
      }
      this.emit(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) =>
      this.logger.debug({ domain: this.domain, output: chunk.toString() }, 'serial console reader'),
    );
    child.stdin?.on('error', () => {});
    child.on('error', (error) =>
      this.logger.warn({ err: error, domain: this.domain }, 'serial console reader failed'),
    );
    child.on('exit', () => {
      if (this.reader !== child) return;
      this.reader = undefined;
      // Taken over by another reader, or the guest stopped between two checks: try again, more slowly
      // each time it ends at once, while someone still needs it.
      this.quickExits = Date.now() - startedAt < 5_000 ? this.quickExits + 1 : 0;
      const delay = Math.min(10_000, 250 * 2 ** Math.min(this.quickExits, 6));
      if (this.holds > 0 && this.running && !this.disposed) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.ensureReader();
        }, delay);
        this.retryTimer.unref?.();
      }
    });
  }

  private stopReader(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const reader = this.reader;
    this.reader = undefined;
    if (reader && reader.exitCode === null) reader.kill('SIGTERM');
  }
}
