// Firewalls on libvirt hosts, with libvirt's network filters (nwfilter, https://libvirt.org/formatnwfilter.html):
// each guest on a bridge has its own filter `ikirere-fw-<id>`, referenced by its network card, made before
// the domain boots and redefined when the team changes a firewall. libvirt applies a redefined filter to the
// running guests at once (it rewrites their iptables/ebtables chains on the host), so a change reaches a
// running guest within a second or two, without restarting it. Chosen over our own nftables rules because it
// goes through the same libvirt connection as everything else (a remote host needs no shell of ours), the
// rules follow the guest's tap whatever libvirt names it, and they go when the domain goes.
//
// The filter: the packets of connections already let through pass both ways; outbound open (new
// connections from the guest); inbound only the new connections a rule allows (its protocol, ports and
// source prefixes); the rest dropped. A guest
// no firewall applies to has an empty filter: everything passes. Guests under user networking are reached
// only through their SSH forward and get no filter.
import type { FirewallRule } from '@/contract/firewalls';
import { escapeXml } from './domain-xml';
import type { FlowContext } from './flows/flow';
import { type HostConnection, withTempFile } from './host-connection';
import type { LibvirtMachineRow } from './machine-store';
import { VirshError } from './virsh';

export type FirewallRules = readonly FirewallRule[] | null;
export type FirewallSource = (machineId: string) => Promise<FirewallRules>;

export function filterName(machineId: string): string {
  return `ikirere-fw-${machineId}`;
}

function sourceAttributes(source: string): string {
  const [address, length] = source.split('/');
  const v6 = address!.includes(':');
  const bits = length === undefined ? (v6 ? 128 : 32) : Number(length);
  if (bits === 0) return '';
  return ` srcipaddr='${escapeXml(address!)}' srcipmask='${bits}'`;
}

function ruleXml(rule: FirewallRule): string[] {
  return rule.sources.map((source) => {
    const v6 = source.includes(':');
    const element =
      rule.protocol === 'icmp' ? (v6 ? 'icmpv6' : 'icmp') : v6 ? `${rule.protocol}-ipv6` : rule.protocol;
    const [first, last = first] = (rule.ports ?? '').split('-');
    const ports = rule.ports ? ` dstportstart='${first}' dstportend='${last}'` : '';
    return `  <rule action='accept' direction='in' priority='500'><${element}${sourceAttributes(source)}${ports} state='NEW'/></rule>`;
  });
}

/** The guest's filter: empty (open) without firewalls; else outbound open, inbound what the rules allow. */
export function filterXml(machineId: string, rules: FirewallRules): string {
  // The machine's id as the filter's: libvirt refuses to redefine a filter without the uuid it already has.
  const lines = [
    `<filter name='${filterName(machineId)}' chain='root'>`,
    `  <uuid>${escapeXml(machineId)}</uuid>`,
  ];
  if (rules) {
    lines.push(
      // libvirt adds no rule for the packets of a connection already let through: these do, both ways.
      "  <rule action='accept' direction='inout' priority='50'><all state='ESTABLISHED,RELATED'/></rule>",
      "  <rule action='accept' direction='inout' priority='50'><all-ipv6 state='ESTABLISHED,RELATED'/></rule>",
      "  <rule action='accept' direction='out' priority='100'><all state='NEW'/></rule>",
      "  <rule action='accept' direction='out' priority='100'><all-ipv6 state='NEW'/></rule>",
      ...rules.flatMap(ruleXml),
      "  <rule action='drop' direction='inout' priority='900'><all/></rule>",
      "  <rule action='drop' direction='inout' priority='900'><all-ipv6/></rule>",
    );
  }
  lines.push('</filter>', '');
  return lines.join('\n');
}

/** The firewall side of the driver: where rules come from, and putting them on a host. */
export class HostFirewalls {
  /** The firewall service's rules of a machine; none until it says (every guest open). */
  source: FirewallSource = async () => null;

  /** Whether the machine's host filters its traffic (a bridge), so its card references its filter. */
  static filters(host: HostConnection): boolean {
    return host.config.network.mode === 'bridge';
  }

  /** Defines the guest's filter with its current rules, before its domain is defined or started. */
  async prepare(context: FlowContext, row: LibvirtMachineRow): Promise<void> {
    const host = context.hosts.of(row);
    if (!HostFirewalls.filters(host)) return;
    await this.apply(host, row.id, await this.source(row.id));
  }

  async apply(host: HostConnection, machineId: string, rules: FirewallRules): Promise<void> {
    if (!HostFirewalls.filters(host)) return;
    await withTempFile('filter.xml', filterXml(machineId, rules), (path) =>
      host.run(['nwfilter-define', path], 60_000),
    );
  }

  /** After the domain is gone. */
  async remove(host: HostConnection, machineId: string): Promise<void> {
    if (!HostFirewalls.filters(host)) return;
    try {
      await host.run(['nwfilter-undefine', filterName(machineId)], 60_000);
    } catch (error) {
      if (!(error instanceof VirshError)) throw error;
    }
  }
}
