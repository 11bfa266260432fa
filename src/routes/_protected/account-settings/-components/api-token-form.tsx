// Making an API token: its name, the teams it acts for, its access per area and when it expires; then the
// secret, shown once with a copy button. The flow is the api-token-create machine's.
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { css } from 'styled-system/css';
import { grid, hstack, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import {
  TOKEN_ACCESSES,
  TOKEN_AREAS,
  TOKEN_EXPIRY_DAYS,
  TOKEN_MAX_DAYS,
  type TokenAccess,
  tokenAccessName,
  tokenAreaName,
} from '@/contract/api-tokens';
import type { UserTeam } from '@/contract/auth';
import { formatUtcDay } from '@/domain/helpers/time';
import { type Translate, useT } from '@/i18n';
import { apiTokenCreateMachine, type ExpiryChoice } from '@/machines/api-token-create';
import { useCreateApiToken } from '@/services/api-tokens.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';
import { Select } from '@/ui/select';
import { textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { SettingsSection } from '../../-components/settings-section';

const accessItems = () => TOKEN_ACCESSES.map((value) => ({ value, label: tokenAccessName(value) }));

const expiryItems = (t: Translate) => [
  ...TOKEN_EXPIRY_DAYS.map((days) => ({
    value: String(days),
    label: t('account.tokens.days', { count: days }),
  })),
  { value: 'date', label: t('account.tokens.onDate') },
];

/** YYYY-MM-DD, `days` from today (UTC), as the date field takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const groupStyle = grid({ gap: '2', border: 'none', padding: '0', margin: '0', minWidth: '0' });
const legendStyle = css({ fontWeight: '500', marginBottom: '1' });
const errorStyle = textRecipe({ variant: 'danger' });

export function ApiTokenForm({ teams }: { teams: UserTeam[] }) {
  const t = useT();
  const createToken = useCreateApiToken();
  const ids = { teams: useId(), teamsError: useId(), scopes: useId(), scopesError: useId() };
  const actor = useActorRef(
    apiTokenCreateMachine.provide({
      actors: {
        create: fromPromise(({ input }) => createToken.mutateAsync(input)),
      },
    }),
    withInspector(),
  );
  const state = useSelector(actor, (snapshot) => snapshot);
  const { draft, errors, message, created } = state.context;
  const creating = state.hasTag('busy');
  const edit = (patch: Partial<typeof draft>) => actor.send({ type: 'edit', patch });

  if (state.matches('showingSecret') && created) {
    return (
      <SettingsSection id="new-token" title={t('account.tokens.newTitle')}>
        <Alert tone="success">
          {t('account.tokens.ready', {
            name: created.token.name,
            date: formatUtcDay(new Date(new Date(created.token.expiresAt).getTime() - 1)),
          })}
        </Alert>
        <code
          data-testid="new-token-secret"
          className={css({
            display: 'block',
            fontFamily: 'mono',
            overflowWrap: 'anywhere',
            padding: '3',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'md',
          })}
        >
          {created.secret}
        </code>
        <div className={wrap({ gap: '3' })}>
          <CopyButton value={created.secret} label={t('account.tokens.copy')} />
          <Button onClick={() => actor.send({ type: 'dismiss' })}>{t('account.tokens.copied')}</Button>
        </div>
      </SettingsSection>
    );
  }

  return (
    <SettingsSection
      id="new-token"
      title={t('account.tokens.makeTitle')}
      description={t('account.tokens.makeLead')}
    >
      <form
        noValidate
        className={grid({ gap: '4', maxWidth: '40rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'submit' });
        }}
      >
        <TextField
          label={t('auth.name')}
          name="name"
          help={t('account.tokens.nameHelp')}
          value={draft.name}
          maxLength={64}
          onChange={(event) => edit({ name: event.target.value })}
          error={errors.name}
          required
        />
        <fieldset className={groupStyle} aria-describedby={errors.teamIds ? ids.teamsError : undefined}>
          <legend className={legendStyle}>{t('account.tokens.teams')}</legend>
          {teams.map((team) => (
            <label key={team.id} className={hstack({ gap: '2' })}>
              <input
                type="checkbox"
                checked={draft.teamIds.includes(team.id)}
                onChange={(event) =>
                  edit({
                    teamIds: event.target.checked
                      ? [...draft.teamIds, team.id]
                      : draft.teamIds.filter((id) => id !== team.id),
                  })
                }
              />
              {team.name}
            </label>
          ))}
          {errors.teamIds ? (
            <span id={ids.teamsError} className={errorStyle}>
              {errors.teamIds}
            </span>
          ) : null}
        </fieldset>
        <fieldset className={groupStyle} aria-describedby={errors.scopes ? ids.scopesError : undefined}>
          <legend className={legendStyle}>{t('account.tokens.access')}</legend>
          <div className={grid({ gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
            {TOKEN_AREAS.map((area) => (
              <Select
                key={area}
                label={tokenAreaName(area)}
                items={accessItems()}
                value={draft.scopes[area]}
                onValueChange={(value) =>
                  edit({ scopes: { ...draft.scopes, [area]: (value ?? 'none') as TokenAccess } })
                }
              />
            ))}
          </div>
          {errors.scopes ? (
            <span id={ids.scopesError} className={errorStyle}>
              {errors.scopes}
            </span>
          ) : null}
        </fieldset>
        <Select
          label={t('account.tokens.expires')}
          items={expiryItems(t)}
          value={draft.expiry}
          onValueChange={(value) => edit({ expiry: (value ?? '90') as ExpiryChoice })}
          help={t('account.tokens.expiresHelp')}
          error={draft.expiry === 'date' ? undefined : errors.expiresOn}
        />
        {draft.expiry === 'date' ? (
          <TextField
            label={t('account.tokens.expiryDate')}
            type="date"
            name="expiresOn"
            min={inDays(1)}
            max={inDays(TOKEN_MAX_DAYS)}
            value={draft.expiresOn}
            onChange={(event) => edit({ expiresOn: event.target.value })}
            error={errors.expiresOn}
            required
          />
        ) : null}
        {message ? <Alert tone="error">{message}</Alert> : null}
        <div>
          <Button type="submit" loading={creating}>
            {t('account.tokens.make')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
