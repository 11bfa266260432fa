// The verification request: the organisation's details and its documents, uploaded with progress.
import { useMemo, useState } from 'react';
import { flex, grid } from 'styled-system/patterns';
import { MAX_UPLOAD_BYTES, MAX_VERIFICATION_DOCUMENTS, type TeamVerification } from '@/contract/teams';
import { t as translate, useLocale, useT } from '@/i18n';
import { numberLocale } from '@/i18n/locales';
import { currentLocale } from '@/i18n/state';
import type { UploadProgress } from '@/machines/team-verification';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { Progress } from '@/ui/progress';
import { Select } from '@/ui/select';
import { Text } from '@/ui/text';
import { TextareaField, TextField } from '@/ui/text-field';
import { countryItems } from './country-items';

/** What the file picker offers; the server decides by each file's content, not its name. */
const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.jpg,.jpeg,.png,.gif,.webp,.svg,.mp4,.webm,.mov';

/** The largest document, in MB as the form states it. */
const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** A file's size as the language writes it: "512 B", "40 KB", "5.0 MB" (in French "5,0 Mo"). */
function formatBytes(bytes: number): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(numberLocale(currentLocale()), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  if (bytes < 1024) return translate('verification.bytes.b', { amount: number(bytes, 0) });
  if (bytes < 1024 * 1024) return translate('verification.bytes.kb', { amount: number(bytes / 1024, 0) });
  return translate('verification.bytes.mb', { amount: number(bytes / (1024 * 1024), 1) });
}

/** Problems the browser can see before sending: too many files, or one over 10 MB. */
function checkDocuments(files: readonly File[]): string | undefined {
  if (files.length === 0) return translate('verification.documents.none');
  if (files.length > MAX_VERIFICATION_DOCUMENTS)
    return translate('verification.documents.tooMany', { max: MAX_VERIFICATION_DOCUMENTS });
  const large = files.find((file) => file.size > MAX_UPLOAD_BYTES);
  if (large)
    return translate('verification.documents.tooLarge', {
      name: large.name,
      size: formatBytes(large.size),
      limit: MAX_UPLOAD_MB,
    });
  return undefined;
}

interface Props {
  submitting: boolean;
  progress: UploadProgress | null;
  fieldErrors: Record<string, string>;
  message: string | null;
  resubmission: boolean;
  /** The request as last sent: a resubmission starts from it, never from an empty form. */
  initial: TeamVerification['details'];
  onSubmit: (form: FormData) => void;
  onCancel: () => void;
}

export function VerificationRequestForm({
  submitting,
  progress,
  fieldErrors,
  message,
  resubmission,
  initial,
  onSubmit,
  onCancel,
}: Props) {
  const t = useT();
  const locale = useLocale();
  const [details, setDetails] = useState({
    legalName: initial?.legalName ?? '',
    registrationNumber: initial?.registrationNumber ?? '',
    country: initial?.country ?? 'RW',
    address: initial?.address ?? '',
    website: initial?.website ?? '',
    note: initial?.note ?? '',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [documentsError, setDocumentsError] = useState<string | undefined>();
  const countries = useMemo(() => countryItems(locale), [locale]);
  const set = (key: keyof typeof details) => (value: string) =>
    setDetails((old) => ({ ...old, [key]: value }));
  const serverDocumentsError = Object.entries(fieldErrors)
    .filter(([field]) => field.startsWith('documents'))
    .map(([, text]) => text)
    .join(' ');

  return (
    <form
      noValidate
      className={grid({ gap: '4', maxWidth: '36rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = checkDocuments(files);
        setDocumentsError(problem);
        if (problem) return;
        const form = new FormData();
        for (const [key, value] of Object.entries(details)) form.append(key, value);
        for (const file of files) form.append('documents', file, file.name);
        onSubmit(form);
      }}
    >
      <Text variant="muted">
        {resubmission ? t('verification.form.resubmitLead') : t('verification.form.lead')}
      </Text>
      <TextField
        label={t('verification.form.legalName')}
        name="legalName"
        required
        value={details.legalName}
        onChange={(e) => set('legalName')(e.target.value)}
        error={fieldErrors.legalName}
      />
      <TextField
        label={t('verification.form.registrationNumber')}
        name="registrationNumber"
        required
        help={t('verification.form.registrationNumberHelp')}
        value={details.registrationNumber}
        onChange={(e) => set('registrationNumber')(e.target.value)}
        error={fieldErrors.registrationNumber}
      />
      <Select
        label={t('verification.form.country')}
        items={countries}
        value={details.country}
        onValueChange={(value) => set('country')(value ?? 'RW')}
        error={fieldErrors.country}
      />
      <TextareaField
        label={t('verification.form.address')}
        name="address"
        required
        value={details.address}
        onChange={(e) => set('address')(e.target.value)}
        error={fieldErrors.address}
      />
      <TextField
        label={t('verification.form.website')}
        name="website"
        type="url"
        placeholder="https://example.rw"
        value={details.website}
        onChange={(e) => set('website')(e.target.value)}
        error={fieldErrors.website}
      />
      <TextareaField
        label={t('verification.form.note')}
        name="note"
        value={details.note}
        onChange={(e) => set('note')(e.target.value)}
        error={fieldErrors.note}
      />
      <Field.Root invalid={Boolean(documentsError ?? serverDocumentsError)} required>
        <Field.Label>
          {t('verification.form.documents')}
          <Field.RequiredIndicator>*</Field.RequiredIndicator>
        </Field.Label>
        <Field.Input
          type="file"
          name="documents"
          multiple
          accept={ACCEPT}
          onChange={(event) => {
            setFiles([...(event.target.files ?? [])]);
            setDocumentsError(undefined);
          }}
        />
        <Field.HelperText>
          {t('verification.form.documentsHelp', { max: MAX_VERIFICATION_DOCUMENTS, limit: MAX_UPLOAD_MB })}
        </Field.HelperText>
        {documentsError || serverDocumentsError ? (
          <Field.ErrorText>{documentsError ?? serverDocumentsError}</Field.ErrorText>
        ) : null}
      </Field.Root>
      {files.length > 0 ? (
        <ul aria-label={t('verification.form.chosen')} className={grid({ gap: '1', fontSize: 'sm' })}>
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`}>
              {file.name}{' '}
              <Text as="span" variant="muted">
                ({formatBytes(file.size)})
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
      {message ? <Alert tone="error">{message}</Alert> : null}
      {submitting && progress ? (
        <Progress
          label={t('verification.form.uploading')}
          value={progress.loaded}
          max={progress.total}
          valueText={t('verification.form.progress', {
            loaded: formatBytes(progress.loaded),
            total: formatBytes(progress.total),
          })}
        />
      ) : null}
      <div className={flex({ gap: '2' })}>
        <Button type="submit" variant="solid" loading={submitting}>
          {t('verification.form.send')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={submitting}>
          {t('verification.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
