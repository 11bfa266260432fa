import { createFileRoute } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import type { Compute } from '@/contract/computes';
import { replaceTokens } from '@/domain/helpers/text';
import { formatDateTime } from '@/domain/helpers/time';
import { formatMemory, formatMoney } from '@/domain/money';
import { SectionHeading } from '@/routes/-components/page';
import { CopyButton } from '@/ui/copy-button';
import { Text, textRecipe } from '@/ui/text';
import { ComputeUserData } from '../-components/compute-user-data';
import { loadCompute, useCompute } from '../-components/use-compute';

// A compute's overview: address, specifications, location, image, created, how to connect over SSH, and the
// user-data it was made with.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/')({
  loader: loadCompute,
  component: ComputeOverviewPage,
});

/** SPEC §2: the SSH hint for connecting as root at the compute's address. */
const SSH_HINT = 'ssh root@<address>';

const term = textRecipe({ variant: 'caption' });

/** "web.example.com (IPv4), web.example.com (IPv6)": the names the addresses answer with. */
function reverseNames(compute: Compute): string {
  return [
    compute.reverseDns.ipv4 ? `${compute.reverseDns.ipv4} (IPv4)` : '',
    compute.reverseDns.ipv6 ? `${compute.reverseDns.ipv6} (IPv6)` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function ComputeOverviewPage() {
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const address = compute.ipv4 ?? compute.ipv6;
  // A guest published through a port forward is reached on its own port of the host's address.
  const ssh = address
    ? compute.sshPort && compute.sshPort !== 22
      ? `ssh -p ${compute.sshPort} root@${address}`
      : replaceTokens(SSH_HINT, { address })
    : null;
  return (
    <>
      <SectionHeading title="Overview" documentTitle={`${compute.hostname} · Compute`} />
      <div className={grid({ gap: '6' })}>
        <section aria-labelledby="connect" className={grid({ gap: '2' })}>
          <Text as="h3" variant="cardTitle" id="connect">
            Connect
          </Text>
          {ssh ? (
            <div className={wrap({ gap: '2', align: 'center' })}>
              <code
                className={css({ fontFamily: 'mono', padding: '2 3', bg: 'bg.subtle', borderRadius: 'md' })}
              >
                {ssh}
              </code>
              <CopyButton value={ssh} label="Copy the SSH command" size="sm" />
            </div>
          ) : (
            <p className={term}>The address is assigned while the compute is provisioned.</p>
          )}
          {/* A fingerprint is one 50-character word ("SHA256:…"): it may break anywhere, or a phone scrolls. */}
          <p className={cx(term, css({ overflowWrap: 'anywhere' }))}>
            {compute.authentication === 'ssh-key'
              ? `Signs in with your SSH key (${compute.sshKeyFingerprint ?? 'fingerprint unknown'}).`
              : 'Signs in with the root password shown when the compute was created.'}
          </p>
        </section>
        <dl className={grid({ gap: '2 6', gridTemplateColumns: 'max-content 1fr', alignItems: 'baseline' })}>
          <dt className={term}>IPv4</dt>
          <Text as="dd" variant="mono">
            {compute.ipv4 ?? '—'}{' '}
            {compute.ipv4 ? (
              <CopyButton value={compute.ipv4} label="Copy IPv4 address" iconOnly size="sm" variant="ghost" />
            ) : null}
          </Text>
          <dt className={term}>IPv6</dt>
          <Text as="dd" variant="mono">
            {compute.ipv6 ?? '—'}
          </Text>
          <dt className={term}>Reverse DNS</dt>
          <Text as="dd" variant="mono">
            {reverseNames(compute) || '—'}
          </Text>
          <dt className={term}>Size</dt>
          <dd>
            {compute.instanceType.name}: {compute.instanceType.vcpus} vCPU,{' '}
            {formatMemory(compute.instanceType.memoryMb)} memory, {compute.instanceType.diskGb} GB disk
          </dd>
          <dt className={term}>Price</dt>
          <dd>
            {formatMoney(compute.instanceType.hourly[team.currency], team.currency)} an hour, at most{' '}
            {formatMoney(compute.instanceType.monthly[team.currency], team.currency)} a month, running or
            stopped
          </dd>
          {compute.acceleration ? (
            <>
              <dt className={term}>Virtualization</dt>
              <dd>
                {compute.acceleration === 'kvm'
                  ? 'KVM (hardware-accelerated)'
                  : 'QEMU emulation: its host has no working KVM, so this compute runs several times slower than with KVM'}
              </dd>
            </>
          ) : null}
          <dt className={term}>Location</dt>
          <dd>
            {compute.location.name} ({compute.location.city})
          </dd>
          <dt className={term}>Image</dt>
          <dd>
            {compute.operatingSystem.name} {compute.operatingSystem.version}
          </dd>
          <dt className={term}>Created</dt>
          <dd>
            {formatDateTime(compute.createdAt)}
            {compute.createdBy ? ` by ${compute.createdBy.name}` : ''}
          </dd>
          <dt className={term}>Tags</dt>
          <Text as="dd" variant="mono">
            {compute.tags.join(', ') || '—'}
          </Text>
        </dl>
        <section aria-labelledby="user-data" className={grid({ gap: '2' })}>
          <Text as="h3" variant="cardTitle" id="user-data">
            User-data
          </Text>
          <ComputeUserData compute={compute} />
        </section>
      </div>
    </>
  );
}
