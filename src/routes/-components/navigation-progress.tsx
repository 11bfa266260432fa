// The app root's progress bar: a 2 px line at the top, driven by the progress bar machine.
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ActorRefFrom } from 'xstate';
import type { progressBarMachine } from '@/machines/progress-bar';

const bar = css({
  position: 'fixed',
  top: '0',
  left: '0',
  height: 'progressBar',
  zIndex: 'max',
  pointerEvents: 'none',
  bg: 'accent.brand',
  transition: 'width token(durations.progressWidth), opacity token(durations.progressOpacity)',
  '&[data-state=failed]': { bg: 'danger.brand' },
  // A fresh start jumps back to 0 instead of sliding there.
  '&[data-restarting]': { transition: 'opacity token(durations.progressOpacity)' },
});

export function NavigationProgress({ actor }: { actor: ActorRefFrom<typeof progressBarMachine> }) {
  const state = useSelector(actor, (s) => s.value);
  const progress = useSelector(actor, (s) => s.context.progress);
  const shown = state !== 'idle';
  return (
    <div
      // Decorative for assistive technology: the new page's title and heading say the navigation happened,
      // and a failure is announced by its toast.
      role="progressbar"
      aria-hidden="true"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      data-state={state}
      data-visible={shown}
      data-restarting={progress === 0 ? '' : undefined}
      className={bar}
      style={{ width: `${progress}%`, opacity: shown ? 1 : 0 }}
    />
  );
}
