// An honest placeholder for a page whose service isn't on this server yet: it says so, shows no fake data.
import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/empty-state';

export function NotYetAvailable({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return <EmptyState title={title} description={children} action={action} />;
}
