// The design system: import components from here, e.g. `import { Button, Dialog } from './'`.
export { Alert } from './alert';
export { Badge, type BadgeTone } from './badge';
export { Button, buttonRecipe } from './button';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { CopyButton } from './copy-button';
export * as Dialog from './dialog';
export { EmptyState } from './empty-state';
export * as Field from './field';
export * from './icons';
export * as Menu from './menu';
export { Progress } from './progress';
export { Select, type SelectItem } from './select';
export { Skeleton, SkeletonText } from './skeleton';
export { Spinner } from './spinner';
export * as Table from './table';
export * as Tabs from './tabs';

export { TextareaField, TextField } from './text-field';

export { useTheme } from './theme/use-theme';
export { ThemeSwitcher } from './theme-switcher';
export * from './toast';
export {
  Tooltip,
  type TooltipTiming,
  TooltipTimingContext,
} from './tooltip';
export { VisuallyHidden } from './visually-hidden';
