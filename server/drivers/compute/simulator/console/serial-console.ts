// One machine's serial port: what it printed (a little scrollback for whoever attaches later), the
// terminals attached to it, and the line discipline in front of the login and the shell. Lives in memory:
// after a server restart a running machine's console starts again at its login prompt.
import type { ConsoleAttachment, ConsoleSink } from '../../compute-driver';
import { bootLines, issueLine, motd, rescueBootLines, shutdownLines } from './boot-log';
import type { ConsoleFacts } from './console-facts';
import { runCommand } from './shell';

type Stage = 'off' | 'booting' | 'login' | 'password' | 'checking' | 'shell' | 'gone';

const SCROLLBACK_BYTES = 16 * 1024;
const MAX_LINE = 1024;
const WRONG_PASSWORD_DELAY_MS = 600;
// Arrow keys, function keys and other escape sequences: the shell has no history or cursor movement.
const ESCAPE_SEQUENCE = new RegExp(`${String.fromCharCode(27)}(\\[[0-9;?]*[ -/]*[@-~]|O.|.)`, 'g');

const STOPPED_MESSAGE = 'The compute is stopped. Power it on to use the console.';
const RESTING_MESSAGES: Record<string, string | undefined> = {
  stopped: STOPPED_MESSAGE,
  error: 'The compute is in error: power it on, or destroy it.',
};

export interface ConsoleStatus {
  status: string;
  message?: string;
}

export class SerialConsole {
  private scrollback = '';
  private readonly sinks = new Set<ConsoleSink>();
  private stage: Stage;
  private line = '';
  private user = '';
  private current: ConsoleStatus;
  private pending: string[] = [];
  private streamTimer: NodeJS.Timeout | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private skipLineFeed = false;

  constructor(
    private readonly facts: () => ConsoleFacts,
    /**
     * Checks a root password at the login prompt; undefined for key computes (automatic root login). Asked
     * at each login: a rebuild may change the password, or the way root signs in.
     */
    private readonly passwordCheck: () => ((password: string) => Promise<boolean>) | undefined,
    initial: ConsoleStatus,
  ) {
    this.current = { ...initial, ...(initial.message ? {} : { message: RESTING_MESSAGES[initial.status] }) };
    this.stage = 'off';
    if (initial.status === 'running' || initial.status === 'rescue') this.greet();
    else if (initial.status !== 'stopped' && initial.status !== 'error') this.stage = 'booting';
  }

  attach(sink: ConsoleSink): ConsoleAttachment {
    this.sinks.add(sink);
    sink.status(this.current.status, this.current.message);
    if (this.scrollback) sink.output(this.scrollback);
    // A terminal that (re)attaches sees where the machine stands, like pressing Enter on a serial line.
    const again = this.promptAgain();
    if (again) sink.output(again);
    return {
      input: (data) => this.input(data),
      resize: () => {
        // A serial line has no window size; the shell's output fits any terminal of 2 columns or more.
      },
      detach: () => {
        this.sinks.delete(sink);
      },
    };
  }

  get attached(): number {
    return this.sinks.size;
  }

  // ── What the hypervisor does to the machine ──

  /** A rebuild boots the new disk for the first time (after cutting the power of a running machine). */
  beginBoot(
    kind: 'provision' | 'power_on' | 'reboot' | 'rebuild' | 'rescue' | 'unrescue',
    durationMs: number,
  ): void {
    this.flush();
    const facts = this.facts();
    const lines =
      kind === 'rescue'
        ? rescueBootLines(facts)
        : [
            ...(kind === 'reboot' ? [...shutdownLines(facts, true), ''] : []),
            ...(kind === 'unrescue'
              ? ['The rescue system is stopping; the compute boots from its own disk.', '']
              : []),
            ...(kind === 'rebuild'
              ? [
                  `The disk is being reinstalled from ${facts.spec.image.name} ${facts.spec.image.version}; the old one is discarded.`,
                  '',
                ]
              : []),
            ...bootLines(facts, kind === 'provision' || kind === 'rebuild'),
          ];
    this.stage = 'booting';
    this.line = '';
    const status = {
      provision: 'provisioning',
      power_on: 'starting',
      reboot: 'rebooting',
      rebuild: 'rebuilding',
      rescue: 'entering_rescue',
      unrescue: 'leaving_rescue',
    }[kind];
    this.setStatus({ status });
    this.stream(lines, durationMs * 0.9);
  }

  beginShutdown(durationMs: number): void {
    this.flush();
    this.stage = 'booting';
    this.setStatus({ status: 'stopping' });
    this.stream(shutdownLines(this.facts(), false), durationMs * 0.9);
  }

  beginPowerOff(): void {
    this.flush();
    this.stage = 'off';
    this.setStatus({ status: 'stopping', message: 'The power is being cut.' });
  }

  beginDestroy(): void {
    this.flush();
    this.stage = 'off';
    this.setStatus({ status: 'destroying', message: 'The compute is being destroyed.' });
  }

  booted(state: 'running' | 'rescue' = 'running'): void {
    this.flush();
    const hostname = this.facts().spec.hostname;
    this.setStatus({
      status: state,
      message:
        state === 'rescue'
          ? `Connected to the serial console of ${hostname}'s rescue system (its disk is /dev/vdb).`
          : `Connected to the serial console of ${hostname}.`,
    });
    this.greet();
  }

  poweredOff(): void {
    this.flush();
    this.stage = 'off';
    this.line = '';
    this.setStatus({ status: 'stopped', message: STOPPED_MESSAGE });
  }

  /** A transition failed: the message is printed, and the machine rests in `status`. */
  failed(status: string, message: string): void {
    this.flush();
    this.emit(`\r\n\x1b[31m${message}\x1b[0m\r\n`);
    this.setStatus({ status, message });
    if (status === 'running') this.greet();
    else this.stage = 'off';
  }

  destroyed(): void {
    this.dispose();
    this.stage = 'gone';
    for (const sink of this.sinks) sink.end('The compute was destroyed.');
    this.sinks.clear();
  }

  dispose(): void {
    clearInterval(this.streamTimer);
    this.streamTimer = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  // ── Output ──

  private emit(text: string): void {
    this.scrollback += text;
    if (this.scrollback.length > SCROLLBACK_BYTES) {
      const cut = this.scrollback.length - SCROLLBACK_BYTES;
      const lineStart = this.scrollback.indexOf('\n', cut);
      this.scrollback = this.scrollback.slice(lineStart === -1 ? cut : lineStart + 1);
    }
    for (const sink of this.sinks) sink.output(text);
  }

  private setStatus(status: ConsoleStatus): void {
    this.current = status;
    for (const sink of this.sinks) sink.status(status.status, status.message);
  }

  /** Prints the lines one by one over the duration, as a booting machine would. */
  private stream(lines: string[], durationMs: number): void {
    this.pending.push(...lines);
    const interval = Math.max(2, Math.floor(durationMs / Math.max(1, this.pending.length)));
    clearInterval(this.streamTimer);
    this.streamTimer = setInterval(() => {
      const next = this.pending.shift();
      if (next !== undefined) this.emit(`${next}\r\n`);
      if (this.pending.length === 0) {
        clearInterval(this.streamTimer);
        this.streamTimer = undefined;
      }
    }, interval);
    this.streamTimer.unref?.();
  }

  private flush(): void {
    clearInterval(this.streamTimer);
    this.streamTimer = undefined;
    const rest = this.pending;
    this.pending = [];
    if (rest.length > 0) this.emit(rest.map((line) => `${line}\r\n`).join(''));
  }

  private prompt(): string {
    return `root@${this.facts().spec.hostname}:~# `;
  }

  private promptAgain(): string | undefined {
    if (this.stage === 'shell') return `\r\n${this.prompt()}${this.line}`;
    if (this.stage === 'login') return `\r\n${this.facts().spec.hostname} login: ${this.line}`;
    if (this.stage === 'password') return '\r\nPassword: ';
    return undefined;
  }

  /** getty's banner and login prompt; key computes log root in at once (see README). */
  private greet(): void {
    this.emit(`\r\n${issueLine(this.facts())}\r\n\r\n`);
    this.showLogin();
  }

  private showLogin(): void {
    this.line = '';
    this.emit(`${this.facts().spec.hostname} login: `);
    if (this.passwordCheck()) {
      this.stage = 'login';
      return;
    }
    this.emit('root (automatic login)\r\n\r\n');
    this.loggedIn();
  }

  private loggedIn(): void {
    this.emit(`${motd(this.facts()).join('\r\n')}\r\n${this.prompt()}`);
    this.stage = 'shell';
  }

  // ── Input: a line discipline with echo, backspace, ^C, ^D, ^U and ^L ──

  private input(data: string): void {
    if (this.stage !== 'login' && this.stage !== 'password' && this.stage !== 'shell') return;
    for (const char of data.replace(ESCAPE_SEQUENCE, '')) {
      if (this.stage !== 'login' && this.stage !== 'password' && this.stage !== 'shell') return;
      const echo = this.stage !== 'password';
      if (char === '\n' && this.skipLineFeed) {
        this.skipLineFeed = false;
        continue;
      }
      this.skipLineFeed = char === '\r';
      if (char === '\r' || char === '\n') {
        this.emit('\r\n');
        const line = this.line;
        this.line = '';
        this.submit(line);
      } else if (char === '\x7f' || char === '\b') {
        if (this.line.length > 0) {
          this.line = this.line.slice(0, -1);
          if (echo) this.emit('\b \b');
        }
      } else if (char === '\x03') {
        this.line = '';
        this.emit('^C\r\n');
        if (this.stage === 'shell') this.emit(this.prompt());
        else this.showLogin();
      } else if (char === '\x04') {
        if (this.stage === 'shell' && this.line === '') this.submit('exit');
      } else if (char === '\x15') {
        if (echo) this.emit('\b \b'.repeat(this.line.length));
        this.line = '';
      } else if (char === '\x0c') {
        if (this.stage === 'shell') this.emit(`\x1b[H\x1b[2J${this.prompt()}${this.line}`);
      } else if (char >= ' ' && this.line.length < MAX_LINE) {
        this.line += char;
        if (echo) this.emit(char);
      }
    }
  }

  private submit(line: string): void {
    if (this.stage === 'login') {
      if (line.trim() === '') {
        this.showLogin();
        return;
      }
      this.user = line.trim();
      this.stage = 'password';
      this.emit('Password: ');
      return;
    }
    if (this.stage === 'password') {
      this.checkPassword(line);
      return;
    }
    const result = runCommand(line, this.facts());
    if (result.clear) this.emit('\x1b[H\x1b[2J');
    for (const output of result.lines) this.emit(`${output}\r\n`);
    if (result.logout) {
      this.emit(`\r\n${issueLine(this.facts())}\r\n\r\n`);
      this.showLogin();
    } else {
      this.emit(this.prompt());
    }
  }

  private checkPassword(password: string): void {
    this.stage = 'checking';
    const verify = this.passwordCheck();
    const check = this.user === 'root' && verify ? verify(password) : Promise.resolve(false);
    check.then(
      (ok) => {
        if (this.stage !== 'checking') return;
        if (ok) {
          this.loggedIn();
          return;
        }
        // As login(1) does: a pause, so guessing costs time.
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          if (this.stage !== 'checking') return;
          this.emit('\r\nLogin incorrect\r\n');
          this.showLogin();
        }, WRONG_PASSWORD_DELAY_MS);
        this.timers.add(timer);
      },
      () => {
        if (this.stage === 'checking') this.showLogin();
      },
    );
  }
}
