// The hosted Stately inspector, with ?inspect=stately: it opens Stately's page, so it needs the internet; it
// is loaded on demand and a failure to reach it never stops the console.
import type { InspectionEvent } from 'xstate';

export type Inspect = (event: InspectionEvent) => void;

export async function createStatelyInspector(): Promise<Inspect | undefined> {
  try {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector({ autoStart: true }).inspect as Inspect;
  } catch (error) {
    console.warn(
      'The Stately inspector could not start (offline?); the console carries on without it.',
      error,
    );
    return undefined;
  }
}
