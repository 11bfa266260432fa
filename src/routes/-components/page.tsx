// The frame of every console page: a heading that also becomes the document title, and the page's actions.
import { type ReactNode, useEffect } from 'react';
import { css } from 'styled-system/css';
import { flex, grid, wrap } from 'styled-system/patterns';
import { Text } from '@/ui/text';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Ikirere` : 'Ikirere';
  }, [title]);
}

const header = wrap({ gap: '3', align: 'flex-end', justify: 'space-between', marginBottom: '6' });

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <header className={header}>
      <div className={grid({ gap: '1' })}>
        <Text as="h1" variant="pageTitle">
          {title}
        </Text>
        {description ? <Text variant="caption">{description}</Text> : null}
      </div>
      {actions ? <div className={flex({ gap: '2' })}>{actions}</div> : null}
    </header>
  );
}

/** A sub-page's heading inside a layout that already has the page title (tabs of a compute, a domain…). */
export function SectionHeading({ title, documentTitle }: { title: string; documentTitle?: string }) {
  useDocumentTitle(documentTitle ?? title);
  return <h2 className={css({ fontSize: 'lg', marginBottom: '4' })}>{title}</h2>;
}
