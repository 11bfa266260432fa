// Shown when a page fails: its code didn't load (offline, a new release replaced it) or it broke.
// It also fails the progress bar and raises a toast, so the failure is noticed wherever the eye is.
import { type ErrorComponentProps, isNotFound, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { flex, grid } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import { problemTypes } from '@/contract/problem';
import { t, useT } from '@/i18n';
import { ApiError } from '@/services/api-error';
import { loadedQueryClient } from '@/services/query-client';
import { Button } from '@/ui/button';
import { Text } from '@/ui/text';
import { useDocumentTitle } from './page';

/** A page's code could not be fetched (as opposed to the page breaking once loaded). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

export function routeErrorMessage(error: unknown): { title: string; description: string } {
  // The team started requiring two-factor sign-in while its page was open: say so, not "went wrong".
  if (error instanceof ApiError && error.problem.type === problemTypes.teamTwoFactorRequired) {
    return { title: error.problem.title, description: error.message };
  }
  if (isChunkLoadError(error)) {
    return { title: t('shell.error.chunkTitle'), description: t('shell.error.chunkText') };
  }
  return { title: t('shell.error.title'), description: t('shell.error.text') };
}

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useT();
  const [retrying, setRetrying] = useState(false);
  const { title, description } = routeErrorMessage(error);
  useDocumentTitle(title);

  useEffect(() => {
    if (isNotFound(error)) return;
    const { actors } = router.options.context;
    actors.progressBar.send({ type: 'progress.fail' });
    showToast(actors, { tone: 'error', title, description });
  }, [error, router, title, description]);

  const retry = async () => {
    setRetrying(true);
    try {
      // Data that failed to load is asked for afresh, not served from the failure.
      await loadedQueryClient()?.resetQueries({ predicate: (query) => query.state.status === 'error' });
      await router.invalidate();
      reset();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className={css({ display: 'grid', placeItems: 'center', minHeight: '60vh', padding: '6' })}>
      <div role="alert" className={grid({ gap: '3', textAlign: 'center', maxWidth: '30rem' })}>
        <Text as="h1" variant="pageTitle">
          {title}
        </Text>
        <Text variant="muted">{description}</Text>
        <div className={flex({ gap: '2', justify: 'center', marginTop: '2' })}>
          <Button variant="solid" loading={retrying} onClick={retry}>
            {t('shell.error.retry')}
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t('shell.error.reload')}
          </Button>
        </div>
      </div>
    </div>
  );
}
