// Lays a statechart out with ELK's layered algorithm (elkjs, computed locally: no network), nested states
// drawn inside their parents. Text is measured by a fixed estimate, not by a browser, so the same machine
// always gives the same picture — in Node for docs/machines and in the inspector panel.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { allStates, type ChartState, type MachineChart } from './machine-graph';

export interface Point {
  x: number;
  y: number;
}

export interface PlacedState {
  id: string;
  /** The state's key; the machine's id for the root. */
  label: string;
  /** The actors it invokes, one line each under its name. */
  invoke: string[];
  type: ChartState['type'];
  compound: boolean;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedTransition {
  id: string;
  /** The transition (machine-graph's id) it draws; one per target. */
  transitionId: string;
  source: string;
  target: string;
  points: Point[];
  label: { text: string; x: number; y: number; width: number; height: number };
}

export interface PlacedInitial {
  /** The compound state whose initial child it points at. */
  parent: string;
  center: Point;
  points: Point[];
}

export interface ChartLayout {
  width: number;
  height: number;
  states: PlacedState[];
  transitions: PlacedTransition[];
  initials: PlacedInitial[];
}

export const CHAR_WIDTH = 7;
export const SMALL_CHAR_WIDTH = 6;
const LINE = 16;
const HEADER = 30;
const PAD = 14;
const INITIAL_SIZE = 10;

export function transitionText(transition: { event: string; guard: string | null }): string {
  return transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
}

function leafSize(state: ChartState): { width: number; height: number } {
  const lines = [state.key, ...state.invoke.map((src) => `invoke ${src}`)];
  const widest = Math.max(...lines.map((line, i) => line.length * (i === 0 ? CHAR_WIDTH : SMALL_CHAR_WIDTH)));
  return { width: Math.max(72, widest + 2 * PAD), height: 34 + state.invoke.length * LINE };
}

const elk = new ELK();

export async function layoutChart(chart: MachineChart): Promise<ChartLayout> {
  const depthOf = new Map<string, number>();
  const toNode = (state: ChartState, depth: number): ElkNode => {
    depthOf.set(state.id, depth);
    const compound = state.children.length > 0;
    if (!compound) return { id: state.id, ...leafSize(state) };
    const children = state.children.map((child) => toNode(child, depth + 1));
    if (state.initial)
      children.unshift({ id: `${state.id}::initial`, width: INITIAL_SIZE, height: INITIAL_SIZE });
    const header = HEADER + state.invoke.length * LINE;
    return {
      id: state.id,
      children,
      layoutOptions: { 'elk.padding': `[top=${header},left=${PAD},bottom=${PAD},right=${PAD}]` },
    };
  };
  const edges: ElkExtendedEdge[] = [];
  for (const state of allStates(chart)) {
    if (state.initial) {
      edges.push({
        id: `${state.id}::initial-edge`,
        sources: [`${state.id}::initial`],
        targets: [state.initial],
      });
    }
  }
  for (const transition of chart.transitions) {
    transition.targets.forEach((target, index) => {
      const text = transitionText(transition);
      edges.push({
        id: `${transition.id}>${index}`,
        sources: [transition.source],
        targets: [target],
        labels: [
          {
            id: `${transition.id}>${index}:label`,
            text,
            width: text.length * SMALL_CHAR_WIDTH + 8,
            height: 14,
          },
        ],
      });
    });
  }
  const graph: ElkNode = {
    id: '::graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [toNode(chart.root, 0)],
    edges,
  };
  const result = await elk.layout(graph);

  const states: PlacedState[] = [];
  const initials = new Map<string, Point>();
  const byId = new Map(allStates(chart).map((state) => [state.id, state]));
  const visit = (node: ElkNode) => {
    const state = byId.get(node.id);
    if (state) {
      states.push({
        id: state.id,
        label: state.key,
        invoke: state.invoke,
        type: state.type,
        compound: state.children.length > 0,
        depth: depthOf.get(state.id) ?? 0,
        x: round(node.x),
        y: round(node.y),
        width: round(node.width),
        height: round(node.height),
      });
    } else if (node.id.endsWith('::initial')) {
      initials.set(node.id.slice(0, -'::initial'.length), {
        x: round((node.x ?? 0) + INITIAL_SIZE / 2),
        y: round((node.y ?? 0) + INITIAL_SIZE / 2),
      });
    }
    for (const child of node.children ?? []) visit(child);
  };
  for (const child of result.children ?? []) visit(child);

  const edgesOut: ElkExtendedEdge[] = [];
  const collectEdges = (node: ElkNode) => {
    edgesOut.push(...(node.edges ?? []));
    for (const child of node.children ?? []) collectEdges(child);
  };
  collectEdges(result);
  const pointsOf = (edge: ElkExtendedEdge): Point[] =>
    (edge.sections ?? [])
      .flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint])
      .map((point) => ({ x: round(point.x), y: round(point.y) }));

  const transitions: PlacedTransition[] = [];
  const placedInitials: PlacedInitial[] = [];
  for (const edge of edgesOut) {
    if (edge.id.endsWith('::initial-edge')) {
      const parent = edge.id.slice(0, -'::initial-edge'.length);
      placedInitials.push({ parent, center: initials.get(parent) ?? { x: 0, y: 0 }, points: pointsOf(edge) });
      continue;
    }
    const label = edge.labels?.[0];
    const transitionId = edge.id.slice(0, edge.id.lastIndexOf('>'));
    transitions.push({
      id: edge.id,
      transitionId,
      source: edge.sources[0]!,
      target: edge.targets[0]!,
      points: pointsOf(edge),
      label: {
        text: label?.text ?? '',
        x: round(label?.x),
        y: round(label?.y),
        width: round(label?.width),
        height: round(label?.height),
      },
    });
  }
  return {
    width: round(result.width),
    height: round(result.height),
    states,
    transitions,
    initials: placedInitials,
  };
}

function round(value: number | undefined): number {
  return Math.round((value ?? 0) * 10) / 10;
}
