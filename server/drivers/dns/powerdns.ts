// The DNS driver's production adapter: zones written through the PowerDNS Authoritative Server HTTP API
// (POWERDNS_URL, POWERDNS_API_KEY, POWERDNS_SERVER_ID), which then answers for them.
import { presentDnskey, type ZoneKey } from '../../dns/dnssec/keys';
import type { Logger } from '../../logger';
import type { DnsDriver, PublishedZone } from './dns-driver';
import { createPowerDnsApi, type PowerDnsApiOptions, PowerDnsError } from './powerdns-api';
import { type PowerDnsRRset, sameRRset, toPowerDnsRRsets, zoneId } from './powerdns-rrsets';

/** Zones this adapter creates carry it in PowerDNS's `account` field; zones without it are never touched. */
export const POWERDNS_ACCOUNT = 'ikirere';
const DEFAULT_TIMEOUT_MS = 5_000;
/** syncAll writes this many zones at a time: enough to hide latency, few enough not to flood PowerDNS. */
const SYNC_CONCURRENCY = 4;
/**
 * Pauses before trying an operation again after PowerDNS answered 5xx: its SQLite backend answers 500
 * ("database is locked") when two writes collide, and a moment later the same write goes through.
 */
const RETRY_DELAYS_MS = [50, 250];

export interface PowerDnsDriverOptions extends Omit<PowerDnsApiOptions, 'timeoutMs'> {
  logger: Logger;
  /** How long one API call may take before the operation fails; 5 s by default. */
  timeoutMs?: number;
}

/** A zone as GET /zones and GET /zones/{id} describe it (the fields used here). */
interface PowerDnsZone {
  id: string;
  name: string;
  account?: string;
  soa_edit_api?: string;
  soa_edit?: string;
  dnssec?: boolean;
  nsec3param?: string;
  rrsets?: PowerDnsRRset[];
}

/** A key as GET …/cryptokeys lists it. */
interface PowerDnsCryptokey {
  id: number;
  keytype: string;
  active: boolean;
  dnskey: string;
  ds?: string[];
}

/** NSEC3 as the embedded server does it (RFC 9276): SHA-1, no opt-out, no extra iterations, no salt. */
const NSEC3PARAM = '1 0 0 -';

/** The private key in the BIND/ISC format PowerDNS imports: the P-256 scalar, base64. */
function iscPrivateKey(key: ZoneKey): string {
  const jwk = key.privateKey.export({ format: 'jwk' });
  return `Private-key-format: v1.2\nAlgorithm: 13 (ECDSAP256SHA256)\nPrivateKey: ${Buffer.from(jwk.d!, 'base64url').toString('base64')}\n`;
}

/** `257 3 13 base64` with PowerDNS's spacing normalised, to compare keys. */
const normalizeDnskey = (text: string) => text.trim().split(/\s+/).join(' ');

type Change =
  | (PowerDnsRRset & { changetype: 'REPLACE' })
  | { name: string; type: string; changetype: 'DELETE' };

/**
 * Creates the adapter; nothing is asked of PowerDNS until the first call.
 * - publish(zone): creates the zone (kind Native, account `ikirere`, SOA-EDIT-API and SOA-EDIT off so the
 *   SOA serial stays exactly the zone's), or brings it to `zone` with one PATCH: DELETE for every RRset
 *   it no longer has, REPLACE for every RRset that differs (no PATCH when nothing does). A zone of that
 *   name that Ikirere did not create is refused, not overwritten.
 * - unpublish(name): deletes the zone if this adapter created it; unknown names are fine.
 * - syncAll(zones): publishes each (a zone that fails is logged and the others go on), then deletes the
 *   zones carrying the marker that are not listed. Failing to reach PowerDNS at all throws.
 * Every refusal, network error and timeout throws a PowerDnsError naming the call, the status and
 * PowerDNS's `error` text, so the domains service rolls the change back; a 5xx is tried twice more first.
 */
export function createPowerDnsDriver(options: PowerDnsDriverOptions): DnsDriver {
  const { base, call } = createPowerDnsApi({
    ...options,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const logger = options.logger;

  const zonePath = (name: string) => `/zones/${encodeURIComponent(zoneId(name))}`;

  const foreignZone = (zone: PowerDnsZone) =>
    new PowerDnsError(
      `PowerDNS already holds the zone ${zone.name} and Ikirere did not create it (its account is "${zone.account ?? ''}", not "${POWERDNS_ACCOUNT}"): delete it there, or set its account to "${POWERDNS_ACCOUNT}" to hand it over`,
      409,
      undefined,
    );

  async function publishNow(zone: PublishedZone): Promise<void> {
    const wanted = toPowerDnsRRsets(zone);
    const current = await call<PowerDnsZone>('GET', `${zonePath(zone.name)}?rrsets=true`, undefined, true);
    if (!current) {
      await call('POST', '/zones?rrsets=false', {
        name: zoneId(zone.name),
        kind: 'Native',
        account: POWERDNS_ACCOUNT,
        // Off: PowerDNS would otherwise rewrite the serial on every API change (SOA-EDIT-API DEFAULT), and
        // the serial the console shows, the embedded server answers and secondaries compare must be ours.
        soa_edit_api: '',
        soa_edit: '',
        nameservers: [],
        rrsets: wanted,
      });
      logger.debug({ zone: zone.name, rrsets: wanted.length }, 'powerdns: zone created');
      await syncKeys(zone, false);
      return;
    }
    if (current.account !== POWERDNS_ACCOUNT) throw foreignZone(current);
    if (current.soa_edit_api || current.soa_edit) {
      // Changed by hand since we created it: put it back, or the PATCH below would get a serial of PowerDNS's.
      await call('PUT', zonePath(zone.name), { soa_edit_api: '', soa_edit: '' });
    }

    const key = (set: { name: string; type: string }) => `${set.name.toLowerCase()} ${set.type}`;
    const held = new Map((current.rrsets ?? []).map((set) => [key(set), set]));
    const wantedKeys = new Set(wanted.map(key));
    // Deletions first: PowerDNS checks each change against what is there, so a CNAME replacing an A record
    // at the same name only passes once the A RRset is gone.
    const changes: Change[] = [
      ...[...held.values()]
        .filter((set) => !wantedKeys.has(key(set)))
        .map((set): Change => ({ name: set.name, type: set.type, changetype: 'DELETE' })),
      ...wanted
        .filter((set) => {
          const existing = held.get(key(set));
          return !existing || !sameRRset(existing, set);
        })
        .map((set): Change => ({ ...set, changetype: 'REPLACE' })),
    ];
    if (changes.length > 0) {
      await call('PATCH', zonePath(zone.name), { rrsets: changes });
      logger.debug({ zone: zone.name, changes: changes.length }, 'powerdns: zone updated');
    }
    await syncKeys(zone, current.dnssec === true);
  }

  /**
   * Makes PowerDNS sign the zone with exactly the zone's keys (imported as CSKs through cryptokeys), with
   * NSEC3, or not at all: keys that are not the zone's are removed.
   */
  async function syncKeys(zone: PublishedZone, signedNow: boolean): Promise<void> {
    const wanted = zone.dnssec?.keys ?? [];
    if (wanted.length === 0 && !signedNow) return;
    const path = `${zonePath(zone.name)}/cryptokeys`;
    const held = (await call<PowerDnsCryptokey[]>('GET', path)) ?? [];
    const wantedByKey = new Map(wanted.map((key) => [normalizeDnskey(presentDnskey(key)), key]));
    const heldKeys = new Set(held.map((key) => normalizeDnskey(key.dnskey)));
    for (const [dnskey, key] of wantedByKey) {
      if (heldKeys.has(dnskey)) continue;
      await call('POST', path, {
        keytype: 'csk',
        active: true,
        published: true,
        privatekey: iscPrivateKey(key),
      });
    }
    for (const key of held) {
      if (!wantedByKey.has(normalizeDnskey(key.dnskey)))
        await call('DELETE', `${path}/${key.id}`, undefined, true);
    }
    // NSEC3 while signed; no parameters once unsigned. PowerDNS rectifies the zone after the change.
    await call('PUT', zonePath(zone.name), {
      nsec3param: wanted.length > 0 ? NSEC3PARAM : '',
      api_rectify: true,
    });
    if (wanted.length > 0) await call('PUT', `${zonePath(zone.name)}/rectify`);
    logger.debug({ zone: zone.name, keys: wanted.length }, 'powerdns: signing keys in place');
  }

  /** The DS records PowerDNS reports for each key of the zone (SHA-256 only, what registrars take). */
  async function reportedDs(name: string): Promise<{ dnskey: string; ds: string[] }[]> {
    const held =
      (await call<PowerDnsCryptokey[]>('GET', `${zonePath(name)}/cryptokeys`, undefined, true)) ?? [];
    return held.map((key) => ({
      dnskey: normalizeDnskey(key.dnskey),
      ds: (key.ds ?? [])
        .map((ds) => ds.trim().split(/\s+/))
        .filter((parts) => parts[2] === '2')
        .map((parts) => `${parts[0]} ${parts[1]} 2 ${parts.slice(3).join('').toUpperCase()}`),
    }));
  }

  async function unpublishNow(name: string): Promise<void> {
    const current = await call<PowerDnsZone>('GET', `${zonePath(name)}?rrsets=false`, undefined, true);
    if (!current) return;
    if (current.account !== POWERDNS_ACCOUNT) {
      logger.warn(
        { zone: current.name, account: current.account },
        'powerdns: zone not created by Ikirere left in place',
      );
      return;
    }
    await call('DELETE', zonePath(name), undefined, true);
    logger.debug({ zone: name }, 'powerdns: zone deleted');
  }

  // One operation per zone at a time, in call order: a publish never interleaves its read and its PATCH
  // with another change to the same zone (syncAll at start racing a first edit, say).
  const queues = new Map<string, Promise<void>>();
  function serially(name: string, operation: () => Promise<void>): Promise<void> {
    const id = zoneId(name);
    const previous = queues.get(id) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(operation);
    const settled = next.catch(() => {});
    queues.set(id, settled);
    void settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
    return next;
  }

  // The whole operation is tried again, reading the zone anew: a create that did go through despite the
  // error then becomes an update, and a PATCH is computed against what is really there.
  async function withRetries(operation: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await operation();
      } catch (error) {
        const status = error instanceof PowerDnsError ? error.status : undefined;
        const delay = RETRY_DELAYS_MS[attempt];
        if (status === undefined || status < 500 || delay === undefined) throw error;
        logger.debug({ err: error, attempt: attempt + 1 }, 'powerdns: trying again');
        await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
      }
    }
  }

  const publish = (zone: PublishedZone) => serially(zone.name, () => withRetries(() => publishNow(zone)));
  const unpublish = (name: string) => serially(name, () => withRetries(() => unpublishNow(name)));

  return {
    info: { kind: 'powerdns', endpoint: base },
    publish,
    unpublish,
    reportedDs,
    async syncAll(zones: PublishedZone[]) {
      const held = (await call<PowerDnsZone[]>('GET', '/zones')) ?? [];
      const pending = [...zones];
      let failed = 0;
      const worker = async () => {
        for (let zone = pending.shift(); zone; zone = pending.shift()) {
          const name = zone.name;
          await publish(zone).catch((error: unknown) => {
            failed += 1;
            logger.error(
              { err: error, zone: name },
              'powerdns: a zone could not be published and is left as it was',
            );
          });
        }
      };
      await Promise.all(Array.from({ length: SYNC_CONCURRENCY }, worker));

      const listed = new Set(zones.map((zone) => zoneId(zone.name)));
      const stale = held.filter(
        (zone) => zone.account === POWERDNS_ACCOUNT && !listed.has(zoneId(zone.name)),
      );
      let deleted = 0;
      for (const zone of stale) {
        await unpublish(zone.name).then(
          () => {
            deleted += 1;
          },
          (error: unknown) => {
            logger.error(
              { err: error, zone: zone.name },
              'powerdns: a zone no longer in the database could not be deleted',
            );
          },
        );
      }
      logger.info(
        { published: zones.length - failed, failed, deleted, endpoint: base },
        'powerdns: zones reconciled',
      );
    },
    async close() {
      await Promise.all(queues.values());
    },
  };
}
