// Development only: records what the console's machines do, from XState's inspection events, for the
// inspector panel — every live machine actor, and after each event it took its state, context and the
// transitions taken, with the time. Kept in memory, a bounded history per actor.
import type { AnyActorRef, AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/** Snapshots kept per actor; older ones are dropped. */
export const HISTORY_LIMIT = 500;
/** Past this many recorded actors, the oldest stopped ones (pages long left) are forgotten. */
export const ACTOR_LIMIT = 100;

export interface Moment {
  /** Counts up across all actors: the order things happened in. */
  seq: number;
  at: number;
  /** The event's type ("xstate.init" for the start) and the event as text. */
  eventType: string;
  eventText: string;
  /** The state value as text, e.g. "visible.timing" or {"signIn":"entering"}. */
  value: string;
  /** Ids of the active state nodes. */
  activeStates: string[];
  /** Machine-graph ids ("<source>:<event>#<n>") of the transitions the event took. */
  taken: string[];
  context: string;
  status: string;
}

export interface RecordedActor {
  sessionId: string;
  /** The system id when it has one (toast, auth, …), else the machine's id. */
  name: string;
  machine: AnyStateMachine;
  actorRef: AnyActorRef;
  createdAt: number;
  history: Moment[];
}

type Listener = () => void;

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof (logic as { getStateNodeById?: unknown } | null)?.getStateNodeById === 'function';
}

/** A readable copy: actor references, functions, errors, maps and cycles written as words. */
export function describeValue(value: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(
      value,
      (_key, item: unknown) => {
        if (typeof item === 'function') return `[function ${item.name || 'anonymous'}]`;
        if (typeof item === 'bigint') return `${item}n`;
        if (item === undefined) return '[undefined]';
        if (item && typeof item === 'object') {
          // An actor reference; JSON.stringify has already turned it into { xstate$$type, id }.
          if (
            'xstate$$type' in item ||
            (typeof (item as AnyActorRef).send === 'function' && 'sessionId' in item)
          ) {
            return `[actor ${(item as { id?: string }).id}]`;
          }
          if (item instanceof Error) return `[${item.name}: ${item.message}]`;
          if (item instanceof Map) return Object.fromEntries(item);
          if (item instanceof Set) return [...item];
          if (seen.has(item)) return '[circular]';
          seen.add(item);
        }
        return item;
      },
      2,
    ) ?? 'undefined'
  );
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  const flat = (v: unknown): string[] =>
    typeof v === 'string'
      ? [v]
      : Object.entries(v as Record<string, unknown>).flatMap(([key, child]) =>
          flat(child).map((rest) => `${key}.${rest}`),
        );
  return flat(value).join(', ');
}

/** The machine-graph id of a transition definition (src/inspector/statechart/machine-graph.ts). */
function transitionId(definition: AnyTransitionDefinition): string {
  const source = definition.source;
  const siblings: AnyTransitionDefinition[] =
    definition.eventType === ''
      ? ((source.always ?? []) as AnyTransitionDefinition[])
      : (source.transitions.get(definition.eventType) ?? []);
  return `${source.id}:${definition.eventType || 'always'}#${Math.max(0, siblings.indexOf(definition))}`;
}

export class InspectionRecorder {
  private readonly actors = new Map<string, RecordedActor>();
  private readonly listeners = new Set<Listener>();
  private readonly pendingTaken = new Map<string, string[]>();
  private seq = 0;
  private version = 0;

  /** Pass as the `inspect` option of createActor / useActorRef. */
  readonly inspect = (event: InspectionEvent): void => {
    const ref = event.actorRef as AnyActorRef & { logic?: unknown; systemId?: string };
    if (event.type === '@xstate.actor') {
      if (!isMachine(ref.logic) || this.actors.has(ref.sessionId)) return;
      this.actors.set(ref.sessionId, {
        sessionId: ref.sessionId,
        name: ref.systemId ?? ref.logic.id,
        machine: ref.logic,
        actorRef: ref,
        createdAt: Date.now(),
        history: [],
      });
      this.forgetStopped();
      this.changed();
      return;
    }
    const recorded = this.actors.get(ref.sessionId);
    if (!recorded) return;
    if (event.type === '@xstate.microstep') {
      const taken = this.pendingTaken.get(ref.sessionId) ?? [];
      taken.push(...event._transitions.map(transitionId));
      this.pendingTaken.set(ref.sessionId, taken);
      return;
    }
    if (event.type !== '@xstate.snapshot') return;
    const snapshot = event.snapshot as {
      value?: unknown;
      context?: unknown;
      status?: string;
      _nodes?: Array<{ id: string; type: string }>;
    };
    this.seq += 1;
    recorded.history.push({
      seq: this.seq,
      at: Date.now(),
      eventType: event.event.type,
      eventText: describeValue(event.event),
      value: valueText(snapshot.value),
      activeStates: (snapshot._nodes ?? []).map((node) => node.id),
      taken: this.pendingTaken.get(ref.sessionId) ?? [],
      context: describeValue(snapshot.context),
      status: snapshot.status ?? 'active',
    });
    this.pendingTaken.delete(ref.sessionId);
    if (recorded.history.length > HISTORY_LIMIT)
      recorded.history.splice(0, recorded.history.length - HISTORY_LIMIT);
    this.changed();
  };

  /** The recorded actors, oldest first; stopped ones stay listed until ACTOR_LIMIT is passed. */
  list(): RecordedActor[] {
    return [...this.actors.values()];
  }

  /** active, done, error or stopped (a page that made it was left). */
  statusOf(actor: RecordedActor): string {
    try {
      return (actor.actorRef.getSnapshot() as { status?: string } | undefined)?.status ?? 'active';
    } catch {
      // An actor still initialising cannot be read yet.
      return 'active';
    }
  }

  private forgetStopped(): void {
    for (const [sessionId, actor] of this.actors) {
      if (this.actors.size <= ACTOR_LIMIT) return;
      if (this.statusOf(actor) !== 'active') this.actors.delete(sessionId);
    }
  }

  get(sessionId: string): RecordedActor | undefined {
    return this.actors.get(sessionId);
  }

  /** Changes with every recorded event (for useSyncExternalStore). */
  getVersion = (): number => this.version;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
