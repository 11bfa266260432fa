// The person's API tokens that still work: what each may do, for which teams, until when, and when and from
// where it was last used; revoking one stops it at once.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ApiToken, TOKEN_ACCESS_NAMES, TOKEN_AREA_NAMES, TOKEN_AREAS } from '@/contract/api-tokens';
import { formatDateTime, formatRelative, formatUtcDay } from '@/domain/helpers/time';
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
  const granted = TOKEN_AREAS.filter((area) => token.scopes[area] !== 'none').map(
    (area) => `${TOKEN_AREA_NAMES[area]}: ${TOKEN_ACCESS_NAMES[token.scopes[area]]}`,
  );
  return granted.length > 0 ? granted.join('; ') : 'No access';
}

export function ApiTokenList() {
  const tokens = useSuspenseQuery(apiTokensQuery());
  const [notice, setNotice] = useState<string | null>(null);
  const revoke = useRevokeApiToken({
    onSuccess: (_, token) => setNotice(`“${token.name}” is revoked: it no longer works.`),
  });
  const confirmRevoke = useConfirmAction((token: ApiToken) => revoke.mutateAsync(token));
  const list = tokens.data.tokens;

  return (
    <SettingsSection id="tokens" title="Your tokens" description="Tokens that still work, newest first.">
      {list.length === 0 ? <Text variant="muted">You have no API tokens.</Text> : null}
      {list.length > 0 ? (
        <Table.Root caption="Your API tokens" hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>Name</Table.Header>
              <Table.Header>Access</Table.Header>
              <Table.Header>Expires</Table.Header>
              <Table.Header>Last used</Table.Header>
              <Table.Header>
                <VisuallyHidden>Actions</VisuallyHidden>
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
                    For {token.teams.map((team) => team.name).join(', ') || 'no team any more'}
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
                          from {token.lastUsedIp}
                        </Table.Detail>
                      ) : null}
                    </>
                  ) : (
                    'Never'
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Button size="sm" variant="ghost" onClick={() => confirmRevoke.ask(token)}>
                    Revoke<VisuallyHidden> {token.name}</VisuallyHidden>
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
        title={`Revoke “${confirmRevoke.target?.name ?? ''}”?`}
        description="Whatever uses it stops working at once. This cannot be undone: make a new token if it is needed again."
        confirmLabel="Revoke the token"
        danger
      />
    </SettingsSection>
  );
}
