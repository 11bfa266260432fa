// Modal dialog parts on Ark Dialog: focus is trapped inside, Escape and the close button dismiss it,
// and focus returns to whatever opened it.
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { type ComponentProps, useRef } from 'react';
import { cx } from 'styled-system/css';
import { dialog } from 'styled-system/recipes';
import { useT } from '@/i18n';
import { Button } from './button';
import { CloseIcon } from './icons';
import { LayerContainerProvider } from './layer';
import { createStyleContext, useSlotClass } from './style-context';

const { withRootProvider, withContext, StyleContext } = createStyleContext(dialog);

const StyledRoot = withRootProvider(ArkDialog.Root);

/** Props of Ark's Dialog.Root (`open`, `onOpenChange`, `role`, `initialFocusEl`, …) plus `size`. */
export function Root(props: ComponentProps<typeof StyledRoot>) {
  // Closed dialogs render nothing, so pages full of row actions don't carry hidden markup.
  return <StyledRoot lazyMount unmountOnExit {...props} />;
}

export const Trigger = ArkDialog.Trigger;
export const Title = withContext(ArkDialog.Title, 'title');
export const Description = withContext(ArkDialog.Description, 'description');
export const Header = withContext('div', 'header');
export const Body = withContext('div', 'body');
export const Footer = withContext('div', 'footer');

/** The dialog box itself, rendered in a portal over a backdrop. */
export function Content({ className, children, ...props }: ComponentProps<typeof ArkDialog.Content>) {
  const backdrop = useSlotClass(StyleContext, 'backdrop');
  const positioner = useSlotClass(StyleContext, 'positioner');
  const content = useSlotClass(StyleContext, 'content');
  const element = useRef<HTMLDivElement>(null);
  return (
    <Portal>
      <ArkDialog.Backdrop className={backdrop} />
      <ArkDialog.Positioner className={positioner}>
        <ArkDialog.Content {...props} ref={element} className={cx(content, className)}>
          <LayerContainerProvider container={element}>{children}</LayerContainerProvider>
        </ArkDialog.Content>
      </ArkDialog.Positioner>
    </Portal>
  );
}

/** The × in the corner. Its label is what a screen reader says, so keep it a verb. */
export function CloseTrigger({ label, className }: { label?: string; className?: string }) {
  const t = useT();
  const slot = useSlotClass(StyleContext, 'closeTrigger');
  return (
    <ArkDialog.CloseTrigger asChild>
      <Button variant="ghost" size="sm" aria-label={label ?? t('ui.close')} className={cx(slot, className)}>
        <CloseIcon />
      </Button>
    </ArkDialog.CloseTrigger>
  );
}

/** Closes the dialog when pressed; wrap a Button: `<Dialog.Close asChild><Button>Cancel</Button></Dialog.Close>`. */
export const Close = ArkDialog.CloseTrigger;
