// The person's API tokens that still work: what each may do, for which teams, until when, and when and from
// where it was last used; revoking one stops it at once.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ApiToken, TOKEN_AREAS, tokenAccessName, tokenAreaName } from '@/contract/api-tokens';
import { formatDateTime, formatRelative, formatUtcDay } from '@/domain/helpers/time';
import { t as translate, useT } from '@/i18n';
import { useRevokeApiToken } from '@/services/api-tokens.mutations';
import { apiTokensQuery } from '@/services/api-tokens.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { SettingsSection } from '../../-components/settings-section';

/** "Computes: Read and write; Billing: Read" — the areas it can reach. */
export function describeScopes(token: Pick<ApiToken, 'scopes'>): string {
  const granted = TOKEN_AREAS.filter((area) => token.scopes[area] !== 'none').map((area) =>
    translate('account.tokens.scope', {
      area: tokenAreaName(area),
      access: tokenAccessName(token.scopes[area]),
    }),
  );
  return granted.length > 0
    ? granted.join(translate('account.tokens.scopeSeparator'))
    : tokenAccessName('none');
}

export function ApiTokenList() {
  const t = useT();
  const tokens = useSuspenseQuery(apiTokensQuery());
  const [notice, setNotice] = useState<string | null>(null);
  const revoke = useRevokeApiToken({
    onSuccess: (_, token) => setNotice(t('account.tokens.revoked', { name: token.name })),
  });
  const confirmRevoke = useConfirmAction((token: ApiToken) => revoke.mutateAsync(token));
  const list = tokens.data.tokens;

  return (
    <SettingsSection
      id="tokens"
      title={t('account.tokens.listTitle')}
      description={t('account.tokens.listLead')}
    >
      {list.length === 0 ? <Text variant="muted">{t('account.tokens.none')}</Text> : null}
      {list.length > 0 ? (
        <Table.Root caption={t('account.tokens.caption')} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('auth.name')}</Table.Header>
              <Table.Header>{t('account.tokens.access')}</Table.Header>
              <Table.Header>{t('account.tokens.expires')}</Table.Header>
              <Table.Header>{t('account.lastUsed')}</Table.Header>
              <Table.Header>
                <VisuallyHidden>{t('ui.table.actions')}</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {list.map((token) => (
              <Table.Row key={token.id}>
                <Table.Cell>
                  <Text as="span" variant="strong">
                    {token.name}
                  </Text>
                  <Table.Detail className={textRecipe({ variant: 'mono' })}>{token.prefix}…</Table.Detail>
                </Table.Cell>
                <Table.Cell>
                  {describeScopes(token)}
                  <Table.Detail>
                    {token.teams.length > 0
                      ? t('account.tokens.forTeams', {
                          teams: token.teams.map((team) => team.name).join(', '),
                        })
                      : t('account.tokens.forNoTeam')}
                  </Table.Detail>
                </Table.Cell>
                <Table.Cell>{formatUtcDay(new Date(new Date(token.expiresAt).getTime() - 1))}</Table.Cell>
                <Table.Cell>
                  {token.lastUsedAt ? (
                    <>
                      <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
                        {formatRelative(token.lastUsedAt)}
                      </time>
                      {token.lastUsedIp ? (
                        <Table.Detail className={textRecipe({ variant: 'mono' })}>
                          {t('account.tokens.fromIp', { ip: token.lastUsedIp })}
                        </Table.Detail>
                      ) : null}
                    </>
                  ) : (
                    t('account.never')
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Button size="sm" variant="ghost" onClick={() => confirmRevoke.ask(token)}>
                    {t('account.tokens.revoke')}
                    <VisuallyHidden> {token.name}</VisuallyHidden>
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {revoke.error ? <Alert tone="error">{revoke.error.message}</Alert> : null}
      <ConfirmDialog
        {...confirmRevoke.dialog}
        title={t('account.tokens.confirmTitle', { name: confirmRevoke.target?.name ?? '' })}
        description={t('account.tokens.confirmText')}
        confirmLabel={t('account.tokens.confirm')}
        danger
      />
    </SettingsSection>
  );
}
