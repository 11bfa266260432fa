// The SMS centre of net-smpp-centre.pl (Perl's Net::SMPP), run as a child process: its JSON lines become
// the same Submitted records the npm centre gives, so one set of assertions checks both.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Arrivals, type SmsCentre, type Submitted } from './sms-centre';

const SCRIPT = fileURLToPath(new URL('./net-smpp-centre.pl', import.meta.url));

interface Line {
  event: string;
  port?: number;
  id?: string;
  destination?: string;
  destTon?: number;
  destNpi?: number;
  source?: string;
  sourceTon?: number;
  dataCoding?: number;
  esmClass?: number;
  registeredDelivery?: number;
  shortMessage?: string;
  udh?: string;
  text?: string | null;
}

export class PerlSmppCentre implements SmsCentre {
  readonly name = "Perl's Net::SMPP";
  private readonly arrivals = new Arrivals<Submitted>();
  private readonly binds = new Arrivals<string>();
  private child: ChildProcess | undefined;
  private stderr = '';
  port = 0;

  constructor(private readonly undeliverable: ReadonlySet<string> = new Set()) {}

  get submits(): readonly Submitted[] {
    return this.arrivals.items;
  }

  async start(): Promise<void> {
    const child = spawn('perl', [SCRIPT, [...this.undeliverable].join(',') || '-'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    const listening = new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`net-smpp-centre.pl exited (${code}): ${this.stderr}`)));
      createInterface({ input: child.stdout! }).on('line', (text) => {
        const line = JSON.parse(text) as Line;
        if (line.event === 'listening') resolve(line.port!);
        else if (line.event === 'bound') this.binds.push('bound');
        else if (line.event === 'submit') this.arrivals.push(toSubmitted(line));
      });
    });
    this.port = await listening;
  }

  waitForSubmits(match: (submit: Submitted) => boolean, count = 1, timeoutMs = 20_000) {
    return this.arrivals.waitFor(match, count, timeoutMs, 'texts at the centre');
  }

  async waitForBinds(count = 1, timeoutMs = 20_000): Promise<void> {
    await this.binds.waitFor(() => true, count, timeoutMs, 'binds from Kannel');
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }
}

function toSubmitted(line: Line): Submitted {
  return {
    id: line.id!,
    destination: line.destination!,
    destTon: line.destTon!,
    destNpi: line.destNpi!,
    source: line.source!,
    sourceTon: line.sourceTon!,
    dataCoding: line.dataCoding!,
    esmClass: line.esmClass!,
    registeredDelivery: line.registeredDelivery!,
    udh: Buffer.from(line.udh ?? '', 'hex'),
    text: line.text ?? '',
    raw: Buffer.from(line.shortMessage ?? '', 'hex'),
  };
}
