// What the console needs to know about the server it talks to: which embedded defaults are in use.
import * as v from 'valibot';

export const appConfigSchema = v.object({
  version: v.string(),
  /** Each external system and whether it runs on its embedded default (simulator, sandbox, outbox). */
  drivers: v.object({
    database: v.picklist(['pglite', 'postgres']),
    /** simulator: computes run in the embedded hypervisor simulator, not on real machines. */
    compute: v.optional(v.picklist(['simulator', 'production']), 'simulator'),
    /** embedded: the server's own authoritative DNS server answers; powerdns: zones are written to PowerDNS. */
    dns: v.optional(v.picklist(['embedded', 'powerdns']), 'embedded'),
  }),
  /** Where the embedded DNS server answers (host:port), so people can query it; null for PowerDNS. */
  dnsEndpoint: v.optional(v.nullable(v.string()), null),
  /** Our name servers (NAMESERVERS): what a registrar must list for a domain hosted here. */
  nameServers: v.optional(v.array(v.string()), []),
  socketPath: v.string(),
  /** Where people write for help (contact support links). */
  supportEmail: v.optional(v.pipe(v.string(), v.email()), 'support@ikirere.local'),
});

export type AppConfig = v.InferOutput<typeof appConfigSchema>;
