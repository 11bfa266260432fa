// A phone number field: a searchable country picker beside the number, and the full number it makes.
// Not in the ui barrel: it brings the country list (~10 KB gzip) and loads libphonenumber-js, which the
// app shell must not carry. Import it from './ui/phone-field' in the (lazy) pages that ask for a phone.
// Countries are named in the language in use (src/domain/countries/country-names.ts) and searched by that
// name as well as by their English and own names.
import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { cx } from 'styled-system/css';
import { field, phoneField } from 'styled-system/recipes';
import { compareCountryNames, countryName } from '@/domain/countries/country-names';
import { flagImageUrl } from '@/domain/countries/flag-images';
import {
  findPhoneCountry,
  type PhoneCountry,
  phoneCountries,
  searchPhoneCountries,
} from '@/domain/countries/phone-countries';
import { normalizePhoneNumber } from '@/domain/phone/normalize';
import { tRich, useLocale, useT } from '@/i18n';
import type { Locale } from '@/i18n/locales';
import { AlertIcon, CheckIcon, ChevronDownIcon } from './icons';
import { Layer } from './layer';
import { VisuallyHidden } from './visually-hidden';

export interface PhoneFieldProps {
  /** Labels the number input. */
  label?: ReactNode;
  /** Labels the country picker. */
  countryLabel?: ReactNode;
  /** Controlled ISO alpha-2 code of the chosen country. Leave undefined to let the field keep its own. */
  country?: string;
  /** The country chosen at first when `country` is not controlled. */
  defaultCountry?: string;
  onCountryChange?: (code: string) => void;
  /** Controlled text of the number input, as typed. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (text: string) => void;
  /** The message for what is wrong with the number; marks the input invalid while set. */
  error?: ReactNode;
  help?: ReactNode;
  /** Submitted with a native form under this name: the normalized number (SPEC §5), e.g. +250788123456. */
  name?: string;
  disabled?: boolean;
  required?: boolean;
  /** Focuses the number input on mount. */
  autoFocus?: boolean;
  /** The line under the field once digits are typed; gets the formatted international number. */
  preview?: (formattedNumber: string) => ReactNode;
  id?: string;
  className?: string;
}

interface CountryItem {
  value: string;
  /** "Rwanda (+250)", in the language in use. */
  label: string;
  /** The country's name in the language in use. */
  name: string;
  group: 'preferred' | 'all';
  country: PhoneCountry;
}

interface CountryList {
  itemByCode: Map<string, CountryItem>;
  all: ReturnType<typeof createListCollection<CountryItem>>;
  nameOf: (country: PhoneCountry) => string;
}

const fallbackCountry = 'RW';
const lists = new Map<Locale, CountryList>();

/** The picker's countries named in `locale`: preferred first, then the rest in that language's order. */
function countryList(locale: Locale): CountryList {
  const cached = lists.get(locale);
  if (cached) return cached;
  const named = phoneCountries.map((country) => ({ country, name: countryName(country, locale) }));
  // English keeps the list's own order; another language orders by the names it shows.
  const ordered =
    locale === 'en'
      ? named
      : [...named].sort(
          (a, b) =>
            Number(Boolean(b.country.preferred)) - Number(Boolean(a.country.preferred)) ||
            compareCountryNames(a.name, b.name, locale),
        );
  const items: CountryItem[] = ordered.map(({ country, name }) => ({
    value: country.code,
    label: `${name} (${country.dial_code})`,
    name,
    group: country.preferred ? 'preferred' : 'all',
    country,
  }));
  const itemByCode = new Map(items.map((item) => [item.value, item]));
  const list: CountryList = {
    itemByCode,
    all: createListCollection({ items, groupBy: (item) => item.group }),
    nameOf: (country) => itemByCode.get(country.code)?.name ?? country.name,
  };
  lists.set(locale, list);
  return list;
}

type Format = (number: string) => string;
let formatter: Promise<Format> | undefined;

/**
 * libphonenumber-js/min is ~32 KB gzip, as much as the rest of a page; loaded on its own, it keeps route
 * chunks within budget and never blocks typing. Until it arrives the preview shows the unformatted number.
 */
function loadFormatter(): Promise<Format> {
  formatter ??= import('libphonenumber-js/min').then(
    ({ AsYouType }) =>
      (number: string) =>
        new AsYouType().input(number),
    (error: unknown) => {
      formatter = undefined;
      throw error;
    },
  );
  return formatter;
}

function useFormatter(): Format | null {
  const [format, setFormat] = useState<Format | null>(null);
  useEffect(() => {
    let mounted = true;
    loadFormatter().then(
      (loaded) => mounted && setFormat(() => loaded),
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, []);
  return format;
}

/** Controlled when `value` is given, otherwise kept here; either way `onChange` hears every change. */
function useControllable<T>(value: T | undefined, initial: T, onChange?: (next: T) => void) {
  const [own, setOwn] = useState(initial);
  const current = value === undefined ? own : value;
  const set = (next: T) => {
    setOwn(next);
    onChange?.(next);
  };
  return [current, set] as const;
}

const defaultPreview = (number: string) => tRich('ui.phone.preview', { number: <strong>{number}</strong> });

export function PhoneField({
  label,
  countryLabel,
  country: countryProp,
  defaultCountry = fallbackCountry,
  onCountryChange,
  value: valueProp,
  defaultValue = '',
  onValueChange,
  error,
  help,
  name,
  disabled,
  required,
  autoFocus,
  preview = defaultPreview,
  id,
  className,
}: PhoneFieldProps) {
  const t = useT();
  const locale = useLocale();
  const { itemByCode, all: allCountries, nameOf } = countryList(locale);
  const [code, setCode] = useControllable(countryProp, defaultCountry, onCountryChange);
  const [value, setValue] = useControllable(valueProp, defaultValue, onValueChange);
  const country = findPhoneCountry(code) ?? (findPhoneCountry(fallbackCountry) as PhoneCountry);
  const chosenLabel = itemByCode.get(country.code)?.label ?? nameOf(country);
  // The input shows the chosen country; only what is typed into it searches.
  const [inputValue, setInputValue] = useState(chosenLabel);
  const [query, setQuery] = useState('');
  useEffect(() => setInputValue(chosenLabel), [chosenLabel]);
  const [announcement, setAnnouncement] = useState('');
  const format = useFormatter();

  const collection = useMemo(
    () =>
      query.trim() === ''
        ? allCountries
        : createListCollection({
            items: searchPhoneCountries(query, phoneCountries, locale === 'en' ? undefined : nameOf).flatMap(
              (match) => itemByCode.get(match.code) ?? [],
            ),
          }),
    [query, allCountries, itemByCode, nameOf, locale],
  );

  const ids = { number: useId(), help: useId(), error: useId(), preview: useId() };
  const fieldClasses = field();
  const classes = phoneField();
  const invalid = error != null && error !== false && error !== '';
  const hasDigits = /\d/.test(value);
  const normalized = hasDigits ? normalizePhoneNumber(value, country.dial_code) : '';
  const describedBy = [help && ids.help, invalid && ids.error, hasDigits && ids.preview].filter(Boolean);

  return (
    <div id={id} className={cx(classes.root, className)}>
      <div className={classes.row}>
        <Combobox.Root
          collection={collection}
          value={[country.code]}
          onValueChange={(details) => {
            const picked = details.items[0] as CountryItem | undefined;
            if (!picked) return; // Never left without a country: the number needs its dial code.
            setCode(picked.value);
            setAnnouncement(t('ui.phone.chosen', { country: picked.label }));
          }}
          inputValue={inputValue}
          onInputValueChange={({ inputValue: text, reason }) => {
            const typed = reason === 'input-change';
            const update = () => {
              setInputValue(text);
              setQuery(typed ? text : '');
            };
            // Zag reports typing a microtask after the input event, when React has already put the old
            // text back; rendering the new text at once leaves no gap for the next keystroke to fall into.
            if (typed) flushSync(update);
            else update();
          }}
          onOpenChange={({ open, reason }) => {
            if (reason === 'input-change') return; // Opened by typing: that text is the search.
            // Opened by click or arrow key, the input becomes a search box (the placeholder keeps showing
            // the chosen country); a search left without a pick (Escape, a click elsewhere) puts it back.
            setQuery('');
            setInputValue(open ? '' : chosenLabel);
          }}
          inputBehavior="autohighlight"
          openOnClick
          disabled={disabled}
          lazyMount
          unmountOnExit
          positioning={{ placement: 'bottom-start' }}
          translations={{ triggerLabel: t('ui.phone.showCountries') }}
          className={classes.column}
        >
          <Combobox.Label className={classes.label}>{countryLabel ?? t('ui.phone.country')}</Combobox.Label>
          <Combobox.Control className={classes.control}>
            <img src={flagImageUrl(country.code)} alt="" width={20} height={15} className={classes.flag} />
            <Combobox.Input className={classes.input} placeholder={chosenLabel} autoComplete="off" />
            <Combobox.Trigger className={classes.trigger}>
              <ChevronDownIcon />
            </Combobox.Trigger>
          </Combobox.Control>
          <Layer>
            <Combobox.Positioner className={classes.positioner}>
              <Combobox.Content className={classes.content}>
                {query.trim() === '' ? (
                  collection.group().map(([group, members]) => (
                    <Combobox.ItemGroup key={group} className={classes.itemGroup}>
                      <Combobox.ItemGroupLabel className={classes.itemGroupLabel}>
                        {group === 'preferred' ? t('ui.phone.preferred') : t('ui.phone.allCountries')}
                      </Combobox.ItemGroupLabel>
                      {members.map((item) => (
                        <CountryOption key={item.value} item={item} classes={classes} />
                      ))}
                    </Combobox.ItemGroup>
                  ))
                ) : collection.size === 0 ? (
                  <div className={classes.empty}>{t('ui.phone.noMatch', { query: query.trim() })}</div>
                ) : (
                  collection.items.map((item) => (
                    <CountryOption key={item.value} item={item} classes={classes} />
                  ))
                )}
              </Combobox.Content>
            </Combobox.Positioner>
          </Layer>
        </Combobox.Root>

        <div className={classes.column}>
          <label htmlFor={ids.number} className={fieldClasses.label} data-disabled={disabled || undefined}>
            {label ?? t('auth.phone.label')}
            {required ? (
              <span aria-hidden="true" className={fieldClasses.requiredIndicator}>
                *
              </span>
            ) : null}
          </label>
          <input
            id={ids.number}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            disabled={disabled}
            required={required}
            // biome-ignore lint/a11y/noAutofocus: only where a page asks for it, e.g. a phone-only sign-in step.
            autoFocus={autoFocus}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
            className={cx(fieldClasses.input, classes.number)}
          />
        </div>
      </div>
      {name ? <input type="hidden" name={name} value={normalized} disabled={disabled} /> : null}
      {invalid ? (
        <div id={ids.error} aria-live="polite" className={fieldClasses.errorText}>
          <AlertIcon />
          <span>{error}</span>
        </div>
      ) : null}
      {hasDigits ? (
        <p id={ids.preview} className={classes.preview}>
          {preview(format ? format(normalized) : normalized)}
        </p>
      ) : null}
      {help ? (
        <p id={ids.help} className={fieldClasses.helperText}>
          {help}
        </p>
      ) : null}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </div>
  );
}

function CountryOption({ item, classes }: { item: CountryItem; classes: Record<string, string> }) {
  return (
    <Combobox.Item item={item} className={classes.item}>
      <img
        src={flagImageUrl(item.value)}
        alt=""
        width={20}
        height={15}
        loading="lazy"
        decoding="async"
        className={classes.itemFlag}
      />
      <Combobox.ItemText className={classes.itemText}>{item.name}</Combobox.ItemText>{' '}
      <span className={classes.itemDialCode}>{item.country.dial_code}</span>
      <Combobox.ItemIndicator className={classes.itemIndicator}>
        <CheckIcon />
      </Combobox.ItemIndicator>
    </Combobox.Item>
  );
}
