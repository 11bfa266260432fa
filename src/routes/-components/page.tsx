// The frame of every console page: a heading that also becomes the document title, and the page's actions.
import { type ReactNode, useEffect } from 'react';
import { css } from 'styled-system/css';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Ikirere` : 'Ikirere';
  }, [title]);
}

const header = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: '3',
  marginBottom: '6',
});

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
      <div className={css({ display: 'grid', gap: '1' })}>
        <h1 className={css({ fontSize: '2xl' })}>{title}</h1>
        {description ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</p> : null}
      </div>
      {actions ? <div className={css({ display: 'flex', gap: '2' })}>{actions}</div> : null}
    </header>
  );
}

/** A sub-page's heading inside a layout that already has the page title (tabs of a compute, a domain…). */
export function SectionHeading({ title, documentTitle }: { title: string; documentTitle?: string }) {
  useDocumentTitle(documentTitle ?? title);
  return <h2 className={css({ fontSize: 'lg', marginBottom: '4' })}>{title}</h2>;
}
