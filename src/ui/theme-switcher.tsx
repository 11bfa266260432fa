// Light / Dark / System as a radio group: arrow keys move between the three, the choice applies at once.
import { SegmentGroup } from '@ark-ui/react/segment-group';
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { segmentGroup } from 'styled-system/recipes';
import { type MessageId, useT } from '@/i18n';
import { MonitorIcon, MoonIcon, SunIcon } from './icons';
import type { ThemePreference } from './theme/theme';
import { useTheme } from './theme/use-theme';
import { VisuallyHidden } from './visually-hidden';

const options: { value: ThemePreference; label: MessageId; icon: ReactNode }[] = [
  { value: 'light', label: 'theme.light', icon: <SunIcon /> },
  { value: 'dark', label: 'theme.dark', icon: <MoonIcon /> },
  { value: 'system', label: 'theme.system', icon: <MonitorIcon /> },
];

function isPreference(value: string | null): value is ThemePreference {
  return options.some((option) => option.value === value);
}

export interface ThemeSwitcherProps {
  label?: string;
  /** Keeps the group's label for screen readers only, e.g. in a compact header menu. */
  hideLabel?: boolean;
  className?: string;
}

export function ThemeSwitcher({ label: given, hideLabel = false, className }: ThemeSwitcherProps) {
  const t = useT();
  const label = given ?? t('theme.label');
  const { preference, setPreference } = useTheme();
  const classes = segmentGroup();
  return (
    <SegmentGroup.Root
      value={preference}
      onValueChange={({ value }) => {
        if (isPreference(value)) setPreference(value);
      }}
      className={cx(classes.root, className)}
    >
      <SegmentGroup.Label className={classes.label}>
        {hideLabel ? <VisuallyHidden>{label}</VisuallyHidden> : label}
      </SegmentGroup.Label>
      {options.map((option) => (
        <SegmentGroup.Item key={option.value} value={option.value} className={classes.item}>
          {option.icon}
          <SegmentGroup.ItemText className={classes.itemText}>{t(option.label)}</SegmentGroup.ItemText>
          <SegmentGroup.ItemControl className={classes.itemControl} />
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}
