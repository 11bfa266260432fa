// One accessibility check for every component test: axe-core run against what the test rendered.
import axe from 'axe-core';
import { expect, vi } from 'vitest';

/**
 * Rules switched off because happy-dom has no layout or rendering engine, so axe cannot evaluate them
 * and would report on made-up numbers. Contrast is covered by the token choices (see tokens.ts) and the
 * end-to-end checks in Chromium.
 */
const rulesHappyDomCannotEvaluate = {
  // Needs computed colours of painted pixels and the real background behind each text node.
  'color-contrast': { enabled: false },
  'color-contrast-enhanced': { enabled: false },
  // Needs element sizes and positions; happy-dom reports every box as 0 × 0.
  'target-size': { enabled: false },
};

/**
 * Runs axe on what the test rendered: by default every element in <body>, i.e. the test's container plus
 * anything portalled out of it (dialogs, menus, tooltips). Checking elements rather than the page leaves
 * out page-level rules (landmarks, title, lang), which belong to the app shell, not to a component.
 */
export async function expectNoAxeViolations(root?: Element): Promise<void> {
  // axe schedules its work with timers, which would never fire under fake timers and hang the test.
  if (vi.isFakeTimers())
    throw new Error('Switch back to real timers (vi.useRealTimers()) before the axe check.');
  const context = root ?? { include: Array.from(document.body.children) };
  const results = await axe.run(context, { rules: rulesHappyDomCannotEvaluate, resultTypes: ['violations'] });
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.html).join('\n  ')}`,
  );
  if (violations.length > 0) expect.fail(`Accessibility violations:\n${violations.join('\n')}`);
}
