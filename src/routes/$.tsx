import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from './-components/not-found-page';

// The catch-all: any address no other route claims.
export const Route = createFileRoute('/$')({
  component: () => (
    <main id="main">
      <NotFoundPage />
    </main>
  ),
});
