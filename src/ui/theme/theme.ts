// The colour theme: light, dark or following the system, shown by the `dark` class on <html> and
// remembered in localStorage. public/theme-init.js applies the same rule before first paint.
import { readStorage, writeStorage } from '@/services/storage';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export interface ThemeState {
  preference: ThemePreference;
  /** What is on screen: the preference, or the system's answer while the preference is "system". */
  resolved: ResolvedTheme;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  try {
    return typeof window === 'undefined' ? null : (window.matchMedia?.(DARK_QUERY) ?? null);
  } catch {
    return null;
  }
}

export function readThemePreference(): ThemePreference {
  return readStorage('theme') ?? 'system';
}

export function resolveTheme(preference: ThemePreference): ResolvedTheme {
  if (preference !== 'system') return preference;
  return darkQuery()?.matches ? 'dark' : 'light';
}

export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  // Lets the browser draw scrollbars and form controls to match.
  root.style.colorScheme = theme;
}

let state: ThemeState | null = null;
let watchers = 0;
let stopWatching: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Updates the cached state; keeps the same object when nothing changed so React can skip re-rendering. */
function remember(preference: ThemePreference): boolean {
  const resolved = resolveTheme(preference);
  if (state?.preference === preference && state.resolved === resolved) return false;
  state = { preference, resolved };
  return true;
}

/** `reapply` puts the class back even when nothing changed, in case something else touched <html>. */
function refresh(preference: ThemePreference, reapply = false): void {
  const changed = remember(preference);
  if (state && (changed || reapply)) applyTheme(state.resolved);
  if (changed) for (const listener of listeners) listener();
}

export function getThemeState(): ThemeState {
  // Unwatched, storage or the system may have changed behind our back, so read them afresh.
  if (!state || watchers === 0) remember(readThemePreference());
  return state as ThemeState;
}

export function setThemePreference(preference: ThemePreference): void {
  writeStorage('theme', preference);
  refresh(preference, true);
}

/**
 * Follows the system setting while the preference is "system", and choices made in other tabs.
 * Reference-counted: returns a function that stops watching once every caller has released it.
 */
export function watchTheme(): () => void {
  watchers += 1;
  if (watchers === 1) {
    const query = darkQuery();
    const onSystemChange = () => {
      if (state?.preference === 'system') refresh('system');
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'theme') refresh(readThemePreference());
    };
    query?.addEventListener('change', onSystemChange);
    const win = typeof window === 'undefined' ? null : window;
    win?.addEventListener('storage', onStorage);
    stopWatching = () => {
      query?.removeEventListener('change', onSystemChange);
      win?.removeEventListener('storage', onStorage);
    };
    refresh(readThemePreference(), true);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    watchers -= 1;
    if (watchers === 0) {
      stopWatching?.();
      stopWatching = null;
    }
  };
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  const release = watchTheme();
  return () => {
    listeners.delete(listener);
    release();
  };
}

/** For main.tsx: applies the theme and keeps following the system for the life of the app. */
export function initTheme(): () => void {
  return watchTheme();
}
