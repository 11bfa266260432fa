// The toast card: what a notification looks like. Timing, replacement and dismissal live in the
// toast machine (src/machines/toast); this component only renders and reports the user's gestures.
import { type PointerEvent, type Ref, useRef } from 'react';
import { css, cx } from 'styled-system/css';

export type ToastTone = 'info' | 'success' | 'error';

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

const card = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  width: 'min(380px, calc(100vw - 32px))',
  padding: '3 4',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.default',
  borderLeftWidth: '4px',
  bg: 'bg.surface',
  color: 'fg.default',
  boxShadow: '0 8px 24px rgba(15, 17, 23, 0.16)',
  touchAction: 'pan-y',
  userSelect: 'none',
  transitionProperty: 'transform, opacity',
  transitionDuration: '0.2s',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  '&[data-swiping]': { transitionDuration: '0s' },
});

const toneBorder: Record<ToastTone, string> = {
  info: css({ borderLeftColor: 'accent.brand' }),
  success: css({ borderLeftColor: 'success.text' }),
  error: css({ borderLeftColor: 'danger.brand' }),
};

const dismissButton = css({
  marginLeft: 'auto',
  flexShrink: '0',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '7',
  height: '7',
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
});

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
      className={cx(card, toneBorder[tone])}
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
      <div className={css({ display: 'grid', gap: '1' })}>
        <p className={css({ fontWeight: '600', fontSize: 'sm' })}>{title}</p>
        {description ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{description}</p> : null}
      </div>
      <button type="button" className={dismissButton} aria-label="Dismiss notification" onClick={onDismiss}>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
