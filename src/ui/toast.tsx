// The toast card: what a notification looks like. Timing, replacement and dismissal live in the
// toast machine (src/machines/toast); this component only renders and reports the user's gestures.
import { type PointerEvent, type Ref, useRef } from 'react';
import { toast } from 'styled-system/recipes';
import { useT } from '@/i18n';

export type ToastTone = (typeof toast.variantMap.tone)[number];

export interface ToastCardProps {
  title: string;
  description?: string | undefined;
  tone: ToastTone;
  /** How far the card is dragged to the right, in px. */
  swipeOffset: number;
  onDismiss: () => void;
  onPause: () => void;
  onResume: () => void;
  onSwipeMove: (dx: number) => void;
  onSwipeEnd: (dx: number) => void;
  ref?: Ref<HTMLLIElement>;
}

export function ToastCard({
  title,
  description,
  tone,
  swipeOffset,
  onDismiss,
  onPause,
  onResume,
  onSwipeMove,
  onSwipeEnd,
  ref,
}: ToastCardProps) {
  const t = useT();
  const classes = toast({ tone });
  const start = useRef<number | null>(null);
  const moved = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    moved.current = false;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    if (!moved.current && Math.abs(dx) < 2) return;
    moved.current = true;
    onSwipeMove(dx);
  };
  const onPointerUp = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    start.current = null;
    if (moved.current) onSwipeEnd(dx);
  };

  return (
    // An item of the toast area's list, which is the live region that reads it out.
    <li
      ref={ref}
      tabIndex={-1}
      data-tone={tone}
      data-swiping={swipeOffset > 0 ? '' : undefined}
      className={classes.root}
      style={{ transform: `translateX(${swipeOffset}px)`, opacity: Math.max(0.2, 1 - swipeOffset / 200) }}
      onPointerEnter={onPause}
      onPointerLeave={onResume}
      onFocus={onPause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onResume();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
    >
      <div className={classes.content}>
        <p className={classes.title}>{title}</p>
        {description ? <p className={classes.description}>{description}</p> : null}
      </div>
      <button
        type="button"
        className={classes.dismiss}
        aria-label={t('shell.toast.dismiss')}
        onClick={onDismiss}
      >
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
