// A block of text kept as written (a compute's user-data), folded under a summary, in monospace, with a
// copy button: long text stays out of the way until asked for, and is copied exactly.
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { CopyButton } from './copy-button';

export function CollapsibleCode({
  summary,
  code,
  copyLabel,
  children,
}: {
  summary: string;
  code: string;
  copyLabel: string;
  /** Said above the block once it is open. */
  children?: ReactNode;
}) {
  return (
    <details>
      <summary
        className={css({ cursor: 'pointer', color: 'accent.text', fontWeight: '500', width: 'fit-content' })}
      >
        {summary}
      </summary>
      <div className={css({ display: 'grid', gap: '2', marginTop: '2', minWidth: '0' })}>
        {children}
        <pre
          className={css({
            fontFamily: 'mono',
            fontSize: 'xs',
            padding: '3',
            bg: 'bg.subtle',
            borderRadius: 'md',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: '24rem',
            overflow: 'auto',
          })}
        >
          <code>{code}</code>
        </pre>
        <CopyButton value={code} label={copyLabel} />
      </div>
    </details>
  );
}
