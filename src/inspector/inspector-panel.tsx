// The inspector panel: the live machine actors; for the chosen one its statechart with the current state
// highlighted (and the transition just taken), its context, and its event log with times. Choosing an
// earlier event, or stepping back, shows the state and context as they were then.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { css } from 'styled-system/css';
import type { AnyStateMachine } from 'xstate';
import type { InspectionRecorder, Moment, RecordedActor } from './recorder';
import { type ChartLayout, layoutChart } from './statechart/layout';
import { machineChart } from './statechart/machine-graph';
import { chartSvg } from './statechart/svg';

const layouts = new WeakMap<AnyStateMachine, Promise<ChartLayout>>();

function useLayout(machine: AnyStateMachine | undefined): ChartLayout | undefined {
  const [layout, setLayout] = useState<{ machine: AnyStateMachine; layout: ChartLayout }>();
  useEffect(() => {
    if (!machine) return;
    let current = true;
    let pending = layouts.get(machine);
    if (!pending) {
      pending = layoutChart(machineChart(machine));
      layouts.set(machine, pending);
    }
    void pending.then((done) => {
      if (current) setLayout({ machine, layout: done });
    });
    return () => {
      current = false;
    };
  }, [machine]);
  return layout && layout.machine === machine ? layout.layout : undefined;
}

const time = (at: number) => {
  const date = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
};

const chartBox = css({
  overflow: 'auto',
  maxHeight: '45vh',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'white',
  color: 'fg.muted',
  padding: '1',
});
const heading = css({ fontFamily: 'heading', fontWeight: '600', fontSize: 'sm', marginTop: '2' });
const button = css({
  paddingInline: '2',
  paddingBlock: '1',
  borderWidth: '1px',
  borderColor: 'border.control',
  borderRadius: 'md',
  fontSize: 'xs',
  bg: 'bg.surface',
  cursor: 'pointer',
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.brand', outlineOffset: '1px' },
});

export function InspectorPanel({
  recorder,
  hotkey,
  onClose,
}: {
  recorder: InspectionRecorder;
  hotkey: string;
  onClose: () => void;
}) {
  useSyncExternalStore(recorder.subscribe, recorder.getVersion);
  const actors = recorder.list();
  const [chosen, setChosen] = useState<string | undefined>();
  const actor: RecordedActor | undefined =
    (chosen ? recorder.get(chosen) : undefined) ?? actors.find((a) => a.name === 'auth') ?? actors[0];
  // null: follow the newest snapshot; a seq: stay on that one (stepping back in time).
  const [pinned, setPinned] = useState<number | null>(null);
  const history = actor?.history ?? [];
  const pinnedIndex = pinned === null ? -1 : history.findIndex((moment) => moment.seq === pinned);
  const index = pinnedIndex >= 0 ? pinnedIndex : history.length - 1;
  const moment: Moment | undefined = history[index];
  const layout = useLayout(actor?.machine);
  const svg = useMemo(
    () =>
      layout && moment
        ? chartSvg(layout, {
            title: `Statechart of ${actor?.name}, in ${moment.value}`,
            active: new Set(moment.activeStates),
            taken: new Set(moment.taken),
            idPrefix: 'inspector',
          })
        : null,
    [layout, moment, actor?.name],
  );
  const select = useRef<HTMLSelectElement>(null);
  const chartBoxRef = useRef<HTMLElement>(null);
  // Keep the state the machine is in within view: charts are often larger than the panel.
  useEffect(() => {
    if (!svg) return;
    const box = chartBoxRef.current;
    const leaf = box ? [...box.querySelectorAll('g[data-active="true"]')].at(-1) : undefined;
    if (!box || !leaf) return;
    const target = leaf.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    box.scrollLeft += target.left - frame.left - (frame.width - target.width) / 2;
    box.scrollTop += target.top - frame.top - (frame.height - target.height) / 2;
  }, [svg]);
  useEffect(() => select.current?.focus(), []);
  const live = pinnedIndex < 0 || index === history.length - 1;
  const goTo = (target: number) => {
    const next = history[target];
    if (!next) return;
    setPinned(target === history.length - 1 ? null : next.seq);
  };

  return (
    <aside
      aria-label="Machine inspector"
      data-testid="machine-inspector"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className={css({
        position: 'fixed',
        insetBlock: '0',
        right: '0',
        width: 'min(36rem, 100vw)',
        zIndex: '2147483000',
        display: 'flex',
        flexDirection: 'column',
        gap: '2',
        padding: '3',
        overflowY: 'auto',
        bg: 'bg.surface',
        color: 'fg.default',
        borderLeftWidth: '1px',
        borderColor: 'border.default',
        boxShadow: 'lg',
        fontSize: 'sm',
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <h2 className={css({ fontFamily: 'heading', fontWeight: '600', flex: '1' })}>Machine inspector</h2>
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>development build · {hotkey}</span>
        <button type="button" className={button} onClick={onClose}>
          Close
        </button>
      </div>
      {actors.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>No machine has started yet.</p>
      ) : (
        <>
          <label className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            Actor
            <select
              ref={select}
              value={actor?.sessionId}
              onChange={(event) => {
                setChosen(event.target.value);
                setPinned(null);
              }}
              className={css({
                flex: '1',
                borderWidth: '1px',
                borderColor: 'border.control',
                borderRadius: 'md',
                paddingInline: '2',
                paddingBlock: '1',
                bg: 'bg.surface',
              })}
            >
              {actors.map((item) => {
                const status = recorder.statusOf(item);
                return (
                  <option key={item.sessionId} value={item.sessionId}>
                    {item.name}
                    {item.name !== item.machine.id ? ` (${item.machine.id})` : ''}
                    {status !== 'active' ? ` — ${status}` : ''}
                  </option>
                );
              })}
            </select>
          </label>
          <p aria-live="polite">
            State: <strong data-testid="inspector-state">{moment?.value ?? '—'}</strong>{' '}
            <span className={css({ color: 'fg.muted' })}>
              {moment
                ? live
                  ? '(now)'
                  : `(as it was after ${moment.eventType} at ${time(moment.at)}, ${history.length - 1 - index} events ago)`
                : ''}
            </span>
          </p>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <button type="button" className={button} disabled={index <= 0} onClick={() => goTo(index - 1)}>
              Step back
            </button>
            <button
              type="button"
              className={button}
              disabled={index >= history.length - 1}
              onClick={() => goTo(index + 1)}
            >
              Step forward
            </button>
            <button type="button" className={button} disabled={live} onClick={() => setPinned(null)}>
              Back to now
            </button>
          </div>
          {svg ? (
            <section
              ref={chartBoxRef}
              data-testid="inspector-chart"
              aria-label="Statechart"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard
              tabIndex={0}
              className={chartBox}
              // The SVG is drawn by chartSvg from the machine's own definition, every text escaped.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, escaped SVG text (see above)
              dangerouslySetInnerHTML={{ __html: svg }}
            />
          ) : (
            <p className={chartBox}>Drawing the statechart…</p>
          )}
          <h3 className={heading}>Context</h3>
          <pre
            data-testid="inspector-context"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard
            tabIndex={0}
            className={css({
              fontFamily: 'mono',
              fontSize: 'xs',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              maxHeight: '14rem',
              overflow: 'auto',
              padding: '2',
              bg: 'bg.subtle',
              borderRadius: 'md',
            })}
          >
            {moment?.context ?? ''}
          </pre>
          <h3 className={heading}>Events, newest first</h3>
          <ol aria-label="Event log" className={css({ display: 'grid', gap: '1' })}>
            {history
              .map((item, position) => ({ item, position }))
              .reverse()
              .map(({ item, position }) => (
                <li key={item.seq}>
                  <button
                    type="button"
                    aria-pressed={position === index}
                    title={item.eventText}
                    onClick={() => goTo(position)}
                    className={css({
                      width: '100%',
                      textAlign: 'left',
                      display: 'flex',
                      gap: '2',
                      paddingInline: '2',
                      paddingBlock: '1',
                      borderRadius: 'md',
                      fontFamily: 'mono',
                      fontSize: 'xs',
                      cursor: 'pointer',
                      _hover: { bg: 'bg.subtle' },
                      '&[aria-pressed=true]': { bg: 'accent.subtle' },
                      _focusVisible: { outline: '2px solid', outlineColor: 'accent.brand' },
                    })}
                  >
                    <time dateTime={new Date(item.at).toISOString()} className={css({ color: 'fg.muted' })}>
                      {time(item.at)}
                    </time>
                    <span className={css({ flex: '1' })}>{item.eventType}</span>
                    <span>→ {item.value}</span>
                  </button>
                </li>
              ))}
          </ol>
        </>
      )}
      <p className={css({ fontSize: 'xs', color: 'fg.muted', marginTop: 'auto' })}>
        Online, ?inspect=stately also opens the hosted Stately inspector.
      </p>
    </aside>
  );
}
