// The language chooser: each language by its own name (and marked as that language for screen readers),
// applied at once. Before sign-in it is remembered on this browser; Account settings also stores it with the
// account (`onChoose`). A native select in the field recipe's classes: it is on the sign-in pages, whose
// first download has no room for a styled select's runtime.
import { hstack } from 'styled-system/patterns';
import { useLocale, useT } from '@/i18n';
import { chooseLocale } from '@/i18n/account';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@/i18n/locales';

export function LanguageChooser({
  hideLabel = false,
  onChoose,
}: {
  hideLabel?: boolean;
  onChoose?: (locale: Locale) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <label className={hstack({ gap: '2' })}>
      {hideLabel ? null : <span className="field__label">{t('language.label')}</span>}
      <select
        name="language"
        aria-label={hideLabel ? t('language.label') : undefined}
        className="field__input"
        style={{ width: 'auto', height: '2.25rem', cursor: 'pointer' }}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          void chooseLocale(next);
          onChoose?.(next);
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
