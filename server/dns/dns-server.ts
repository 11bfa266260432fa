// The embedded authoritative DNS server: UDP and TCP listeners on one port sharing one zone table.
//
// What it answers, and the choices made where the RFCs leave room:
// - Only zones it holds, with AA; anything else REFUSED (no recursion: RA never set, RD echoed). Class IN
//   only (others REFUSED), opcode QUERY only (others NOTIMP), EDNS version 0 only (others BADVERS).
// - Zone transfers (AXFR, IXFR from the last 20 versions) only to the configured secondaries, over TCP,
//   signed with their TSIG key; REFUSED to anyone else. Each change is announced to them with NOTIFY.
// - Signed zones (DNSSEC): signatures and NSEC3 proofs for queries with the DO bit (dnssec/). Unreadable queries get FORMERR; packets without a usable header, and
//   responses, are dropped (logged at debug).
// - Negative answers carry the SOA with ttl min(SOA ttl, SOA minimum) (RFC 2308). An RRset is served with
//   the smallest ttl of its records (RFC 2181 §5.2), which a PowerDNS RRset (one ttl) can match.
// - ANY (RFC 8482): over UDP one RRset of the name (the first of A, AAAA, CNAME, MX, TXT, SRV, CAA, NS,
//   SOA it owns), so ANY cannot turn the server into an amplifier; over TCP every RRset.
// - CNAMEs are followed within the zone (12 links at most, loops stop at the first repeat); the rcode is
//   that of the last name (RFC 6604). Wildcards per RFC 4592; NS below the apex is a delegation, answered
//   as a referral (AA off) with the glue found in the zone, except DS at the cut (answered, NODATA).
// - Sizes: 512 octets over UDP without EDNS, the client's EDNS payload up to 1232 with it (our OPT says
//   1232), 65,535 over TCP; whole RRsets only, TC when answer or authority does not fit, optional glue
//   left out quietly. Names are not compressed (dns-packet does not compress).
// - Record data is encoded with dns-packet when a zone is published; answers are laid out from those
//   pieces (message.ts) and cached per zone version. Queries are read by hand (query.ts: a header, one
//   question, perhaps an OPT) to echo the question's exact octets and to never throw.
import type { Logger } from '../logger';
import { Notifier, type Secondary } from './notify';
import { createResponder } from './respond';
import { listenTcp, type TcpLimits, type TcpListener } from './tcp';
import { TransferHistory } from './transfer';
import type { TsigKey } from './tsig';
import { listenUdp, type UdpListener } from './udp';
import { listenUdpBatched, nativeUdp } from './udp-batch';
import { ZoneTable } from './zone-index';

export interface DnsServerOptions {
  /** Address to listen on (IPv4 or IPv6). */
  host: string;
  /** 0 picks a free port (the same one for UDP and TCP whenever the system allows). */
  port: number;
  logger: Logger;
  tcp?: Partial<TcpLimits>;
  /** Encoded UDP answers to keep; 0 turns the cache off. */
  cacheEntries?: number;
  /** Secondaries that may transfer zones (with the TSIG key) and are sent NOTIFY on every change. */
  transfers?: { secondaries: Secondary[]; key: TsigKey };
  /** false: Node's dgram even where the native batching module is built (tests compare the two). */
  udpBatching?: boolean;
}

export interface DnsServer {
  zones: ZoneTable;
  /** Whether UDP queries are read and answered in batches (native module) or one by one (dgram). */
  udpBatched: boolean;
  /** Set with `transfers`: what changed between versions (IXFR), and the NOTIFY sender. */
  history?: TransferHistory;
  notifier?: Notifier;
  address: { host: string; udp: number; tcp: number };
  /** Stops both listeners and closes every TCP connection. */
  close(): Promise<void>;
}

/** A free port is tried this many times for one that is free for both UDP and TCP. */
const FREE_PORT_ATTEMPTS = 20;

export async function startDnsServer(options: DnsServerOptions): Promise<DnsServer> {
  const { host, logger } = options;
  const zones = new ZoneTable();
  const transfers = options.transfers;
  const history = transfers ? new TransferHistory() : undefined;
  const notifier = transfers ? new Notifier(transfers.secondaries, transfers.key, logger) : undefined;
  const respond = createResponder({
    zones,
    logger,
    cacheEntries: options.cacheEntries,
    transfers:
      transfers && history
        ? {
            allowed: new Set(transfers.secondaries.map((secondary) => secondary.host)),
            keys: [transfers.key],
            history,
          }
        : undefined,
  });
  let udp: UdpListener | undefined;
  let tcp: TcpListener | undefined;
  for (let attempt = 1; !tcp; attempt++) {
    const native = options.udpBatching === false ? null : nativeUdp();
    udp = native
      ? await listenUdpBatched(native, { host, port: options.port, respond, logger })
      : await listenUdp({ host, port: options.port, respond, logger });
    try {
      tcp = await listenTcp({ host, port: udp.port, respond, logger, limits: options.tcp });
    } catch (error) {
      await udp.close();
      // With a chosen port the clash is the operator's to solve; with port 0 try another free port.
      const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (options.port !== 0 || !inUse || attempt >= FREE_PORT_ATTEMPTS) throw error;
    }
  }
  const udpListener = udp!;
  return {
    zones,
    udpBatched: udpListener.batched,
    history,
    notifier,
    address: { host, udp: udpListener.port, tcp: tcp.port },
    close: async () => {
      await notifier?.close();
      await Promise.all([udpListener.close(), tcp.close()]);
    },
  };
}
