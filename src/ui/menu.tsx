// Action menus on Ark Menu: arrow keys move, typing jumps to an item, Escape closes and returns focus.
import { Menu as ArkMenu } from '@ark-ui/react/menu';
import type { ComponentProps } from 'react';
import { cx } from 'styled-system/css';
import { menu } from 'styled-system/recipes';
import { Layer } from './layer';
import { createStyleContext, useSlotClass } from './style-context';

const { withRootProvider, withContext, StyleContext } = createStyleContext(menu);

/** Props of Ark's Menu.Root: `open`, `onOpenChange`, `onSelect`, `positioning`, … */
export const Root = withRootProvider(ArkMenu.Root);

/** Wrap a Button: `<Menu.Trigger asChild><Button variant="outline">Actions</Button></Menu.Trigger>`. */
export const Trigger = ArkMenu.Trigger;

export function Content({ className, ...props }: ComponentProps<typeof ArkMenu.Content>) {
  const positioner = useSlotClass(StyleContext, 'positioner');
  const content = useSlotClass(StyleContext, 'content');
  return (
    <Layer>
      <ArkMenu.Positioner className={positioner}>
        <ArkMenu.Content {...props} className={cx(content, className)} />
      </ArkMenu.Positioner>
    </Layer>
  );
}

export interface ItemProps extends ComponentProps<typeof ArkMenu.Item> {
  /** Red text for destructive actions (the action itself should still ask for confirmation). */
  danger?: boolean;
}

/**
 * One action: `<Menu.Item value="reboot" onSelect={reboot}>Reboot</Menu.Item>`.
 * As a link: `<Menu.Item value="settings" asChild><Link to="/settings">Settings</Link></Menu.Item>`;
 * Enter on a highlighted link clicks it, so the router's own click handling runs.
 */
export function Item({ danger, className, ...props }: ItemProps) {
  const slot = useSlotClass(StyleContext, 'item');
  return (
    <ArkMenu.Item {...props} data-tone={danger ? 'danger' : undefined} className={cx(slot, className)} />
  );
}

export const Separator = withContext(ArkMenu.Separator, 'separator');
export const ItemGroup = withContext(ArkMenu.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(ArkMenu.ItemGroupLabel, 'itemGroupLabel');
