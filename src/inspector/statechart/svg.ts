// A laid-out statechart as SVG text: nested states as rounded boxes, transitions as arrows labelled with
// their event and guard, a dot for each initial state, and — in the inspector — the active states
// highlighted. Presentation attributes only (no style element or attribute), so the console's strict
// Content-Security-Policy accepts it inline.
import type { ChartLayout, PlacedState, Point } from './layout';

export interface SvgOptions {
  /** State ids to highlight (the inspector's current state and its ancestors). */
  active?: ReadonlySet<string>;
  /** The transition ids (machine-graph's) to highlight: the one just taken. */
  taken?: ReadonlySet<string>;
  /** Unique per page when several charts are inlined in one document (marker ids). */
  idPrefix?: string;
  title: string;
}

const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const COLORS = {
  text: '#0f172a',
  muted: '#475569',
  edge: '#64748b',
  leafFill: '#ffffff',
  leafStroke: '#64748b',
  compoundFill: ['#f8fafc', '#f1f5f9'],
  compoundStroke: '#94a3b8',
  activeFill: '#dbeafe',
  activeStroke: '#1d4ed8',
  takenEdge: '#1d4ed8',
  labelBackground: '#ffffff',
};

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function pathOf(points: Point[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
}

function stateSvg(state: PlacedState, active: boolean): string {
  // An active parent is outlined; the active leaf (where the machine is) is filled as well.
  const fill = state.compound
    ? COLORS.compoundFill[state.depth % 2]!
    : active
      ? COLORS.activeFill
      : COLORS.leafFill;
  const stroke = active ? COLORS.activeStroke : state.compound ? COLORS.compoundStroke : COLORS.leafStroke;
  const width = active ? 2 : 1;
  const parts = [
    `<g data-state="${escapeXml(state.id)}"${active ? ' data-active="true"' : ''}>`,
    `<rect x="${state.x}" y="${state.y}" width="${state.width}" height="${state.height}" rx="8" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`,
  ];
  if (state.type === 'final') {
    parts.push(
      `<rect x="${state.x + 3}" y="${state.y + 3}" width="${state.width - 6}" height="${state.height - 6}" rx="6" fill="none" stroke="${stroke}"/>`,
    );
  }
  const label = state.type === 'parallel' ? `${state.label} (parallel)` : state.label;
  if (state.compound) {
    parts.push(
      `<text x="${state.x + 12}" y="${state.y + 19}" font-size="12" font-weight="600" fill="${COLORS.text}">${escapeXml(label)}</text>`,
    );
    state.invoke.forEach((src, index) => {
      parts.push(
        `<text x="${state.x + 12}" y="${state.y + 35 + index * 16}" font-size="10.5" fill="${COLORS.muted}">invoke ${escapeXml(src)}</text>`,
      );
    });
  } else {
    parts.push(
      `<text x="${state.x + state.width / 2}" y="${state.y + 21}" font-size="12" text-anchor="middle" fill="${COLORS.text}">${escapeXml(label)}</text>`,
    );
    state.invoke.forEach((src, index) => {
      parts.push(
        `<text x="${state.x + state.width / 2}" y="${state.y + 37 + index * 16}" font-size="10.5" text-anchor="middle" fill="${COLORS.muted}">invoke ${escapeXml(src)}</text>`,
      );
    });
  }
  parts.push('</g>');
  return parts.join('');
}

export function chartSvg(layout: ChartLayout, options: SvgOptions): string {
  const prefix = options.idPrefix ?? 'chart';
  const active = options.active ?? new Set<string>();
  const taken = options.taken ?? new Set<string>();
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-labelledby="${prefix}-title" font-family="${FONT}">`,
    `<title id="${prefix}-title">${escapeXml(options.title)}</title>`,
    '<defs>',
    `<marker id="${prefix}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${COLORS.edge}"/></marker>`,
    `<marker id="${prefix}-arrow-taken" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${COLORS.takenEdge}"/></marker>`,
    '</defs>',
    `<rect width="${layout.width}" height="${layout.height}" fill="#ffffff"/>`,
  ];
  const states = [...layout.states].sort((a, b) => a.depth - b.depth);
  for (const state of states) out.push(stateSvg(state, active.has(state.id)));
  for (const initial of layout.initials) {
    out.push(
      `<circle cx="${initial.center.x}" cy="${initial.center.y}" r="5" fill="${COLORS.text}"/>`,
      `<path d="${pathOf(initial.points)}" fill="none" stroke="${COLORS.text}" marker-end="url(#${prefix}-arrow)"/>`,
    );
  }
  for (const transition of layout.transitions) {
    const isTaken = taken.has(transition.transitionId);
    const color = isTaken ? COLORS.takenEdge : COLORS.edge;
    out.push(
      `<g data-transition="${escapeXml(transition.transitionId)}"${isTaken ? ' data-taken="true"' : ''}>`,
      `<path d="${pathOf(transition.points)}" fill="none" stroke="${color}" stroke-width="${isTaken ? 2 : 1.2}" marker-end="url(#${prefix}-arrow${isTaken ? '-taken' : ''})"/>`,
    );
    const { label } = transition;
    if (label.text) {
      out.push(
        `<rect x="${label.x - 2}" y="${label.y - 1}" width="${label.width}" height="${label.height + 2}" rx="3" fill="${COLORS.labelBackground}" fill-opacity="0.85"/>`,
        `<text x="${label.x + 2}" y="${label.y + 11}" font-size="10.5" fill="${isTaken ? COLORS.takenEdge : COLORS.muted}">${escapeXml(label.text)}</text>`,
      );
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
