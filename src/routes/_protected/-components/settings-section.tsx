import type { ReactNode } from 'react';
import { grid, panel } from 'styled-system/patterns';
import { Text } from '@/ui/text';

/** One block of a settings page: a heading, what it is for, and its controls. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={panel({ gap: '4', padding: '5' })}>
      <div className={grid({ gap: '1' })}>
        <Text as="h2" variant="cardTitle" id={id}>
          {title}
        </Text>
        {description ? <Text variant="muted">{description}</Text> : null}
      </div>
      {children}
    </section>
  );
}
