// Tabs on Ark Tabs: arrow keys move between tabs, Tab moves into the panel.
import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { tabs } from 'styled-system/recipes';
import { createStyleContext } from './style-context';

const { withProvider, withContext } = createStyleContext(tabs);

/** Props of Ark's Tabs.Root: `value`/`defaultValue`, `onValueChange`, `activationMode`, … */
export const Root = withProvider(ArkTabs.Root, 'root');
export const List = withContext(ArkTabs.List, 'list');
/** Needs a `value` matching a Content's `value`. */
export const Trigger = withContext(ArkTabs.Trigger, 'trigger');
export const Content = withContext(ArkTabs.Content, 'content');
