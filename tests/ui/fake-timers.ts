// Fake timers that work with Testing Library: for delays such as the tooltip's 700 ms and the copy marker.

import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * Switches to fake timers and returns a user-event instance driven by them. Testing Library flushes its
 * work with a zero-delay timer and only advances the fake clock when it sees Jest, so Vitest's clock is
 * offered under that name; without it every user-event call would wait forever.
 */
export function setupWithFakeTimers() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

export function restoreRealTimers() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** Lets `ms` of fake time pass, with React applying whatever the timers changed. */
export async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
