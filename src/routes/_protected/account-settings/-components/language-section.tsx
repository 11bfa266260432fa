// The person's language and time zone (issue 30): stored with the account, so the console follows them to
// any browser and the server writes to them in that language; every date is shown in that zone.
import { grid } from 'styled-system/patterns';
import type { CurrentSession } from '@/contract/auth';
import { useT } from '@/i18n';
import { DEFAULT_TIME_ZONE } from '@/i18n/locales';
import { useUpdatePreferences } from '@/services/auth.mutations';
import { ApiError } from '@/services/http';
import { Alert } from '@/ui/alert';
import { LanguageChooser } from '@/ui/language-chooser';
import { SettingsSection } from '../../-components/settings-section';

/** Every zone the browser knows, the person's own first if the list lacks it. */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = all.length > 0 ? all : [DEFAULT_TIME_ZONE, 'UTC'];
  return zones.includes(current) ? zones : [current, ...zones];
}

export function LanguageSection({ current }: { current: CurrentSession }) {
  const t = useT();
  const save = useUpdatePreferences();
  const error = save.error instanceof ApiError ? save.error : null;
  const zone = current.user.timeZone;
  return (
    <SettingsSection
      id="language"
      title={t('account.language.title')}
      description={t('account.language.lead')}
    >
      <div className={grid({ gap: '3', maxWidth: '28rem' })}>
        <LanguageChooser onChoose={(locale) => save.mutate({ locale })} />
        <label className={grid({ gap: '1.5' })}>
          <span className="field__label">{t('account.timeZone.label')}</span>
          <select
            name="timeZone"
            className="field__input"
            style={{ height: '2.5rem' }}
            value={zone}
            onChange={(event) => save.mutate({ timeZone: event.target.value })}
          >
            {timeZones(zone).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <span className="field__helperText">{t('account.timeZone.help')}</span>
        </label>
        {error ? (
          <Alert tone="error">
            {error.fieldErrors.timeZone ?? error.fieldErrors.locale ?? error.message}
          </Alert>
        ) : null}
        {save.isSuccess ? <Alert tone="success">{t('account.language.saved')}</Alert> : null}
      </div>
    </SettingsSection>
  );
}
