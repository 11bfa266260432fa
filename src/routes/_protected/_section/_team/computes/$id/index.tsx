import { createFileRoute } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import type { Compute } from '@/contract/computes';
import { replaceTokens } from '@/domain/helpers/text';
import { formatDateTime } from '@/domain/helpers/time';
import { formatMemory, formatMoney } from '@/domain/money';
import { useT } from '@/i18n';
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
  const t = useT();
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
      <SectionHeading
        title={t('computes.tab.overview')}
        documentTitle={t('computes.overview.documentTitle', { hostname: compute.hostname })}
      />
      <div className={grid({ gap: '6' })}>
        <section aria-labelledby="connect" className={grid({ gap: '2' })}>
          <Text as="h3" variant="cardTitle" id="connect">
            {t('computes.overview.connect')}
          </Text>
          {ssh ? (
            <div className={wrap({ gap: '2', align: 'center' })}>
              <code
                className={css({ fontFamily: 'mono', padding: '2 3', bg: 'bg.subtle', borderRadius: 'md' })}
              >
                {ssh}
              </code>
              <CopyButton value={ssh} label={t('computes.overview.copySsh')} size="sm" />
            </div>
          ) : (
            <p className={term}>{t('computes.overview.noAddress')}</p>
          )}
          {/* A fingerprint is one 50-character word ("SHA256:…"): it may break anywhere, or a phone scrolls. */}
          <p className={cx(term, css({ overflowWrap: 'anywhere' }))}>
            {compute.authentication === 'ssh-key'
              ? t('computes.overview.signsInWithKey', {
                  fingerprint: compute.sshKeyFingerprint ?? t('computes.overview.fingerprintUnknown'),
                })
              : t('computes.overview.signsInWithPassword')}
          </p>
        </section>
        <dl className={grid({ gap: '2 6', gridTemplateColumns: 'max-content 1fr', alignItems: 'baseline' })}>
          <dt className={term}>IPv4</dt>
          <Text as="dd" variant="mono">
            {compute.ipv4 ?? '—'}{' '}
            {compute.ipv4 ? (
              <CopyButton
                value={compute.ipv4}
                label={t('computes.overview.copyIpv4')}
                iconOnly
                size="sm"
                variant="ghost"
              />
            ) : null}
          </Text>
          <dt className={term}>IPv6</dt>
          <Text as="dd" variant="mono">
            {compute.ipv6 ?? '—'}
          </Text>
          <dt className={term}>{t('computes.tab.reverseDns')}</dt>
          <Text as="dd" variant="mono">
            {reverseNames(compute) || '—'}
          </Text>
          <dt className={term}>{t('computes.overview.size')}</dt>
          <dd>
            {t('computes.overview.sizeValue', {
              plan: compute.instanceType.name,
              vcpus: compute.instanceType.vcpus,
              memory: formatMemory(compute.instanceType.memoryMb),
              disk: compute.instanceType.diskGb,
            })}
          </dd>
          <dt className={term}>{t('computes.overview.price')}</dt>
          <dd>
            {t('computes.overview.priceValue', {
              hourly: formatMoney(compute.instanceType.hourly[team.currency], team.currency),
              monthly: formatMoney(compute.instanceType.monthly[team.currency], team.currency),
            })}
          </dd>
          {compute.acceleration ? (
            <>
              <dt className={term}>{t('computes.overview.virtualization')}</dt>
              <dd>
                {compute.acceleration === 'kvm'
                  ? t('computes.overview.kvm')
                  : t('computes.overview.emulated')}
              </dd>
            </>
          ) : null}
          <dt className={term}>{t('computes.table.location')}</dt>
          <dd>
            {compute.location.name} ({compute.location.city})
          </dd>
          <dt className={term}>{t('computes.overview.image')}</dt>
          <dd>
            {compute.operatingSystem.name} {compute.operatingSystem.version}
          </dd>
          <dt className={term}>{t('computes.overview.created')}</dt>
          <dd>
            {compute.createdBy
              ? t('computes.overview.createdBy', {
                  date: formatDateTime(compute.createdAt),
                  name: compute.createdBy.name,
                })
              : formatDateTime(compute.createdAt)}
          </dd>
          <dt className={term}>{t('computes.tab.tags')}</dt>
          <Text as="dd" variant="mono">
            {compute.tags.join(', ') || '—'}
          </Text>
        </dl>
        <section aria-labelledby="user-data" className={grid({ gap: '2' })}>
          <Text as="h3" variant="cardTitle" id="user-data">
            {t('computes.overview.userData')}
          </Text>
          <ComputeUserData compute={compute} />
        </section>
      </div>
    </>
  );
}
