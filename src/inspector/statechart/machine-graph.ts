// A machine's statechart as plain data: its states (nested as in the machine), and its transitions with the
// event, guard and actions each takes. Read from the machine definition itself (XState v5 state nodes), so
// the docs (scripts/machines-docs.ts) and the inspector panel draw exactly what runs.
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export interface ChartState {
  /** The state node's id, e.g. "toast.visible.timing". */
  id: string;
  /** Its key within its parent, e.g. "timing"; the machine's id for the root. */
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The child entered first (compound states). */
  initial: string | null;
  entry: string[];
  exit: string[];
  /** The actors it invokes while active: "src" or "id: src". */
  invoke: string[];
  /** Its own tags ("busy", "editing"…: src/machines/tags.ts), what pages read instead of its name. */
  tags: string[];
  children: ChartState[];
}

export interface ChartTransition {
  /** Stable within the machine: "<source>:<event>#<index>". */
  id: string;
  source: string;
  /** The target state ids; the source itself for a transition that stays (actions only). */
  targets: string[];
  /** As written: "toast.show", "xstate.after.remaining.toast.visible.timing", "" for always. */
  eventType: string;
  /** How people read it: "toast.show", "after remaining", "always", "done: loadTeam". */
  event: string;
  guard: string | null;
  actions: string[];
  /** No target: the state is not left (its entry and exit actions do not run). */
  internal: boolean;
}

export interface MachineChart {
  id: string;
  root: ChartState;
  transitions: ChartTransition[];
}

type Named = string | { type?: unknown } | ((...args: never[]) => unknown) | undefined;

/** A guard as written: a name, its parameters left out; not(), and() and or() spelled out. */
export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combined = guard as { guards?: unknown[]; check?: { name?: string }; name?: string };
    if (Array.isArray(combined.guards)) {
      const parts = combined.guards.map((inner) => guardLabel(inner) ?? '?');
      const kind = combined.check?.name ?? combined.name ?? '';
      if (/not/i.test(kind)) return `!${parts[0]}`;
      return parts.join(/or/i.test(kind) ? ' || ' : ' && ');
    }
    return combined.name && combined.name !== 'guard' ? combined.name : 'inline guard';
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
  }
  return 'guard';
}

/** An action as written: its name, or what a built-in does ("assign", "raise", "sendTo"). */
export function actionLabel(action: Named): string {
  if (typeof action === 'string') return action;
  const type = (action as { type?: unknown } | undefined)?.type;
  if (typeof type === 'string') return type.replace(/^xstate\./, '');
  if (typeof action === 'function') return action.name || 'inline action';
  return 'action';
}

/**
 * "after 5000", "always", "done: loadTeam", "error: loadTeam" (named by what the invoked actor runs when
 * its id was generated), "done" (a child state finished).
 */
export function eventLabel(eventType: string, invoked: ReadonlyMap<string, string> = new Map()): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${invoked.get(actor[2]!) ?? actor[2]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** The raise and cancel XState adds to a state for its `after` transitions: plumbing, not the author's. */
function isAfterPlumbing(action: Named): boolean {
  const built = action as { type?: unknown; event?: { type?: unknown }; sendId?: unknown } | undefined;
  const id =
    built?.type === 'xstate.raise'
      ? built.event?.type
      : built?.type === 'xstate.cancel'
        ? built.sendId
        : null;
  return typeof id === 'string' && id.startsWith('xstate.after.');
}

const authored = (actions: readonly Named[]) =>
  actions.filter((action) => !isAfterPlumbing(action)).map(actionLabel);

function stateOf(node: AnyStateNode): ChartState {
  const children = Object.values(node.states as Record<string, AnyStateNode>).map(stateOf);
  const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    initial: initialTarget ? initialTarget.id : null,
    entry: authored(node.entry as Named[]),
    exit: authored(node.exit as Named[]),
    invoke: (node.invoke as Array<{ id: string; src: unknown }>).map((invoke) => {
      const src = typeof invoke.src === 'string' ? invoke.src : 'inline actor';
      return invoke.id && !invoke.id.startsWith('0.') && invoke.id !== src ? `${invoke.id}: ${src}` : src;
    }),
    tags: [...node.tags],
    children,
  };
}

interface TransitionDefinition {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions: readonly Named[];
}

/** Invoked actors' ids (generated ones look like "0.auth.signingIn") to what they run. */
function invokedSources(node: AnyStateNode, into = new Map<string, string>()): Map<string, string> {
  for (const invoke of node.invoke as Array<{ id: string; src: unknown }>) {
    if (typeof invoke.src === 'string') into.set(invoke.id, invoke.src);
  }
  for (const child of Object.values(node.states as Record<string, AnyStateNode>)) invokedSources(child, into);
  return into;
}

function transitionsOf(node: AnyStateNode, sources: Map<string, string>): ChartTransition[] {
  const definitions: TransitionDefinition[] = [
    ...[...(node.transitions as Map<string, TransitionDefinition[]>).values()].flat(),
    ...((node.always ?? []) as TransitionDefinition[]),
  ];
  const seen = new Map<string, number>();
  const own = definitions.map((definition) => {
    const count = seen.get(definition.eventType) ?? 0;
    seen.set(definition.eventType, count + 1);
    const targets = definition.target?.map((target) => target.id) ?? [];
    return {
      id: `${node.id}:${definition.eventType || 'always'}#${count}`,
      source: node.id,
      targets: targets.length > 0 ? targets : [node.id],
      eventType: definition.eventType,
      event: eventLabel(definition.eventType, sources),
      guard: guardLabel(definition.guard),
      actions: definition.actions.map(actionLabel),
      internal: targets.length === 0,
    };
  });
  return [
    ...own,
    ...Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) =>
      transitionsOf(child, sources),
    ),
  ];
}

export function machineChart(machine: AnyStateMachine): MachineChart {
  return {
    id: machine.id,
    root: stateOf(machine.root),
    transitions: transitionsOf(machine.root, invokedSources(machine.root)),
  };
}

/** Every state of the chart, the root first, in document order. */
export function allStates(chart: MachineChart): ChartState[] {
  const walk = (state: ChartState): ChartState[] => [state, ...state.children.flatMap(walk)];
  return walk(chart.root);
}
