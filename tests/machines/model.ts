// Model-based testing support: generates paths from a machine that take every transition of its
// state graph, runs them against the real component or actor, and measures state and transition coverage.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type InputFrom,
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
} from 'xstate';
import { type StatePath, TestModel, type TestParam } from 'xstate/graph';
import type { StateTag } from '@/machines/tags';

// Typed loosely inside: xstate's graph types don't follow a generic machine well.
type Snapshot<_M extends AnyStateMachine> = AnyMachineSnapshot;
type Event<M extends AnyStateMachine> = EventFromLogic<M>;
type Path<M extends AnyStateMachine> = StatePath<Snapshot<M>, Event<M>>;

export interface ModelOptions<M extends AnyStateMachine> {
  /** Concrete events for types that carry data (each variant is explored); other types are sent bare. */
  events?: { [K in Event<M>['type']]?: Array<Extract<Event<M>, { type: K }>> } & {
    // Done and error events of invoked actors (xstate.done.actor.<id>, xstate.error.actor.<id>).
    [doneOrError: `xstate.${string}`]: Array<{ type: string; output?: unknown; error?: unknown }>;
  };
  /** The part of the context that matters for which transitions are possible; the rest is ignored. */
  abstractContext?: (context: Snapshot<M>['context']) => unknown;
  input?: InputFrom<M>;
  /**
   * 'every-edge' (default) tests each transition of the abstract graph from each abstract state;
   * 'every-transition' tests each transition of the machine once, by its shortest path, plus the
   * shortest path to every abstract state: far fewer paths for a large machine, same coverage.
   */
  strategy?: 'every-edge' | 'every-transition';
}

export interface ModelPath<M extends AnyStateMachine> {
  description: string;
  path: Path<M>;
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

function describeEvent(type: string): string {
  // xstate.after.<delay>.<state id> reads better as "after <delay>".
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  return after ? `after ${after[1]}` : type;
}

function transitionName(source: AnyStateNode, eventType: string, index: number): string {
  return `${source.id} ─${describeEvent(eventType)}${index ? ` #${index + 1}` : ''}→`;
}

export class MachineModel<M extends AnyStateMachine> {
  readonly model: TestModel<Snapshot<M>, Event<M>, InputFrom<M>>;
  readonly paths: ModelPath<M>[];

  constructor(
    readonly machine: M,
    options: ModelOptions<M> = {},
  ) {
    const serialize = (snapshot: Snapshot<M>) =>
      JSON.stringify([snapshot.value, options.abstractContext?.(snapshot.context) ?? null]);
    this.model = new TestModel<Snapshot<M>, Event<M>, InputFrom<M>>(machine as never, {
      serializeState: serialize,
      serializeEvent: (event) => JSON.stringify(event),
      events: (snapshot) =>
        ownEventTypes(snapshot as AnyMachineSnapshot).flatMap(
          (type) =>
            (options.events as Record<string, Event<M>[]> | undefined)?.[type] ?? [{ type } as Event<M>],
        ),
      stateMatcher: (snapshot, key) =>
        key.startsWith('#')
          ? (snapshot as AnyMachineSnapshot)._nodes.includes(machine.getStateNodeById(key.slice(1)))
          : (snapshot as AnyMachineSnapshot).matches(key),
      // An abstraction that leaves the graph unbounded should fail loudly, not exhaust memory.
      limit: 20_000,
      ...(options.input === undefined ? {} : { input: options.input }),
    });
    this.paths = this.transitionPaths(serialize, options.strategy ?? 'every-edge');
  }

  /** The shortest path to every state of the graph, followed by each transition out of that state. */
  private transitionPaths(
    serialize: (snapshot: Snapshot<M>) => string,
    strategy: 'every-edge' | 'every-transition',
  ): ModelPath<M>[] {
    const shortest = new Map<string, Path<M>>();
    for (const path of this.model.getShortestPaths({ allowDuplicatePaths: true })) {
      shortest.set(serialize(path.state), path);
    }
    const candidates: Path<M>[] = strategy === 'every-transition' ? [...shortest.values()] : [];
    // For 'every-transition': the shortest path found so far that takes each transition definition.
    const byDefinition = new Map<unknown, Path<M>>();
    for (const [key, { transitions }] of Object.entries(this.model.getAdjacencyMap())) {
      const prefix = shortest.get(key);
      if (!prefix) continue;
      for (const { event, state } of Object.values(transitions) as Array<{
        event: Event<M>;
        state: Snapshot<M>;
      }>) {
        const path = { state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 };
        if (strategy === 'every-edge') {
          candidates.push(path);
          continue;
        }
        for (const definition of this.machine.getTransitionData(prefix.state as never, event as never)) {
          const known = byDefinition.get(definition);
          if (!known || known.steps.length > path.steps.length) byDefinition.set(definition, path);
        }
      }
    }
    candidates.push(...byDefinition.values());
    // A path that is the start of a longer one adds nothing: the longer one tests it on the way.
    const signature = (path: Path<M>) => path.steps.map((step) => JSON.stringify(step.event)).join('\n');
    const bySignature = new Map(candidates.map((path) => [signature(path), path]));
    const signatures = [...bySignature.keys()];
    return signatures
      .filter((sig) => !signatures.some((other) => other !== sig && other.startsWith(`${sig}\n`)))
      .map((sig) => {
        const path = bySignature.get(sig)!;
        const events = path.steps
          .map((step) => describeEvent(step.event.type))
          .filter((e) => e !== 'xstate.init');
        return { path, description: events.join(' → ') };
      });
  }

  /**
   * Runs one generated path: `states` checks the system after each step, `events` performs each event on
   * it; `tags` says which tags the system's own snapshot (`of`) has in each state, checked there too.
   */
  async run(
    path: ModelPath<M>,
    params: {
      // A check may return what its last expect() returned; only a thrown error counts.
      states?: Record<string, (snapshot: Snapshot<M>) => unknown>;
      events?: TestParam<Snapshot<M>, Event<M>>['events'];
      tags?: { of: () => AnyMachineSnapshot; expected: Record<string, StateTag[]> };
    },
  ): Promise<void> {
    const states = { ...params.states };
    for (const [key, tags] of Object.entries(params.tags?.expected ?? {})) {
      // A misspelt state would never be checked: getStateNodeById throws for it.
      this.machine.getStateNodeById(`${this.machine.id}.${key}`);
      const check = states[key];
      states[key] = async (snapshot) => {
        await check?.(snapshot);
        expect([...params.tags!.of().tags].sort(), `the tags in ${key}`).toEqual([...tags].sort());
      };
    }
    await this.model.testPath(path.path, { ...params, states } as TestParam<Snapshot<M>, Event<M>>);
  }

  /** Which states and transitions of the machine the generated paths take. */
  coverage(): Coverage {
    const nodes = allStateNodes(this.machine.root).filter((node) => node !== this.machine.root);
    const transitions = allStateNodes(this.machine.root).flatMap((node) =>
      [...node.transitions.entries()].flatMap(([eventType, list]) =>
        list.map((definition, index) => ({ definition, name: transitionName(node, eventType, index) })),
      ),
    );
    const visitedNodes = new Set<AnyStateNode>();
    const takenTransitions = new Set<unknown>();
    for (const { path } of this.paths) {
      let previous: AnyMachineSnapshot | undefined;
      for (const step of path.steps) {
        // The first step of every path is the machine starting (xstate.init): no transition is taken.
        if (previous) {
          for (const taken of this.machine.getTransitionData(previous as never, step.event as never)) {
            takenTransitions.add(taken);
          }
        }
        previous = step.state as AnyMachineSnapshot;
        for (const node of previous._nodes) visitedNodes.add(node);
      }
    }
    const missingStates = nodes.filter((node) => !visitedNodes.has(node)).map((node) => node.id);
    const missingTransitions = transitions
      .filter((t) => !takenTransitions.has(t.definition))
      .map((t) => t.name);
    return {
      states: { covered: nodes.length - missingStates.length, total: nodes.length, missing: missingStates },
      transitions: {
        covered: transitions.length - missingTransitions.length,
        total: transitions.length,
        missing: missingTransitions,
      },
    };
  }

  /**
   * Prints the coverage line for this machine and returns the figures; under `npm run test:machines`
   * (MACHINE_COVERAGE_DIR set) also writes them there for its table.
   */
  report(): Coverage {
    const result = this.coverage();
    const folder = process.env.MACHINE_COVERAGE_DIR;
    if (folder) {
      writeFileSync(
        join(folder, `${this.machine.id}.json`),
        JSON.stringify({ id: this.machine.id, ...result }),
      );
    }
    const pct = (c: { covered: number; total: number }) =>
      c.total === 0 ? 100 : Math.round((c.covered / c.total) * 1000) / 10;
    console.log(
      `[model] ${this.machine.id}: states ${result.states.covered}/${result.states.total} (${pct(result.states)} %), ` +
        `transitions ${result.transitions.covered}/${result.transitions.total} (${pct(result.transitions)} %)` +
        (result.states.missing.length || result.transitions.missing.length
          ? `; missing ${[...result.states.missing, ...result.transitions.missing].join(', ')}`
          : ''),
    );
    return result;
  }
}
