// The header's live-connection indicator: what the socket machine is doing, in plain words.
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import type { ActorRefFrom } from 'xstate';
import { formatSeconds } from '@/domain/helpers/text';
import { type MessageId, useT } from '@/i18n';
import { type SocketStatus, type socketMachine, socketStatus } from '@/machines/socket';
import { Button } from '@/ui/button';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { useCountdown } from './use-countdown';

const labels: Record<SocketStatus, MessageId> = {
  idle: 'shell.connection.idle',
  connecting: 'shell.connection.connecting',
  connected: 'shell.connection.connected',
  disconnected: 'shell.connection.disconnected',
  error: 'shell.connection.error',
};

const dot = css({
  width: '2',
  height: '2',
  borderRadius: 'full',
  flexShrink: '0',
  bg: 'fg.subtle',
  '&[data-status=connected]': { bg: 'success.text' },
  '&[data-status=connecting], &[data-status=disconnected]': { bg: 'warning.text' },
  '&[data-status=error]': { bg: 'danger.text' },
});

export function ConnectionIndicator({ actor }: { actor: ActorRefFrom<typeof socketMachine> }) {
  const t = useT();
  const status = useSelector(actor, socketStatus);
  const retryAt = useSelector(actor, (s) => s.context.retryAt);
  const remaining = useCountdown(status === 'disconnected' ? retryAt : null);
  const detail =
    status === 'disconnected' && remaining !== null && remaining > 0
      ? t('shell.connection.retryIn', { wait: formatSeconds(remaining) })
      : '';
  return (
    <div className={hstack({ gap: '2', fontSize: 'xs', color: 'fg.muted' })}>
      {/* Announced politely so a screen-reader user hears the connection drop and come back. */}
      <span role="status" className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
        <span aria-hidden="true" data-status={status} className={dot} />
        <span>
          <VisuallyHidden>{t('shell.connection.label')}</VisuallyHidden>
          {t(labels[status])}
        </span>
      </span>
      {/* The countdown changes every second: kept out of the live region so it isn't read out each time. */}
      {detail ? <span aria-hidden="true">{detail}</span> : null}
      {status === 'disconnected' || status === 'error' ? (
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'socket.retry' })}>
          {t('shell.connection.reconnect')}
        </Button>
      ) : null}
    </div>
  );
}
