// What the gateway tests need of a simulated SMS centre, whichever SMPP implementation runs it: the
// submit_sm PDUs it took (the short message as the bytes on the wire), and waiting for them.
export interface Submitted {
  /** The centre's message id, which its delivery receipt names. */
  id: string;
  destination: string;
  destTon: number;
  destNpi: number;
  source: string;
  sourceTon: number;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  /** The user data header (a concatenated part's: 05 00 03 ref total seq), empty when there is none. */
  udh: Buffer;
  /** The text, decoded by the centre's own SMPP implementation from the data coding it was sent with. */
  text: string;
  /** The short message octets as sent (header included), where the implementation gives them. */
  raw?: Buffer;
}

export interface SmsCentre {
  readonly name: string;
  readonly port: number;
  readonly submits: readonly Submitted[];
  /** Resolves with the first `count` submits (already taken or still to come) that match. */
  waitForSubmits(
    match: (submit: Submitted) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<Submitted[]>;
  /** Resolves once ESMEs (Kannel) have bound this many times since the centre started. */
  waitForBinds(count?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A waiting list for events that may already have happened: check, else wait for the next push. */
export class Arrivals<T> {
  readonly items: T[] = [];
  private waiters: (() => void)[] = [];

  push(item: T): void {
    this.items.push(item);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  async waitFor(match: (item: T) => boolean, count: number, timeoutMs: number, what: string): Promise<T[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.items.filter(match);
      if (found.length >= count) return found.slice(0, count);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what}: ${found.length} of ${count} arrived in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** A concatenated message's parts (UDH 05 00 03 ref total seq) joined in order, with what they share. */
export function joinParts(parts: readonly Submitted[]): { reference: number; total: number; text: string } {
  const headers = parts.map((part) => {
    const udh = part.udh;
    if (udh[1] !== 0x00 || udh[2] !== 0x03)
      throw new Error(`not a concatenation header: ${udh.toString('hex')}`);
    return { reference: udh[3]!, total: udh[4]!, sequence: udh[5]!, text: part.text };
  });
  const [first] = headers;
  if (!first || headers.some((h) => h.reference !== first.reference || h.total !== first.total)) {
    throw new Error('the parts do not belong to one message');
  }
  headers.sort((a, b) => a.sequence - b.sequence);
  return { reference: first.reference, total: first.total, text: headers.map((h) => h.text).join('') };
}
