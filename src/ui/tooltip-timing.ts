// How long tooltips wait before opening: given by the app's tooltip provider (a machine) to every
// Tooltip. Its own file so the app root can provide it without loading the tooltip component itself.
import { createContext } from 'react';

export interface TooltipTiming {
  openDelay: number;
  closeDelay: number;
  /** Told every time a tooltip opens or closes, so the provider can run the skip-delay window. */
  onOpenChange?: (open: boolean) => void;
}

/** SPEC §9: a tooltip opens after 700 ms. Without a provider every tooltip waits the full delay. */
export const defaultTooltipTiming: TooltipTiming = { openDelay: 700, closeDelay: 0 };

export const TooltipTimingContext = createContext<TooltipTiming>(defaultTooltipTiming);
