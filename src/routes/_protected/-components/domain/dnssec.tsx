// DNSSEC of a zone on its page: sign it with one press, the DS record to give the registrar and whether
// the parent publishes it, a key roll, and turning signing off in the safe order (dnssec-disable machine).
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid, hstack, panel, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { showToast, withInspector } from '@/app-actors';
import type { Domain, ParentDsStatus } from '@/contract/domains';
import { formatRelative } from '@/domain/helpers/time';
import { dnssecDisableMachine } from '@/machines/dnssec-disable';
import {
  useCheckDelegation,
  useCompleteKeyRollover,
  useDisableDnssec,
  useEnableDnssec,
  useStartKeyRollover,
} from '@/services/domains.mutations';
import { Alert } from '@/ui/alert';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';
import * as Dialog from '@/ui/dialog';
import { Text } from '@/ui/text';

const parentShown: Record<ParentDsStatus, { label: string; tone: BadgeTone }> = {
  unknown: { label: 'Not checked yet', tone: 'neutral' },
  absent: { label: 'No DS at the registrar', tone: 'warning' },
  published: { label: 'DS published', tone: 'success' },
  outdated: { label: 'Registrar lists the old key', tone: 'warning' },
  mismatch: { label: 'Registrar lists a wrong DS', tone: 'danger' },
};

/** What the parent publishes, in words, with the DS records it lists. */
function parentSentence(domain: Domain): string {
  const { status, found, checkedAt } = domain.dnssec.parent;
  const when = checkedAt ? ` (checked ${formatRelative(checkedAt)})` : '';
  switch (status) {
    case 'unknown':
      return 'We have not been able to ask the parent zone yet whether it publishes the DS record.';
    case 'absent':
      return domain.dnssec.status === 'unsigned'
        ? `The parent zone publishes no DS record${when}.`
        : `The parent zone publishes no DS record yet${when}: until the registrar adds it, resolvers treat ${domain.displayName} as unsigned.`;
    case 'published':
      return `The parent zone publishes the DS record${when}: resolvers validate ${domain.displayName}.`;
    case 'outdated':
      return `The parent zone still lists only the old key${when} (${found.join(', ')}): give the registrar the new DS record.`;
    case 'mismatch':
      return `The parent zone publishes ${found.join(', ')}${when}, which matches none of this zone's keys: validating resolvers reject ${domain.displayName} until the registrar lists the DS record below.`;
  }
}

export function DnssecPanel({ domain, mayManage }: { domain: Domain; mayManage: boolean }) {
  const router = useRouter();
  const toast = (title: string, tone: 'success' | 'error' = 'success', description?: string) =>
    showToast(router.options.context.actors, { tone, title, description });
  const sign = useEnableDnssec(domain, {
    onSuccess: () => toast(`${domain.displayName} is signed. Give your registrar the DS record.`),
  });
  const roll = useStartKeyRollover(domain, {
    onSuccess: () => toast('A new key signs alongside the old one. Give your registrar its DS record.'),
  });
  const finishRoll = useCompleteKeyRollover(domain, {
    onSuccess: () => toast('The key roll is complete: the old key no longer signs.'),
  });
  const check = useCheckDelegation(domain);
  const { status, keys, parent } = domain.dnssec;
  const failure = [sign, roll, finishRoll, check].find((mutation) => mutation.isError)?.error;
  const statusBadge =
    status === 'unsigned' ? (
      <Badge tone="neutral">Off</Badge>
    ) : (
      <Badge tone={parentShown[parent.status].tone} data-dnssec-parent={parent.status}>
        {status === 'rolling' ? 'Key roll under way' : parentShown[parent.status].label}
      </Badge>
    );

  return (
    <section aria-labelledby="dnssec" className={panel()}>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Text as="h2" id="dnssec" variant="panelTitle" className={css({ flex: '1' })}>
          DNSSEC
        </Text>
        {statusBadge}
      </div>
      {status === 'unsigned' ? (
        <>
          <p>
            Signing lets resolvers prove that the answers for {domain.displayName} come from us unchanged. We
            create the key (ECDSA P-256) and sign every answer; you then give your registrar one DS record.
          </p>
          {parent.status === 'mismatch' ? <Alert tone="error">{parentSentence(domain)}</Alert> : null}
          {mayManage ? (
            <div>
              <Button size="sm" loading={sign.isPending} onClick={() => sign.mutate()}>
                Sign this zone
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <>
          <p>{parentSentence(domain)}</p>
          <div className={grid({ gap: '3' })}>
            {keys.map((key) => (
              <div key={key.keyTag} className={grid({ gap: '1' })}>
                <Text variant="caption">
                  {key.role === 'current'
                    ? 'DS record to give your registrar'
                    : key.role === 'incoming'
                      ? 'New key: DS record to give your registrar'
                      : 'Old key: its DS record goes once the roll completes'}{' '}
                  (key tag {key.keyTag}, algorithm 13, digest SHA-256)
                </Text>
                {key.ds.map((ds) => (
                  <div key={ds} className={hstack({ gap: '2', minWidth: 0 })}>
                    <code
                      className={css({
                        fontFamily: 'mono',
                        fontSize: 'sm',
                        overflowWrap: 'anywhere',
                        minWidth: 0,
                      })}
                    >
                      {ds}
                    </code>
                    <CopyButton
                      value={ds}
                      label={`Copy the DS record of key ${key.keyTag}`}
                      iconOnly
                      size="sm"
                      variant="ghost"
                    />
                  </div>
                ))}
              </div>
            ))}
          </div>
          {mayManage ? (
            <div className={wrap({ gap: '2' })}>
              <Button size="sm" variant="outline" loading={check.isPending} onClick={() => check.mutate()}>
                Check the registrar now
              </Button>
              {status === 'rolling' ? (
                <Button
                  size="sm"
                  variant="outline"
                  loading={finishRoll.isPending}
                  onClick={() => finishRoll.mutate()}
                >
                  Finish the key roll
                </Button>
              ) : (
                <Button size="sm" variant="outline" loading={roll.isPending} onClick={() => roll.mutate()}>
                  Roll the key
                </Button>
              )}
              <DisableDnssec domain={domain} />
            </div>
          ) : null}
        </>
      )}
      {failure ? <Alert tone="error">{failure.message}</Alert> : null}
    </section>
  );
}

/** "Turn off DNSSEC": a dialog that walks through removing the DS first. */
function DisableDnssec({ domain }: { domain: Domain }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost">
          Turn off DNSSEC
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        {open ? <DisableSteps domain={domain} onClose={() => setOpen(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function DisableSteps({ domain, onClose }: { domain: Domain; onClose: () => void }) {
  const router = useRouter();
  const checkParent = useCheckDelegation(domain);
  const disable = useDisableDnssec(domain);
  const actor = useActorRef(
    dnssecDisableMachine.provide({
      actors: {
        checkParent: fromPromise<Domain, { domain: Domain }>(() => checkParent.mutateAsync()),
        disable: fromPromise<Domain, { domain: Domain; dsRemoved: boolean }>(({ input }) =>
          disable.mutateAsync(input.dsRemoved),
        ),
      },
      actions: {
        close: onClose,
        finish: () => {
          showToast(router.options.context.actors, {
            tone: 'success',
            title: `DNSSEC is off for ${domain.displayName}.`,
          });
          onClose();
        },
      },
    }),
    withInspector({ input: { domain } }),
  );
  const snapshot = useSelector(actor, (state) => state);
  const { message } = snapshot.context;
  const ds = domain.dnssec.keys.flatMap((key) => key.ds);
  const busy = snapshot.hasTag('busy');
  const checking = snapshot.matches('checking');
  // Turning signing off runs to its answer: Cancel waits for it.
  const disabling = busy && !checking;
  const cancel = (
    <Button variant="ghost" onClick={() => actor.send({ type: 'cancel' })} disabled={disabling}>
      Cancel
    </Button>
  );
  const checkButton = (
    <Button variant="outline" loading={checking} onClick={() => actor.send({ type: 'ds.check' })}>
      I removed it: check the registrar
    </Button>
  );

  if (snapshot.hasTag('confirming')) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Step 2 of 2: stop signing {domain.displayName}</Dialog.Title>
          <Dialog.Description>
            The parent zone no longer publishes a DS record, so resolvers already treat the zone as unsigned.
            Its keys are deleted and answers are no longer signed.
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer>
          {cancel}
          <Button variant="danger" loading={busy} onClick={() => actor.send({ type: 'disable.confirm' })}>
            Turn off DNSSEC
          </Button>
        </Dialog.Footer>
      </>
    );
  }
  const unverified = snapshot.matches('unverified') || snapshot.matches('disablingUnverified');
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Step 1 of 2: remove the DS record at your registrar</Dialog.Title>
        <Dialog.Description>
          While the parent zone publishes a DS record, validating resolvers reject {domain.displayName} the
          moment its answers stop being signed. At the registrar where you bought it, delete this DS record
          (often under “DNSSEC”), then come back and check.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <ul className={grid({ gap: '2' })}>
          {ds.map((record) => (
            <li key={record}>
              <code className={css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' })}>
                {record}
              </code>
            </li>
          ))}
        </ul>
        <div aria-live="polite" className={css({ marginTop: '3' })}>
          {message ? <Alert tone="info">{message}</Alert> : null}
          {unverified ? (
            <Alert tone="info">
              No resolver could tell whether the parent zone still publishes a DS record. Check again, or turn
              signing off if you are sure you removed it.
            </Alert>
          ) : null}
        </div>
      </Dialog.Body>
      <Dialog.Footer>
        {cancel}
        {checkButton}
        {unverified ? (
          <Button
            variant="danger"
            loading={disabling}
            onClick={() => actor.send({ type: 'disable.confirmUnverified' })}
          >
            I removed it: turn off anyway
          </Button>
        ) : null}
      </Dialog.Footer>
    </>
  );
}
