// The team verification display (SPEC §4), driven by the team-verification machine.
import { useQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromCallback } from 'xstate';
import { withInspector } from '@/app-actors';
import { type Team, teamVerificationSchema } from '@/contract/teams';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { type TeamVerificationEvent, teamVerificationMachine } from '@/machines/team-verification';
import { SettingsSection } from '@/routes/_protected/-components/settings-section';
import { appConfigQuery } from '@/services/app-config.queries';
import { basePaths } from '@/services/config';
import { useVerificationSent } from '@/services/teams.mutations';
import { verificationQuery } from '@/services/teams.queries';
import { upload } from '@/services/upload';
import { VerificationDisplay } from './verification-display';

export function VerificationSection({ team }: { team: Team }) {
  const t = useT();
  const verificationSent = useVerificationSent(team.id);
  const mayManage = can(team.role, 'verification.manage');
  const actor = useActorRef(
    teamVerificationMachine.provide({
      actors: {
        upload: fromCallback<TeamVerificationEvent, { form: FormData }>(({ input, sendBack }) => {
          const controller = new AbortController();
          upload({
            path: `${basePaths.user}/teams/${encodeURIComponent(team.id)}/verification`,
            body: input.form,
            schema: teamVerificationSchema,
            signal: controller.signal,
            onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
          }).then(
            (verification) => sendBack({ type: 'upload.done', verification }),
            (error: unknown) => sendBack({ type: 'upload.failed', error }),
          );
          return () => controller.abort();
        }),
      },
      actions: {
        submitted: verificationSent,
      },
    }),
    withInspector(),
  );
  const supportEmail = useQuery(appConfigQuery()).data?.supportEmail ?? 'support@ikirere.local';
  // The request as last sent (the form starts from it) and the reviewers' messages: for who may manage it.
  const verification = useQuery({ ...verificationQuery(team.id), enabled: mayManage }).data;

  // The server's status (it changes when an operator decides) drives the display.
  useEffect(() => {
    if (actor.getSnapshot().context.status !== team.verificationStatus) {
      actor.send({ type: 'status.changed', status: team.verificationStatus });
    }
  }, [actor, team.verificationStatus]);

  return (
    <SettingsSection id="verification" title={t('verification.title')} description={t('verification.lead')}>
      <VerificationDisplay
        actor={actor}
        mayManage={mayManage}
        supportEmail={supportEmail}
        verification={verification}
      />
    </SettingsSection>
  );
}
