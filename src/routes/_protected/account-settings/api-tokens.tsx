import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { tRich, useT } from '@/i18n';
import { apiTokensQuery } from '@/services/api-tokens.queries';
import { currentSessionQuery } from '@/services/auth.queries';
import { SectionHeading } from '../../-components/page';
import { ApiTokenForm } from './-components/api-token-form';
import { ApiTokenList } from './-components/api-token-list';

// Account settings → API tokens: make a token for scripts and tools (its teams, access per area, expiry;
// the secret shown once) and revoke the ones in use. The API reference is at /api/docs.
export const Route = createFileRoute('/_protected/account-settings/api-tokens')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(currentSessionQuery()),
      queryClient.ensureQueryData(apiTokensQuery()),
    ]),
  component: ApiTokensPage,
});

function ApiTokensPage() {
  const t = useT();
  const { data: current } = useSuspenseQuery(currentSessionQuery());
  return (
    <>
      <SectionHeading
        title={t('account.tab.apiTokens')}
        documentTitle={`${t('account.tab.apiTokens')} · ${t('account.title')}`}
      />
      <p className={css({ color: 'fg.muted', marginBottom: '4', maxWidth: '70ch' })}>
        {tRich('account.tokens.pageLead', {
          header: <code>Authorization: Bearer …</code>,
          reference: <a href="/api/docs">{t('account.tokens.reference')}</a>,
        })}
      </p>
      <div className={grid({ gap: '5' })}>
        <ApiTokenForm teams={current.teams} />
        <ApiTokenList />
      </div>
    </>
  );
}
