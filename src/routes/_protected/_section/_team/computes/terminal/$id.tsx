import { createFileRoute, Link } from '@tanstack/react-router';
import type { Terminal } from '@xterm/xterm';
import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { grid, hstack, wrap } from 'styled-system/patterns';
import type { Compute } from '@/contract/computes';
import type { ConsoleServerMessage } from '@/contract/console';
import { formatSeconds } from '@/domain/helpers/text';
import { type MessageId, t, useT } from '@/i18n';
import { Gone, NotInTeam } from '@/routes/_protected/-components/not-in-team';
import { PageHeader } from '@/routes/-components/page';
import { useCountdown } from '@/routes/-components/use-countdown';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Text } from '@/ui/text';
import { adoptCreatedStyles } from '../-components/adopted-styles';
import { ComputeStatusBadge } from '../-components/status-badge';
import { loadCompute, useCompute } from '../-components/use-compute';
import { type ConsoleState, useConsoleConnection } from '../-components/use-console-connection';

// The compute's serial console in the browser: xterm.js over its own WebSocket.
export const Route = createFileRoute('/_protected/_section/_team/computes/terminal/$id')({
  loader: loadCompute,
  notFoundComponent: () => (
    <NotInTeam kind="compute" back={{ to: '/computes', label: t('computes.backToList') }} />
  ),
  component: TerminalPage,
});

// xterm.js's stylesheet comes with it: imported at the top of this file, it went with the route tree into
// the stylesheet every first page loads.
const loadTerminal = async () => {
  const [{ Terminal }, { FitAddon }] = await Promise.all([
    import('@xterm/xterm'),
    import('@xterm/addon-fit'),
    import('@xterm/xterm/css/xterm.css'),
  ]);
  return { Terminal, FitAddon };
};

const stateWords: Record<ConsoleState, MessageId> = {
  connecting: 'computes.console.connecting',
  connected: 'computes.console.connected',
  reconnecting: 'computes.console.reconnecting',
  failed: 'computes.console.failed',
  ended: 'computes.console.ended',
};

function TerminalPage() {
  const t = useT();
  const { id } = Route.useParams();
  const { compute, gone } = useCompute(id);
  if (gone) {
    return (
      <Gone
        kind="compute"
        name={compute.hostname}
        back={{ to: '/computes', label: t('computes.backToList') }}
      />
    );
  }
  return <ConsoleView compute={compute} />;
}

function ConsoleView({ compute }: { compute: Compute }) {
  const t = useT();
  const id = compute.id;
  const box = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const pending = useRef<string[]>([]);
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [note, setNote] = useState<string | null>(null);

  // The console's own states in the reader's words; anything else (a failure's reason) as the server sent it.
  const statusNote = useCallback(
    (message: Extract<ConsoleServerMessage, { type: 'status' }>): string | null => {
      const hostname = compute.hostname;
      switch (message.status) {
        case 'running':
          return t('computes.console.note.running', { hostname });
        case 'rescue':
          return t('computes.console.note.rescue', { hostname });
        case 'stopped':
          return t('computes.console.note.stopped');
        case 'destroying':
          return t('computes.console.note.destroying');
        case 'stopping':
          return message.message ? t('computes.console.note.powerCut') : null;
        default:
          return message.message ?? null;
      }
    },
    [t, compute.hostname],
  );
  const onMessage = useCallback(
    (message: ConsoleServerMessage) => {
      if (message.type === 'status') setNote(statusNote(message));
      else if (terminal.current) terminal.current.write(message.data);
      else pending.current.push(message.data);
    },
    [statusNote],
  );
  const { state, retryAt, send, reconnectNow } = useConsoleConnection(id, onMessage);
  const left = useCountdown(state === 'reconnecting' ? retryAt : null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let cleanup: (() => void) | undefined;
    let unmounted = false;
    // xterm.js is 80 KB: it loads with the console page, not with the rest of the computes pages.
    void loadTerminal().then(
      ({ Terminal, FitAddon }) => {
        if (unmounted) return;
        const styles = getComputedStyle(document.documentElement);
        const restoreStyles = adoptCreatedStyles();
        const term = new Terminal({
          cursorBlink: true,
          fontFamily: styles.getPropertyValue('--fonts-mono') || "'Geist Mono', monospace",
          fontSize: 14,
          convertEol: false,
          scrollback: 5000,
          theme: {
            background: '#0f1117',
            foreground: '#e1e3e8',
            cursor: '#9d97ff',
            selectionBackground: '#4a41d4',
          },
        });
        const fit = new FitAddon();
        term.loadAddon(fit);
        term.open(element);
        fit.fit();
        // What the console printed while the terminal was loading.
        term.write(pending.current.join(''));
        pending.current = [];
        terminal.current = term;
        const input = term.onData((data) => send({ type: 'input', data }));
        const resized = term.onResize(({ cols, rows }) => send({ type: 'resize', cols, rows }));
        const observer = new ResizeObserver(() => fit.fit());
        observer.observe(element);
        term.focus();
        setLoaded('ready');
        cleanup = () => {
          observer.disconnect();
          input.dispose();
          resized.dispose();
          term.dispose();
          restoreStyles();
          terminal.current = null;
        };
      },
      () => {
        if (!unmounted) setLoaded('failed');
      },
    );
    return () => {
      unmounted = true;
      cleanup?.();
    };
  }, [send]);

  // Once connected, tell the compute how big the terminal is.
  useEffect(() => {
    const term = terminal.current;
    if (state === 'connected' && loaded === 'ready' && term) {
      send({ type: 'resize', cols: term.cols, rows: term.rows });
    }
  }, [state, loaded, send]);

  const copySelection = async () => {
    const text = terminal.current?.getSelection();
    if (text) await navigator.clipboard.writeText(text);
    terminal.current?.focus();
  };
  const paste = async () => {
    const text = await navigator.clipboard.readText().catch(() => '');
    if (text) send({ type: 'input', data: text });
    terminal.current?.focus();
  };

  return (
    <>
      <PageHeader
        title={t('computes.console.title', { hostname: compute.hostname })}
        description={<ComputeStatusBadge status={compute.status} />}
        actions={
          <Link to="/computes/$id" params={{ id }} className={css({ color: 'accent.text' })}>
            {t('computes.console.back')}
          </Link>
        }
      />
      <div className={grid({ gap: '3' })}>
        <div className={wrap({ gap: '3', align: 'center' })}>
          <p
            role="status"
            className={css({ flex: '1', color: state === 'connected' ? 'success.text' : 'fg.muted' })}
          >
            {state === 'reconnecting' && left
              ? t('computes.console.reconnectingIn', { wait: formatSeconds(left) })
              : t(stateWords[state])}
          </p>
          <Button size="sm" variant="ghost" onClick={() => void copySelection()}>
            {t('computes.console.copySelection')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void paste()}>
            {t('computes.console.paste')}
          </Button>
          {state === 'reconnecting' || state === 'failed' ? (
            <Button size="sm" variant="outline" onClick={reconnectNow}>
              {t('computes.console.reconnectNow')}
            </Button>
          ) : null}
        </div>
        {note ? <Alert tone="info">{note}</Alert> : null}
        {loaded === 'loading' ? (
          <p role="status" className={hstack({ gap: '2' })}>
            <Spinner size="sm" /> {t('computes.console.loading')}
          </p>
        ) : null}
        {loaded === 'failed' ? <Alert tone="error">{t('computes.console.loadFailed')}</Alert> : null}
        <div
          ref={box}
          role="application"
          aria-label={t('computes.console.label', { hostname: compute.hostname })}
          className={css({
            height: '28rem',
            padding: '2',
            bg: '#0f1117',
            borderRadius: 'lg',
            overflow: 'hidden',
          })}
        />
        <Text variant="hint">{t('computes.console.hint')}</Text>
      </div>
    </>
  );
}
