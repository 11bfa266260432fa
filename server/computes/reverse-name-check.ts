// Whether a reverse name resolves to the address it is meant for: its A (or AAAA) records must include
// the address, so a PTR never points at a name that disowns it (forward-confirmed reverse DNS, which mail
// servers check). Our own DNS server is asked first (a name in a zone a team keeps here is answered at once,
// even before the world sees the delegation), then DELEGATION_RESOLVER's resolvers (or the system's).
import { getServers } from 'node:dns';
import { isIPv4 } from 'node:net';
import { type DnsMessage, queryDns } from '../dns/client';
import { reverseName } from '../dns/reverse-zones';
import { t } from '../i18n/t';

export interface DnsEndpoint {
  host: string;
  port: number;
}

export interface ReverseNameCheckOptions {
  /** Our authoritative server (the embedded one); undefined with PowerDNS: the resolvers only. */
  own?: DnsEndpoint;
  /** DELEGATION_RESOLVER (`host[:port]`); undefined: the system's resolvers. */
  resolvers?: readonly string[];
  timeoutMs?: number;
}

/** Answers undefined when `name` resolves to `address`, or the reason it does not, in words. */
export type ReverseNameCheck = (name: string, address: string) => Promise<string | undefined>;

export function createReverseNameCheck(options: ReverseNameCheckOptions): ReverseNameCheck {
  const timeoutMs = options.timeoutMs ?? 2_000;
  return async (name, address) => {
    const type = isIPv4(address) ? 'A' : 'AAAA';
    const want = reverseName(address);
    const ask = async (endpoint: DnsEndpoint, recursionDesired: boolean) =>
      queryDns({ name, type, host: endpoint.host, port: endpoint.port, recursionDesired, timeoutMs });
    let found: string[] | undefined;
    if (options.own) {
      const answer = await ask(options.own, false).catch(() => undefined);
      // Authoritative here, with no CNAME leading elsewhere: our answer is the world's.
      if (answer?.flag_aa && (answer.rcode === 'NOERROR' || answer.rcode === 'NXDOMAIN')) {
        found = addressesIn(answer, type);
        if (found.length === 0 && answer.answers?.some((item) => item.type === 'CNAME')) found = undefined;
      }
    }
    if (!found) {
      let reason = t('computes.problem.reverseName.noResolver');
      for (const text of options.resolvers ?? getServers()) {
        const answer = await ask(endpointOf(text), true).catch((error: Error) => {
          reason = error.message;
          return undefined;
        });
        if (!answer) continue;
        if (answer.rcode !== 'NOERROR' && answer.rcode !== 'NXDOMAIN') {
          reason = t('computes.problem.reverseName.resolverAnswered', { rcode: answer.rcode });
          continue;
        }
        found = addressesIn(answer, type);
        break;
      }
      if (!found) return t('computes.problem.reverseName.lookupFailed', { name, reason });
    }
    if (found.some((item) => reverseName(item) === want)) return undefined;
    if (found.length === 0) {
      return t('computes.problem.reverseName.noRecord', { name, type, address });
    }
    return t('computes.problem.reverseName.elsewhere', { name, found: found.join(', '), address, type });
  };
}

/** The addresses of the given type among the answers (at the end of any CNAME chain). */
function addressesIn(answer: DnsMessage, type: 'A' | 'AAAA'): string[] {
  return (answer.answers ?? [])
    .filter((item) => item.type === type)
    .map((item) => String((item as { data: string }).data));
}

/** `192.0.2.1`, `192.0.2.1:5353`, `[2001:db8::1]:53`, `2001:db8::1` → host and port. */
function endpointOf(text: string): DnsEndpoint {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 53) };
  const withPort = /^([^:]+):(\d+)$/.exec(text);
  if (withPort) return { host: withPort[1]!, port: Number(withPort[2]) };
  return { host: text, port: 53 };
}
