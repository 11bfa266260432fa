// The statechart export of a small machine: what is read from the machine, how it is laid out, the SVG
// drawn from it, and the docs page's tables.
import { describe, expect, it } from 'vitest';
import { fromPromise, not, setup } from 'xstate';
import { layoutChart } from '@/inspector/statechart/layout';
import { machineMarkdown } from '@/inspector/statechart/machine-docs';
import { allStates, machineChart } from '@/inspector/statechart/machine-graph';
import { chartSvg } from '@/inspector/statechart/svg';

const door = setup({
  types: { events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock'; code: string } },
  actors: { checkCode: fromPromise(async () => true) },
  guards: { hasCode: () => true, isJammed: () => false },
  actions: { beep: () => {}, log: () => {} },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      initial: 'unlocked',
      states: {
        unlocked: { on: { lock: { target: 'locking', guard: 'hasCode' } } },
        locking: {
          tags: ['busy'],
          invoke: { src: 'checkCode', onDone: 'locked', onError: 'unlocked' },
        },
        locked: { type: 'final' },
      },
      on: { open: { target: 'open', guard: not('isJammed'), actions: 'beep' } },
    },
    open: {
      entry: 'log',
      after: { 3000: 'closed' },
      on: { close: 'closed', lock: { actions: 'beep' } },
    },
  },
});

describe('machineChart', () => {
  const chart = machineChart(door);

  it('reads the nested states, their kinds, initial children, entry actions, invokes and tags', () => {
    expect(allStates(chart).map((state) => [state.id, state.type])).toEqual([
      ['door', 'compound'],
      ['door.closed', 'compound'],
      ['door.closed.unlocked', 'atomic'],
      ['door.closed.locking', 'atomic'],
      ['door.closed.locked', 'final'],
      ['door.open', 'atomic'],
    ]);
    expect(chart.root.initial).toBe('door.closed');
    expect(chart.root.children[0]!.initial).toBe('door.closed.unlocked');
    const open = allStates(chart).find((state) => state.id === 'door.open')!;
    // The raise/cancel XState adds for `after` are not the author's actions.
    expect(open.entry).toEqual(['log']);
    expect(open.exit).toEqual([]);
    expect(allStates(chart).find((state) => state.id === 'door.closed.locking')!.invoke).toEqual([
      'checkCode',
    ]);
    expect(allStates(chart).map((state) => state.tags)).toEqual([[], [], [], ['busy'], [], []]);
  });

  it('reads every transition with its event, guard, actions and targets', () => {
    const rows = chart.transitions.map((t) => [t.source, t.event, t.guard, t.targets, t.actions, t.internal]);
    expect(rows).toEqual([
      ['door.closed', 'open', '!isJammed', ['door.open'], ['beep'], false],
      ['door.closed.unlocked', 'lock', 'hasCode', ['door.closed.locking'], [], false],
      ['door.closed.locking', 'done: checkCode', null, ['door.closed.locked'], [], false],
      ['door.closed.locking', 'error: checkCode', null, ['door.closed.unlocked'], [], false],
      ['door.open', 'close', null, ['door.closed'], [], false],
      ['door.open', 'lock', null, ['door.open'], ['beep'], true],
      ['door.open', 'after 3000', null, ['door.closed'], [], false],
    ]);
  });
});

describe('layout and SVG', () => {
  it('places every state inside its parent and draws each transition between its states', async () => {
    const chart = machineChart(door);
    const layout = await layoutChart(chart);
    const placed = new Map(layout.states.map((state) => [state.id, state]));
    expect([...placed.keys()].sort()).toEqual(
      allStates(chart)
        .map((state) => state.id)
        .sort(),
    );
    const inside = (child: string, parent: string) => {
      const c = placed.get(child)!;
      const p = placed.get(parent)!;
      return c.x >= p.x && c.y >= p.y && c.x + c.width <= p.x + p.width && c.y + c.height <= p.y + p.height;
    };
    expect(inside('door.closed.locked', 'door.closed')).toBe(true);
    expect(inside('door.closed', 'door')).toBe(true);
    expect(inside('door.open', 'door.closed')).toBe(false);
    expect(layout.transitions).toHaveLength(chart.transitions.length);
    for (const transition of layout.transitions) {
      expect(transition.points.length).toBeGreaterThanOrEqual(2);
      // The arrow ends on the target's border.
      const end = transition.points.at(-1)!;
      const target = placed.get(transition.target)!;
      expect(end.x).toBeGreaterThanOrEqual(target.x - 1);
      expect(end.x).toBeLessThanOrEqual(target.x + target.width + 1);
      expect(end.y).toBeGreaterThanOrEqual(target.y - 1);
      expect(end.y).toBeLessThanOrEqual(target.y + target.height + 1);
    }
    expect(layout.initials.map((initial) => initial.parent).sort()).toEqual(['door', 'door.closed']);
    // The same machine always gives the same picture (the docs test relies on it).
    expect(await layoutChart(chart)).toEqual(layout);
  });

  it('draws labelled states and transitions, highlights the active ones and escapes text', async () => {
    const layout = await layoutChart(machineChart(door));
    const svg = chartSvg(layout, {
      title: 'Door <test>',
      active: new Set(['door.closed', 'door.closed.unlocked']),
      taken: new Set(['door.closed:open#0']),
    });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<title id="chart-title">Door &lt;test&gt;</title>');
    expect(svg.match(/data-state="/g)).toHaveLength(6);
    expect(svg.match(/data-active="true"/g)).toHaveLength(2);
    expect(svg).toContain('<g data-state="door.closed.unlocked" data-active="true">');
    expect(svg).toContain('<g data-transition="door.closed:open#0" data-taken="true">');
    expect(svg).toContain('>open [!isJammed]</text>');
    expect(svg).toContain('>after 3000</text>');
    expect(svg).toContain('>invoke checkCode</text>');
    expect(svg).not.toMatch(/style=/);
  });
});

describe('docs page', () => {
  it('tables the states, transitions, events and guards', () => {
    const page = machineMarkdown('door', machineChart(door));
    expect(page).toContain('![Statechart of door](./door.svg)');
    expect(page).toContain('## States (5)');
    expect(page).toContain('| `door.closed` | compound | — | `door.closed.unlocked` | — | — | — |');
    expect(page).toContain('| `door.closed.locking` | atomic | `busy` | — | — | — | `checkCode` |');
    expect(page).toContain('| `door.open` | `lock` | — | (stays) | `beep` |');
    expect(page).toContain('## Guards (2)');
    expect(page).toContain('| `!isJammed` | `open` in `door.closed` |');
    expect(page).toContain('| `hasCode` | `lock` in `door.closed.unlocked` |');
  });
});
