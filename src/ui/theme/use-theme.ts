import { useSyncExternalStore } from 'react';
import {
  getThemeState,
  setThemePreference,
  subscribeTheme,
  type ThemePreference,
  type ThemeState,
} from './theme';

export interface UseThemeResult extends ThemeState {
  setPreference: (preference: ThemePreference) => void;
}

/** The current theme preference and what it resolves to, updated when the system or another tab changes it. */
export function useTheme(): UseThemeResult {
  const state = useSyncExternalStore(subscribeTheme, getThemeState, getThemeState);
  return { ...state, setPreference: setThemePreference };
}
