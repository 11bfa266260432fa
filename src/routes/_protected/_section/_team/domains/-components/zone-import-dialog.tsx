// Importing a zone file, rendered from the zone-import machine: paste it or pick the file, see what would
// be added, changed and refused, then apply. Nothing changes before "Apply".
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { showToast, withInspector } from '@/app-actors';
import { type Domain, MAX_ZONE_FILE_BYTES, type ZoneImportResult } from '@/contract/domains';
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
            title: `Imported into ${domain.displayName}`,
            description: `${result.add.length} added, ${result.change.length} changed, ${result.refuse.length} refused.`,
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
  const snapshot = useSelector(actor, (s) => s);
  const { text, result, textError, message } = snapshot.context;
  const changes = changesOf(result);
  const busy = snapshot.hasTag('busy');

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_ZONE_FILE_BYTES) {
      actor.send({
        type: 'file.refused',
        message: `${file.name} is ${(file.size / 1_048_576).toFixed(1)} MB; a zone file is at most 1 MB.`,
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
          <Dialog.Title>Import a zone file into {domain.displayName}</Dialog.Title>
          <Dialog.Description>
            Paste a zone in BIND format or choose the file. You see what would change before anything does.
            SOA and our own name-server records in the file are skipped: we keep those.
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <div className={grid({ gap: '3' })}>
            <label className={grid({ gap: '1', fontSize: 'sm', fontWeight: '500' })}>
              Zone file
              <input
                type="file"
                accept=".zone,.txt,.db,text/plain"
                onChange={(event) => void readFile(event.target.files?.[0])}
                className={textRecipe({ variant: 'small' })}
              />
            </label>
            <TextareaField
              label="Zone text"
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
            Cancel
          </Button>
          {result && changes > 0 ? (
            <Button variant="solid" loading={busy} onClick={() => actor.send({ type: 'import.apply' })}>
              Apply {changes} {changes === 1 ? 'change' : 'changes'}
            </Button>
          ) : (
            <Button
              variant="solid"
              loading={busy}
              disabled={!text.trim()}
              onClick={() => actor.send({ type: 'import.preview' })}
            >
              Preview
            </Button>
          )}
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ImportPreview({ result }: { result: ZoneImportResult }) {
  const list = grid({ gap: '1', fontFamily: 'mono', fontSize: 'xs', maxHeight: '10rem', overflowY: 'auto' });
  return (
    <section aria-label="What the import would do" className={grid({ gap: '3' })}>
      <p role="status">
        {result.add.length} to add, {result.change.length} to change, {result.refuse.length} refused,{' '}
        {result.unchanged} already there.
      </p>
      {result.add.length > 0 ? (
        <div>
          <Text as="h3" variant="smallTitle">
            To add
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
            To change
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
          <h3 className={css({ fontWeight: '600', fontSize: 'sm', color: 'danger.text' })}>Refused</h3>
          <ul className={list}>
            {result.refuse.map((refusal) => (
              <li key={`${refusal.line}-${refusal.text}`}>
                Line {refusal.line}: {refusal.text} — {refusal.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
