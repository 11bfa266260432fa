// What the team verification section shows in each state of the machine (SPEC §4's texts).
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import type { ActorRefFrom } from 'xstate';
import type { TeamVerification } from '@/contract/teams';
import { whyNot } from '@/domain/permissions';
import { verificationWords } from '@/domain/verification-words';
import { useT } from '@/i18n';
import type { teamVerificationMachine } from '@/machines/team-verification';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { VerificationRequestForm } from './verification-request-form';

export interface VerificationDisplayProps {
  actor: ActorRefFrom<typeof teamVerificationMachine>;
  mayManage: boolean;
  supportEmail: string;
  /** The request as last sent and its history; undefined for who may not see it (or while it loads). */
  verification?: TeamVerification;
}

/** The reviewers' message with the decision the team is in now, if they wrote one. */
function reviewersMessage(verification: TeamVerification | undefined): string | null {
  const latest = verification?.history.at(-1);
  return latest && latest.status === verification?.status ? latest.message : null;
}

export function VerificationDisplay({
  actor,
  mayManage,
  supportEmail,
  verification,
}: VerificationDisplayProps) {
  const t = useT();
  const snapshot = useSelector(actor, (s) => s);
  const status = snapshot.context.status;
  const badge = status ? verificationWords(status) : null;
  const message = reviewersMessage(verification);
  const quoted = message ? (
    <blockquote
      aria-label={t('verification.reviewersMessage')}
      className={css({
        borderLeftWidth: '3px',
        borderColor: 'border.default',
        paddingLeft: '3',
        whiteSpace: 'pre-wrap',
      })}
    >
      {message}
    </blockquote>
  ) : null;
  const open = () => actor.send({ type: 'request.open' });
  const support = (text: string) => (
    <a href={`mailto:${supportEmail}`} className={textRecipe({ variant: 'link' })}>
      {text}
    </a>
  );

  return (
    <>
      {badge ? (
        <div>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
      ) : null}
      {snapshot.matches('unverified') ? (
        <div className={grid({ gap: '3', justifyItems: 'start' })}>
          <p>{t('verification.unverified')}</p>
          <Button variant="solid" onClick={open} disabled={!mayManage}>
            {t('verification.verify')}
          </Button>
          {mayManage ? null : <Text variant="hint">{whyNot('verification.manage')}</Text>}
        </div>
      ) : null}
      {snapshot.matches('pending') ? <Alert tone="info">{t('verification.pending')}</Alert> : null}
      {snapshot.matches('rejected') ? (
        <div className={grid({ gap: '3', justifyItems: 'start' })}>
          <Alert tone="error">
            {message ? t('verification.rejectedWithMessage') : t('verification.rejected')}
          </Alert>
          {quoted}
          <div className={wrap({ gap: '3', align: 'center' })}>
            {mayManage ? (
              <Button variant="solid" onClick={open}>
                {t('verification.submitAgain')}
              </Button>
            ) : null}
            {support(t('verification.contactSupport'))}
          </div>
        </div>
      ) : null}
      {snapshot.matches('additionalInfoRequested') ? (
        <div className={grid({ gap: '3', justifyItems: 'start' })}>
          <Alert tone="info">{t('verification.infoRequested')}</Alert>
          {quoted}
          <div className={wrap({ gap: '3', align: 'center' })}>
            {mayManage ? (
              <Button variant="solid" onClick={open}>
                {t('verification.update')}
              </Button>
            ) : null}
            {support(t('verification.noEmail'))}
          </div>
        </div>
      ) : null}
      {snapshot.matches('verified') ? <Alert tone="success">{t('verification.verified')}</Alert> : null}
      {snapshot.matches('request') ? (
        <VerificationRequestForm
          submitting={snapshot.hasTag('busy')}
          progress={snapshot.context.progress}
          fieldErrors={snapshot.context.fieldErrors}
          message={snapshot.context.message}
          resubmission={status === 'REJECTED' || status === 'ADDITIONAL_INFO_REQUESTED'}
          initial={verification?.details ?? null}
          onSubmit={(form) => actor.send({ type: 'request.submit', form })}
          onCancel={() => actor.send({ type: 'request.cancel' })}
        />
      ) : null}
    </>
  );
}
