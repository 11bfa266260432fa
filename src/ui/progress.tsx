// A determinate (or indeterminate) progress bar for uploads and long tasks, with a label and a value.
// Not the navigation bar at the top of the page: that one has its own machine and view.
import { Progress as ArkProgress } from '@ark-ui/react/progress';
import { type ReactNode, useId } from 'react';
import { cx } from 'styled-system/css';
import { type ProgressVariantProps, progress } from 'styled-system/recipes';

export interface ProgressProps extends ProgressVariantProps {
  label: ReactNode;
  /** Current value between min and max; `null` while the amount of work is unknown. */
  value: number | null;
  min?: number;
  max?: number;
  /** What the value means in words, e.g. "3.2 of 8 MB"; defaults to a percentage. */
  valueText?: string;
  className?: string;
}

export function Progress({ label, value, min = 0, max = 100, valueText, tone, className }: ProgressProps) {
  const classes = progress({ tone });
  const labelId = useId();
  return (
    <ArkProgress.Root
      value={value}
      min={min}
      max={max}
      ids={{ label: labelId }}
      className={cx(classes.root, className)}
    >
      <ArkProgress.Label className={classes.label}>{label}</ArkProgress.Label>
      {/* Not a live region: announcing every percent would drown out everything else. The bar's value
          is read when the user reaches it, and the caller announces completion or failure. */}
      <ArkProgress.ValueText className={classes.valueText} aria-live="off">
        {valueText}
      </ArkProgress.ValueText>
      {/* Ark names the bar by its value ("45%"); naming it by the label says what is progressing. */}
      <ArkProgress.Track className={classes.track} aria-labelledby={labelId} aria-valuetext={valueText}>
        <ArkProgress.Range className={classes.range} />
      </ArkProgress.Track>
    </ArkProgress.Root>
  );
}
