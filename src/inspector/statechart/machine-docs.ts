// docs/machines, written from the machines themselves: for each machine a diagram (SVG) and a page with
// tables of its states, events and guards; and an index. `npm run machines:docs` writes them
// (scripts/machines-docs.ts); tests/docs/machine-docs.test.ts fails when they are out of date.
import type { AnyStateMachine } from 'xstate';
import { layoutChart } from './layout';
import { allStates, type ChartTransition, type MachineChart, machineChart } from './machine-graph';
import { chartSvg } from './svg';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;
const list = (items: string[]) => (items.length ? items.map(code).join(', ') : '—');

function targetsOf(transition: ChartTransition): string {
  return transition.internal ? '(stays)' : transition.targets.map(code).join(', ');
}

export function machineMarkdown(name: string, chart: MachineChart): string {
  const states = allStates(chart).slice(1);
  const transitions = chart.transitions;
  const events = new Map<string, ChartTransition[]>();
  for (const transition of transitions) {
    events.set(transition.event, [...(events.get(transition.event) ?? []), transition]);
  }
  const guards = new Map<string, ChartTransition[]>();
  for (const transition of transitions) {
    if (!transition.guard) continue;
    guards.set(transition.guard, [...(guards.get(transition.guard) ?? []), transition]);
  }
  const lines = [
    `# ${chart.id}`,
    '',
    `Machine \`${chart.id}\` (src/machines/${name}). Written by \`npm run machines:docs\` from the machine itself: do not edit by hand.`,
    '',
    `![Statechart of ${chart.id}](./${name}.svg)`,
    '',
    `## States (${states.length})`,
    '',
    '| State | Kind | Tags | Initial child | On entry | On exit | Invokes |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...states.map(
      (state) =>
        `| ${code(state.id)} | ${state.type} | ${cell(list(state.tags))} | ${state.initial ? code(state.initial) : '—'} | ${cell(list(state.entry))} | ${cell(list(state.exit))} | ${cell(list(state.invoke))} |`,
    ),
    '',
    `## Transitions (${transitions.length})`,
    '',
    '| From | Event | Guard | To | Actions |',
    '| --- | --- | --- | --- | --- |',
    ...transitions.map(
      (transition) =>
        `| ${code(transition.source)} | ${cell(code(transition.event))} | ${transition.guard ? cell(code(transition.guard)) : '—'} | ${targetsOf(transition)} | ${cell(list(transition.actions))} |`,
    ),
    '',
    `## Events (${events.size})`,
    '',
    '| Event | Handled in |',
    '| --- | --- |',
    ...[...events.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([event, taken]) =>
          `| ${cell(code(event))} | ${[...new Set(taken.map((t) => t.source))].map(code).join(', ')} |`,
      ),
    '',
    `## Guards (${guards.size})`,
    '',
    ...(guards.size === 0
      ? ['None.']
      : [
          '| Guard | Checked on |',
          '| --- | --- |',
          ...[...guards.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(
              ([guard, taken]) =>
                `| ${cell(code(guard))} | ${taken.map((t) => `${code(t.event)} in ${code(t.source)}`).join('; ')} |`,
            ),
        ]),
    '',
  ];
  return lines.join('\n');
}

/** Every file of docs/machines, by name. */
export async function machineDocs(machines: Record<string, AnyStateMachine>): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const index = [
    '# Machines',
    '',
    'The console’s flows as XState machines (src/machines). Each page has the statechart and tables of its states, events and guards, written by `npm run machines:docs`; a test fails when they are out of date. Pages read a state’s tags (`busy`, `editing`, `confirming`: src/machines/tags.ts), not its name, to decide what a state means for them. `npm run test:machines` prints how much of each machine the model-based tests cover.',
    '',
    '| Machine | States | Transitions |',
    '| --- | --- | --- |',
  ];
  for (const [name, machine] of Object.entries(machines).sort(([a], [b]) => a.localeCompare(b))) {
    const chart = machineChart(machine);
    const layout = await layoutChart(chart);
    files.set(`${name}.svg`, chartSvg(layout, { title: `Statechart of ${chart.id}`, idPrefix: name }));
    files.set(`${name}.md`, machineMarkdown(name, chart));
    index.push(
      `| [${chart.id}](./${name}.md) | ${allStates(chart).length - 1} | ${chart.transitions.length} |`,
    );
  }
  files.set('README.md', `${index.join('\n')}\n`);
  return files;
}
