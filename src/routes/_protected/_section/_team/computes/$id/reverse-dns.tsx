import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { type Compute, reverseNameSchema, type UpdateReverseDnsRequest } from '@/contract/computes';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
import { SectionHeading } from '@/routes/-components/page';
import { useUpdateComputeReverseDns } from '@/services/computes.mutations';
import type { Write } from '@/services/mutation';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { loadCompute, useCompute } from '../-components/use-compute';

// Reverse DNS: the name each address answers with (its PTR in our reverse zones). The server accepts a
// name only when the name's A or AAAA records include the address, and says why beside the field when not;
// what was typed stays. One request: a mutation's pending state is the only step, so no machine.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/reverse-dns')({
  loader: loadCompute,
  component: ComputeReverseDnsPage,
});

type Family = 'ipv4' | 'ipv6';
const FAMILIES: Family[] = ['ipv4', 'ipv6'];

function ComputeReverseDnsPage() {
  const t = useT();
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  // Kept above the form, which starts over when the names change (here or in another browser).
  const save = useUpdateComputeReverseDns({ teamId: team.id, id: compute.id });
  return (
    <>
      <SectionHeading
        title={t('computes.tab.reverseDns')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.reverseDns'),
          hostname: compute.hostname,
        })}
      />
      <ReverseDnsForm
        key={`${compute.reverseDns.ipv4} ${compute.reverseDns.ipv6}`}
        compute={compute}
        save={save}
        mayEdit={can(team.role, 'resources.manage')}
      />
    </>
  );
}

/** What a field sends: absent when unchanged, null when emptied, the name otherwise. */
function changeOf(typed: string, current: string | null): string | null | undefined {
  const value = typed.trim() === '' ? null : typed.trim();
  return value === current ? undefined : value;
}

function ReverseDnsForm({
  compute,
  save,
  mayEdit,
}: {
  compute: Compute;
  save: Write<Compute, UpdateReverseDnsRequest>;
  mayEdit: boolean;
}) {
  const t = useT();
  const [typed, setTyped] = useState<Record<Family, string>>({
    ipv4: compute.reverseDns.ipv4 ?? '',
    ipv6: compute.reverseDns.ipv6 ?? '',
  });
  const [checked, setChecked] = useState(false);
  const localErrors: Partial<Record<Family, string>> = {};
  for (const family of FAMILIES) {
    const value = typed[family].trim();
    const result = v.safeParse(reverseNameSchema, value);
    if (value !== '' && !result.success) localErrors[family] = result.issues[0].message;
  }
  const body: UpdateReverseDnsRequest = {};
  for (const family of FAMILIES) {
    const change = changeOf(typed[family], compute.reverseDns[family]);
    if (change !== undefined) body[family] = change;
  }
  const changed = Object.keys(body).length > 0;
  const serverErrors = save.error?.fieldErrors ?? {};
  const addresses = FAMILIES.filter((family) => compute[family] !== null);
  return (
    <form
      noValidate
      className={grid({ gap: '4', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (Object.keys(localErrors).length === 0 && changed) save.mutate(body);
      }}
    >
      <Text variant="caption">{t('computes.reverseDns.lead')}</Text>
      {addresses.length === 0 ? <Text variant="caption">{t('computes.reverseDns.noAddresses')}</Text> : null}
      {addresses.map((family) => (
        <TextField
          key={family}
          label={t('computes.reverseDns.label', { address: compute[family] })}
          name={family}
          mono
          autoComplete="off"
          spellCheck={false}
          placeholder="mail.example.com"
          disabled={!mayEdit}
          value={typed[family]}
          onChange={(event) => {
            const value = event.target.value;
            setTyped((before) => ({ ...before, [family]: value }));
            save.reset();
          }}
          onBlur={() => setChecked(true)}
          help={
            mayEdit
              ? t('computes.reverseDns.help', {
                  record: family === 'ipv4' ? 'A' : 'AAAA',
                  address: compute[family],
                })
              : whyNot('resources.manage')
          }
          error={(checked ? localErrors[family] : undefined) ?? serverErrors[family]}
        />
      ))}
      {save.error && !FAMILIES.some((family) => serverErrors[family]) ? (
        <Alert tone="error">{save.error.message}</Alert>
      ) : null}
      {save.isSuccess && !changed ? <Alert tone="success">{t('computes.reverseDns.saved')}</Alert> : null}
      {mayEdit && addresses.length > 0 ? (
        <div>
          <Button type="submit" variant="solid" loading={save.isPending} disabled={!changed}>
            {t('computes.reverseDns.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
