// Every recipe of the design system, registered in panda.config.ts.
import { alertRecipe } from './alert';
import { badgeRecipe } from './badge';
import { buttonRecipe } from './button';
import { choiceCardsRecipe } from './choice-cards';
import { dialogRecipe } from './dialog';
import { emptyStateRecipe } from './empty-state';
import { fieldRecipe } from './field';
import { menuRecipe } from './menu';
import { phoneFieldRecipe } from './phone-field';
import { progressRecipe } from './progress';
import { segmentGroupRecipe } from './segment-group';
import { selectRecipe } from './select';
import { skeletonRecipe } from './skeleton';
import { spinnerRecipe } from './spinner';
import { tabNavRecipe } from './tab-nav';
import { tableRecipe } from './table';
import { tabsRecipe } from './tabs';
import { tagInputRecipe } from './tag-input';
import { textRecipe } from './text';
import { toastRecipe } from './toast';
import { tooltipRecipe } from './tooltip';
import { virtualTableRecipe } from './virtual-table';

export const recipes = {
  button: buttonRecipe,
  badge: badgeRecipe,
  spinner: spinnerRecipe,
  skeleton: skeletonRecipe,
  text: textRecipe,
};

export const slotRecipes = {
  field: fieldRecipe,
  select: selectRecipe,
  dialog: dialogRecipe,
  tabs: tabsRecipe,
  table: tableRecipe,
  tooltip: tooltipRecipe,
  progress: progressRecipe,
  menu: menuRecipe,
  emptyState: emptyStateRecipe,
  segmentGroup: segmentGroupRecipe,
  phoneField: phoneFieldRecipe,
  alert: alertRecipe,
  toast: toastRecipe,
  choiceCards: choiceCardsRecipe,
  tagInput: tagInputRecipe,
  virtualTable: virtualTableRecipe,
  tabNav: tabNavRecipe,
};
