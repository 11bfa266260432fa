// Development only: the Stately inspector, switched on with ?inspect=stately (or any ?inspect value).
// It opens a hosted page, so it is loaded on demand and a failure to reach it never stops the console.
import type { InspectionEvent } from 'xstate';

export type Inspect = (event: InspectionEvent) => void;

export async function createInspectorIfRequested(): Promise<Inspect | undefined> {
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
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
