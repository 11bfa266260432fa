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
import { type MessageId, t, useT } from '@/i18n';
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

const parentShown: Record<ParentDsStatus, { label: MessageId; tone: BadgeTone }> = {
  unknown: { label: 'domains.dnssec.parent.unknown', tone: 'neutral' },
  absent: { label: 'domains.dnssec.parent.absent', tone: 'warning' },
  published: { label: 'domains.dnssec.parent.published', tone: 'success' },
  outdated: { label: 'domains.dnssec.parent.outdated', tone: 'warning' },
  mismatch: { label: 'domains.dnssec.parent.mismatch', tone: 'danger' },
};

/**
 * What the parent publishes, in words, with the DS records it lists. `checked` says when it was last asked
 * ("checked 5 minutes ago"), or nothing when it never answered.
 */
function parentSentence(domain: Domain): string {
  const { status, found, checkedAt } = domain.dnssec.parent;
  const values = {
    domain: domain.displayName,
    found: found.join(', '),
    checked: checkedAt ? 'yes' : 'no',
    when: checkedAt ? formatRelative(checkedAt) : '',
  };
  switch (status) {
    case 'unknown':
      return t('domains.dnssec.sentence.unknown');
    case 'absent':
      return domain.dnssec.status === 'unsigned'
        ? t('domains.dnssec.sentence.absentUnsigned', values)
        : t('domains.dnssec.sentence.absent', values);
    case 'published':
      return t('domains.dnssec.sentence.published', values);
    case 'outdated':
      return t('domains.dnssec.sentence.outdated', values);
    case 'mismatch':
      return t('domains.dnssec.sentence.mismatch', values);
  }
}

export function DnssecPanel({ domain, mayManage }: { domain: Domain; mayManage: boolean }) {
  const t = useT();
  const router = useRouter();
  const toast = (title: string, tone: 'success' | 'error' = 'success', description?: string) =>
    showToast(router.options.context.actors, { tone, title, description });
  const sign = useEnableDnssec(domain, {
    onSuccess: () => toast(t('domains.dnssec.signed', { domain: domain.displayName })),
  });
  const roll = useStartKeyRollover(domain, {
    onSuccess: () => toast(t('domains.dnssec.rollStarted')),
  });
  const finishRoll = useCompleteKeyRollover(domain, {
    onSuccess: () => toast(t('domains.dnssec.rollCompleted')),
  });
  const check = useCheckDelegation(domain);
  const { status, keys, parent } = domain.dnssec;
  const failure = [sign, roll, finishRoll, check].find((mutation) => mutation.isError)?.error;
  const statusBadge =
    status === 'unsigned' ? (
      <Badge tone="neutral">{t('domains.dnssec.off')}</Badge>
    ) : (
      <Badge tone={parentShown[parent.status].tone} data-dnssec-parent={parent.status}>
        {status === 'rolling' ? t('domains.dnssec.rolling') : t(parentShown[parent.status].label)}
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
          <p>{t('domains.dnssec.lead', { domain: domain.displayName })}</p>
          {parent.status === 'mismatch' ? <Alert tone="error">{parentSentence(domain)}</Alert> : null}
          {mayManage ? (
            <div>
              <Button size="sm" loading={sign.isPending} onClick={() => sign.mutate()}>
                {t('domains.dnssec.sign')}
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
                  {t(
                    key.role === 'current'
                      ? 'domains.dnssec.key.current'
                      : key.role === 'incoming'
                        ? 'domains.dnssec.key.incoming'
                        : 'domains.dnssec.key.outgoing',
                    { keyTag: key.keyTag },
                  )}
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
                      label={t('domains.dnssec.key.copy', { keyTag: key.keyTag })}
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
                {t('domains.dnssec.checkRegistrar')}
              </Button>
              {status === 'rolling' ? (
                <Button
                  size="sm"
                  variant="outline"
                  loading={finishRoll.isPending}
                  onClick={() => finishRoll.mutate()}
                >
                  {t('domains.dnssec.finishRoll')}
                </Button>
              ) : (
                <Button size="sm" variant="outline" loading={roll.isPending} onClick={() => roll.mutate()}>
                  {t('domains.dnssec.roll')}
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
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost">
          {t('domains.dnssec.turnOff')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        {open ? <DisableSteps domain={domain} onClose={() => setOpen(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function DisableSteps({ domain, onClose }: { domain: Domain; onClose: () => void }) {
  const t = useT();
  const router = useRouter();
  const checkParent = useCheckDelegation(domain);
  const disable = useDisableDnssec(domain);
  const actor = useActorRef(
    dnssecDisableMachine.provide({
      actors: {
        checkParent: fromPromise<Domain, { domain: Domain }>(() => checkParent.mutateAsync()),
        disable: fromPromise<Domain, { domain: Domain; dsRemoved: boolean }>(async ({ input }) => {
          const unsigned = await disable.mutateAsync(input.dsRemoved);
          // Said as soon as the server answers, not when this machine finishes: the zone read again unsigned
          // (first on the socket's news, at times) has no Turn off dialog, and this machine goes with it.
          showToast(router.options.context.actors, {
            tone: 'success',
            title: t('domains.dnssec.turnedOff', { domain: domain.displayName }),
          });
          return unsigned;
        }),
      },
      actions: { close: onClose, finish: onClose },
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
      {t('domains.cancel')}
    </Button>
  );
  const checkButton = (
    <Button variant="outline" loading={checking} onClick={() => actor.send({ type: 'ds.check' })}>
      {t('domains.dnssec.disable.check')}
    </Button>
  );

  if (snapshot.hasTag('confirming')) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>
            {t('domains.dnssec.disable.step2Title', { domain: domain.displayName })}
          </Dialog.Title>
          <Dialog.Description>{t('domains.dnssec.disable.step2Text')}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer>
          {cancel}
          <Button variant="danger" loading={busy} onClick={() => actor.send({ type: 'disable.confirm' })}>
            {t('domains.dnssec.turnOff')}
          </Button>
        </Dialog.Footer>
      </>
    );
  }
  const unverified = snapshot.matches('unverified') || snapshot.matches('disablingUnverified');
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{t('domains.dnssec.disable.step1Title')}</Dialog.Title>
        <Dialog.Description>
          {t('domains.dnssec.disable.step1Text', { domain: domain.displayName })}
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
          {unverified ? <Alert tone="info">{t('domains.dnssec.disable.unverified')}</Alert> : null}
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
            {t('domains.dnssec.disable.anyway')}
          </Button>
        ) : null}
      </Dialog.Footer>
    </>
  );
}
