// Deleting a domain, rendered from the domain-delete machine: type the zone's name, then delete.
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { showToast, withInspector } from '@/app-actors';
import type { Domain } from '@/contract/domains';
import { formatNumber } from '@/domain/helpers/numbers';
import { t, useT } from '@/i18n';
import { domainDeleteMachine, matchesDomainName } from '@/machines/domain-delete';
import { useDeleteDomain } from '@/services/domains.mutations';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { TextField } from '@/ui/text-field';

/** The delete flow of a domain page: the request, then back to the list with a toast. */
export function useDeleteDomainActor(domain: Domain) {
  const router = useRouter();
  const remove = useDeleteDomain(domain);
  return useActorRef(
    domainDeleteMachine.provide({
      actors: {
        delete: fromPromise<void, { confirmName: string }>(async ({ input }) => {
          await remove.mutateAsync(input.confirmName);
        }),
      },
      actions: {
        leave: () => {
          showToast(router.options.context.actors, {
            tone: 'success',
            title: t('domains.delete.done', { domain: domain.displayName }),
          });
          void router.navigate({ to: '/domains' });
        },
      },
    }),
    withInspector({ input: { names: [domain.name, domain.displayName] } }),
  );
}

export function DeleteDomainDialog({
  actor,
  domain,
}: {
  actor: ActorRefFrom<typeof domainDeleteMachine>;
  domain: Domain;
}) {
  const t = useT();
  const snapshot = useSelector(actor, (s) => s);
  const { typed, message, names } = snapshot.context;
  return (
    <ConfirmDialog
      open={snapshot.hasTag('confirming')}
      onOpenChange={(open) => {
        if (!open) actor.send({ type: 'delete.cancel' });
      }}
      title={t('domains.delete.title', { domain: domain.displayName })}
      description={t('domains.delete.text', {
        count: domain.recordCount,
        shown: formatNumber(domain.recordCount),
      })}
      confirmLabel={t('domains.delete.button')}
      cancelLabel={t('domains.cancel')}
      danger
      busy={snapshot.hasTag('busy')}
      confirmDisabled={!matchesDomainName(typed, names)}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
    >
      <TextField
        label={t('domains.delete.typeToConfirm', { domain: domain.displayName })}
        name="confirmName"
        mono
        autoComplete="off"
        value={typed}
        onChange={(event) => actor.send({ type: 'confirmation.changed', value: event.target.value })}
        error={message ?? undefined}
      />
    </ConfirmDialog>
  );
}
