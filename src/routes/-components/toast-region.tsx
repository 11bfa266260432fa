// The app root's toast area: renders the toast machine's current toast; F8 moves focus to it.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import type { ActorRefFrom } from 'xstate';
import { useT } from '@/i18n';
import { TOAST_HOTKEY, type toastMachine } from '@/machines/toast';
import { ToastCard } from '@/ui/toast';

const region = flex({
  position: 'fixed',
  right: '4',
  bottom: '4',
  zIndex: 'toast',
  direction: 'column',
  gap: '2',
  outline: 'none',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing' },
});

export function ToastRegion({ actor }: { actor: ActorRefFrom<typeof toastMachine> }) {
  const t = useT();
  const visible = useSelector(actor, (s) => s.matches('visible'));
  const toast = useSelector(actor, (s) => s.context.toast);
  const swipeOffset = useSelector(actor, (s) => s.context.swipeOffset);
  const regionRef = useRef<HTMLElement>(null);
  const cardRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      (cardRef.current ?? regionRef.current)?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={regionRef}
      aria-label={t('shell.toast.region', { hotkey: TOAST_HOTKEY })}
      tabIndex={-1}
      className={region}
    >
      <ol
        aria-live={toast?.tone === 'error' ? 'assertive' : 'polite'}
        aria-atomic="true"
        className={css({ listStyle: 'none' })}
      >
        {visible && toast ? (
          <ToastCard
            key={toast.id}
            ref={cardRef}
            title={toast.title}
            description={toast.description}
            tone={toast.tone}
            swipeOffset={swipeOffset}
            onDismiss={() => actor.send({ type: 'toast.dismiss' })}
            onPause={() => actor.send({ type: 'toast.pause' })}
            onResume={() => actor.send({ type: 'toast.resume' })}
            onSwipeMove={(dx) => actor.send({ type: 'toast.swipe.move', dx })}
            onSwipeEnd={(dx) => actor.send({ type: 'toast.swipe.end', dx })}
          />
        ) : null}
      </ol>
    </section>
  );
}
