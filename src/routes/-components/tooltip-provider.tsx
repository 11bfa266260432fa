// The app root's tooltip provider: gives every Tooltip the tooltip machine's current open delay
// (700 ms, or none during the 300 ms skip window) and reports opens and closes back to the machine.
import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type TooltipState, type tooltipMachine, tooltipOpenDelay } from '@/machines/tooltip';
import { type TooltipTiming, TooltipTimingContext } from '@/ui/tooltip-timing';

export function TooltipProvider({
  actor,
  children,
}: {
  actor: ActorRefFrom<typeof tooltipMachine>;
  children: ReactNode;
}) {
  const state = useSelector(actor, (s) => s.value as TooltipState);
  const timing = useMemo<TooltipTiming>(
    () => ({
      openDelay: tooltipOpenDelay(state),
      closeDelay: 0,
      onOpenChange: (open) => actor.send({ type: open ? 'tooltip.opened' : 'tooltip.closed' }),
    }),
    [state, actor],
  );
  return <TooltipTimingContext.Provider value={timing}>{children}</TooltipTimingContext.Provider>;
}
