// A short hint on hover or keyboard focus. Its timing comes from the app's tooltip provider (SPEC §9).
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import { type ReactElement, type ReactNode, useContext, useEffect, useRef } from 'react';
import { tooltip } from 'styled-system/recipes';
import { Layer } from './layer';
import { TooltipTimingContext } from './tooltip-timing';

export { type TooltipTiming, TooltipTimingContext } from './tooltip-timing';

export type TooltipPlacement =
  | 'top'
  | 'bottom'
  | 'left'
  | 'right'
  | 'top-start'
  | 'top-end'
  | 'bottom-start'
  | 'bottom-end';

export interface TooltipProps {
  /** The hint. Keep it short and never the only place important information lives. */
  content: ReactNode;
  /** The trigger: one focusable element (a Button, a link) that accepts props and a ref. */
  children: ReactElement;
  placement?: TooltipPlacement;
  disabled?: boolean;
}

export function Tooltip({ content, children, placement = 'top', disabled }: TooltipProps) {
  const timing = useContext(TooltipTimingContext);
  const classes = tooltip();
  const isOpen = useRef(false);
  const notify = useRef(timing.onOpenChange);
  useEffect(() => {
    notify.current = timing.onOpenChange;
  });
  // The provider counts open tooltips; one unmounted while open (e.g. its row deleted) must still close.
  useEffect(
    () => () => {
      if (isOpen.current) notify.current?.(false);
    },
    [],
  );

  return (
    <ArkTooltip.Root
      openDelay={timing.openDelay}
      closeDelay={timing.closeDelay}
      positioning={{ placement }}
      disabled={disabled}
      lazyMount
      unmountOnExit
      onOpenChange={({ open }) => {
        if (isOpen.current === open) return;
        isOpen.current = open;
        timing.onOpenChange?.(open);
      }}
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Layer>
        <ArkTooltip.Positioner className={classes.positioner}>
          <ArkTooltip.Content className={classes.content}>{content}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Layer>
    </ArkTooltip.Root>
  );
}
