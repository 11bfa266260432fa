// "Show the API call" under a form: the curl command for what the form would send now, with a copy button.
import { css } from 'styled-system/css';
import { type ApiRequest, curlCommand, TOKEN_VARIABLE } from '@/domain/api-call';
import { tRich, useT } from '@/i18n';
import { CopyButton } from './copy-button';

export function ApiCall({ request }: { request: ApiRequest }) {
  const t = useT();
  const command = curlCommand(request);
  return (
    <details className={css({ fontSize: 'sm' })}>
      <summary
        className={css({ cursor: 'pointer', color: 'accent.text', fontWeight: '500', width: 'fit-content' })}
      >
        {t('ui.apiCall.show')}
      </summary>
      <div className={css({ display: 'grid', gap: '2', marginTop: '2' })}>
        <p className={css({ color: 'fg.muted' })}>
          {tRich('ui.apiCall.lead', { variable: <code>{TOKEN_VARIABLE}</code> })}
        </p>
        <pre
          className={css({
            fontFamily: 'mono',
            fontSize: 'xs',
            padding: '3',
            bg: 'bg.subtle',
            borderRadius: 'md',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          })}
        >
          <code>{command}</code>
        </pre>
        <CopyButton value={command} label={t('ui.apiCall.copy')} />
      </div>
    </details>
  );
}
