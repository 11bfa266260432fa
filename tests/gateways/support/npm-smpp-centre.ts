// An SMS centre made with npm's smpp package (its server side): binds any ESME, takes submit_sm, answers
// with a message id and sends a delivery receipt (deliver_sm, esm_class 4) when one was asked for —
// DELIVRD, or UNDELIV for the numbers the test calls undeliverable. It can drop its connections and stop
// listening (the centre going down mid-run) and come back on the same port.
import type { AddressInfo } from 'node:net';
import smpp, { type Server, type Session } from 'smpp';
import { Arrivals, type SmsCentre, type Submitted } from './sms-centre';

export class NpmSmppCentre implements SmsCentre {
  readonly name = "npm's smpp package";
  private readonly arrivals = new Arrivals<Submitted>();
  private readonly binds = new Arrivals<string>();
  private server: Server | undefined;
  private counter = 0;
  port = 0;

  constructor(private readonly undeliverable: ReadonlySet<string> = new Set()) {}

  get submits(): readonly Submitted[] {
    return this.arrivals.items;
  }

  /** Binds so far, to wait for the next one after Kannel comes back. */
  get bindCount(): number {
    return this.binds.items.length;
  }

  async start(port = 0): Promise<void> {
    const server = smpp.createServer((session) => this.serve(session));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Drops every connection and stops listening, as a centre that went down. */
  async goDown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const session of [...server.sessions]) session.destroy();
    await closed;
  }

  /** Listens again on the same port. */
  async comeBack(): Promise<void> {
    await this.start(this.port);
  }

  waitForSubmits(match: (submit: Submitted) => boolean, count = 1, timeoutMs = 20_000) {
    return this.arrivals.waitFor(match, count, timeoutMs, 'texts at the centre');
  }

  async waitForBinds(count = 1, timeoutMs = 20_000): Promise<void> {
    await this.binds.waitFor(() => true, count, timeoutMs, 'binds from Kannel');
  }

  close(): Promise<void> {
    return this.goDown();
  }

  private serve(session: Session): void {
    session.on('error', () => {});
    session.on('bind_transceiver', (pdu) => {
      session.send(pdu.response());
      this.binds.push(String(pdu.system_id));
    });
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu) => {
      this.counter += 1;
      const id = `npm${String(this.counter).padStart(6, '0')}`;
      const message = pdu.short_message as { message: string | Buffer; udh?: Buffer[] };
      const headers = (message.udh ?? []).map((part) => Buffer.from(part));
      const headerBytes = Buffer.concat(headers);
      session.send(pdu.response({ message_id: id }));
      this.arrivals.push({
        id,
        destination: String(pdu.destination_addr),
        destTon: Number(pdu.dest_addr_ton),
        destNpi: Number(pdu.dest_addr_npi),
        source: String(pdu.source_addr),
        sourceTon: Number(pdu.source_addr_ton),
        dataCoding: Number(pdu.data_coding),
        esmClass: Number(pdu.esm_class),
        registeredDelivery: Number(pdu.registered_delivery),
        udh: headers.length
          ? Buffer.concat([Buffer.from([headerBytes.length]), headerBytes])
          : Buffer.alloc(0),
        text: String(message.message),
      });
      if (Number(pdu.registered_delivery) & 1) {
        const failed = this.undeliverable.has(String(pdu.destination_addr));
        const stat = failed ? 'UNDELIV' : 'DELIVRD';
        session.deliver_sm({
          source_addr_ton: pdu.dest_addr_ton,
          source_addr_npi: pdu.dest_addr_npi,
          source_addr: pdu.destination_addr,
          destination_addr: pdu.source_addr,
          esm_class: 4,
          short_message: `id:${id} sub:001 dlvrd:${failed ? '000' : '001'} submit date:2611271200 done date:2611271201 stat:${stat} err:${failed ? '001' : '000'} text:`,
        });
      }
    });
  }
}
