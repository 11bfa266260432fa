// The design system: import components from here, e.g. `import { Button, Dialog } from './'`.
export { Alert, type AlertProps, type AlertTone } from './alert';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Button, type ButtonProps, buttonRecipe } from './button';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { CopyButton, type CopyButtonProps } from './copy-button';
export * as Dialog from './dialog';
export { EmptyState, type EmptyStateProps } from './empty-state';
export * as Field from './field';
export * from './icons';
export * as Menu from './menu';
export { Progress, type ProgressProps } from './progress';
export { Select, type SelectItem, type SelectProps } from './select';
export { Skeleton, type SkeletonProps, SkeletonText, type SkeletonTextProps } from './skeleton';
export { Spinner, type SpinnerProps } from './spinner';
export * as Table from './table';
export * as Tabs from './tabs';
export { Text, type TextKind, type TextProps, textRecipe } from './text';
export { TextareaField, type TextareaFieldProps, TextField, type TextFieldProps } from './text-field';
export {
  applyTheme,
  getThemeState,
  initTheme,
  type ResolvedTheme,
  readThemePreference,
  setThemePreference,
  type ThemePreference,
  type ThemeState,
} from './theme/theme';
export { type UseThemeResult, useTheme } from './theme/use-theme';
export { ThemeSwitcher, type ThemeSwitcherProps } from './theme-switcher';
export * from './toast';
export {
  defaultTooltipTiming,
  Tooltip,
  type TooltipPlacement,
  type TooltipProps,
  type TooltipTiming,
  TooltipTimingContext,
} from './tooltip';
export { VisuallyHidden } from './visually-hidden';
