// Importing a zone file, rendered from the zone-import machine: paste it or pick the file, see what would
// be added, changed and refused, then apply. Nothing changes before "Apply".
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { showToast, withInspector } from '@/app-actors';
import { type Domain, MAX_ZONE_FILE_BYTES, type ZoneImportResult } from '@/contract/domains';
import { formatNumber } from '@/domain/helpers/numbers';
import { t, useT } from '@/i18n';
import { changesOf, zoneImportMachine } from '@/machines/zone-import';
import { previewZoneImport } from '@/services/domains.api';
import { useApplyZoneImport } from '@/services/domains.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { Text, textRecipe } from '@/ui/text';
import { TextareaField } from '@/ui/text-field';

type Imported = ZoneImportResult['add'][number];

const describe = (record: Imported) =>
  [
    record.name,
    record.ttl,
    record.type,
    record.priority,
    record.weight,
    record.port,
    record.type === 'TXT' ? `"${record.value}"` : record.value,
  ]
    .filter((part) => part !== null && part !== undefined)
    .join(' ');

/** The import flow of a zone: the server's preview and import, then the zone refreshed and a toast. */
export function useZoneImportActor(domain: Domain, onClose: () => void) {
  const router = useRouter();
  const apply = useApplyZoneImport(domain);
  return useActorRef(
    zoneImportMachine.provide({
      actors: {
        preview: fromPromise<ZoneImportResult, { text: string }>(({ input }) =>
          previewZoneImport(domain.teamId, domain.id, input.text),
        ),
        apply: fromPromise<ZoneImportResult, { text: string }>(({ input }) => apply.mutateAsync(input.text)),
      },
      actions: {
        imported: (_, { result }) => {
          showToast(router.options.context.actors, {
            tone: 'success',
            title: t('domains.zoneImport.done', { domain: domain.displayName }),
            description: t('domains.zoneImport.doneText', {
              added: result.add.length,
              addedShown: formatNumber(result.add.length),
              changed: result.change.length,
              changedShown: formatNumber(result.change.length),
              refused: result.refuse.length,
              refusedShown: formatNumber(result.refuse.length),
            }),
          });
        },
        close: onClose,
      },
    }),
    withInspector(),
  );
}

/** The import dialog, with a fresh flow each time it opens. */
export function ZoneImport({ domain, onClose }: { domain: Domain; onClose: () => void }) {
  return <ZoneImportDialog actor={useZoneImportActor(domain, onClose)} domain={domain} />;
}

export function ZoneImportDialog({
  actor,
  domain,
}: {
  actor: ActorRefFrom<typeof zoneImportMachine>;
  domain: Domain;
}) {
  const t = useT();
  const snapshot = useSelector(actor, (s) => s);
  const { text, result, textError, message } = snapshot.context;
  const changes = changesOf(result);
  const busy = snapshot.hasTag('busy');

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_ZONE_FILE_BYTES) {
      actor.send({
        type: 'file.refused',
        message: t('domains.zoneImport.fileTooLarge', {
          file: file.name,
          size: formatNumber(file.size / 1_048_576, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        }),
      });
      return;
    }
    actor.send({ type: 'text.changed', text: await file.text() });
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => (details.open ? null : actor.send({ type: 'import.cancel' }))}
      size="lg"
    >
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>{t('domains.zoneImport.title', { domain: domain.displayName })}</Dialog.Title>
          <Dialog.Description>{t('domains.zoneImport.lead')}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <div className={grid({ gap: '3' })}>
            <label className={grid({ gap: '1', fontSize: 'sm', fontWeight: '500' })}>
              {t('domains.zoneImport.file')}
              <input
                type="file"
                accept=".zone,.txt,.db,text/plain"
                onChange={(event) => void readFile(event.target.files?.[0])}
                className={textRecipe({ variant: 'small' })}
              />
            </label>
            <TextareaField
              label={t('domains.zoneImport.text')}
              mono
              rows={8}
              value={text}
              placeholder={`$ORIGIN ${domain.name}.\n$TTL 3600\nwww  IN A     192.0.2.10\n@    IN MX 10 mail.${domain.name}.`}
              onChange={(event) => actor.send({ type: 'text.changed', text: event.target.value })}
              error={textError ?? undefined}
            />
            {message ? <Alert tone="error">{message}</Alert> : null}
            {result ? <ImportPreview result={result} /> : null}
          </div>
        </Dialog.Body>
        <Dialog.Footer>
          <Button
            variant="outline"
            onClick={() => actor.send({ type: 'import.cancel' })}
            disabled={!snapshot.can({ type: 'import.cancel' })}
          >
            {t('domains.cancel')}
          </Button>
          {result && changes > 0 ? (
            <Button variant="solid" loading={busy} onClick={() => actor.send({ type: 'import.apply' })}>
              {t('domains.zoneImport.apply', { count: changes, shown: formatNumber(changes) })}
            </Button>
          ) : (
            <Button
              variant="solid"
              loading={busy}
              disabled={!text.trim()}
              onClick={() => actor.send({ type: 'import.preview' })}
            >
              {t('domains.zoneImport.preview')}
            </Button>
          )}
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ImportPreview({ result }: { result: ZoneImportResult }) {
  const t = useT();
  const list = grid({ gap: '1', fontFamily: 'mono', fontSize: 'xs', maxHeight: '10rem', overflowY: 'auto' });
  return (
    <section aria-label={t('domains.zoneImport.previewLabel')} className={grid({ gap: '3' })}>
      <p role="status">
        {t('domains.zoneImport.summary', {
          add: result.add.length,
          addShown: formatNumber(result.add.length),
          change: result.change.length,
          changeShown: formatNumber(result.change.length),
          refuse: result.refuse.length,
          refuseShown: formatNumber(result.refuse.length),
          unchanged: result.unchanged,
          unchangedShown: formatNumber(result.unchanged),
        })}
      </p>
      {result.add.length > 0 ? (
        <div>
          <Text as="h3" variant="smallTitle">
            {t('domains.zoneImport.toAdd')}
          </Text>
          <ul className={list}>
            {result.add.map((record, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview list is never reordered
              <li key={index}>{describe(record)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.change.length > 0 ? (
        <div>
          <Text as="h3" variant="smallTitle">
            {t('domains.zoneImport.toChange')}
          </Text>
          <ul className={list}>
            {result.change.map(({ from, to }) => (
              <li key={from.id}>
                {describe(to)} (ttl {from.ttl} → {to.ttl})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.refuse.length > 0 ? (
        <div>
          <h3 className={css({ fontWeight: '600', fontSize: 'sm', color: 'danger.text' })}>
            {t('domains.zoneImport.refused')}
          </h3>
          <ul className={list}>
            {result.refuse.map((refusal) => (
              <li key={`${refusal.line}-${refusal.text}`}>
                {t('domains.zoneImport.refusedLine', {
                  line: refusal.line,
                  text: refusal.text,
                  reason: refusal.reason,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
