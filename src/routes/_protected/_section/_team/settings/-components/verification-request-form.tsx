// The verification request: the organisation's details and its documents, uploaded with progress.
import { useMemo, useState } from 'react';
import { flex, grid } from 'styled-system/patterns';
import { MAX_UPLOAD_BYTES, MAX_VERIFICATION_DOCUMENTS, type TeamVerification } from '@/contract/teams';
import { phoneCountries } from '@/domain/countries/phone-countries';
import type { UploadProgress } from '@/machines/team-verification';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { Progress } from '@/ui/progress';
import { Select } from '@/ui/select';
import { Text } from '@/ui/text';
import { TextareaField, TextField } from '@/ui/text-field';

/** What the file picker offers; the server decides by each file's content, not its name. */
const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.jpg,.jpeg,.png,.gif,.webp,.svg,.mp4,.webm,.mov';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Problems the browser can see before sending: too many files, or one over 10 MB. */
export function checkDocuments(files: readonly File[]): string | undefined {
  if (files.length === 0) return 'Add at least one document, such as a certificate of registration.';
  if (files.length > MAX_VERIFICATION_DOCUMENTS)
    return `Add at most ${MAX_VERIFICATION_DOCUMENTS} documents.`;
  const large = files.find((file) => file.size > MAX_UPLOAD_BYTES);
  if (large) return `${large.name} is ${formatBytes(large.size)}; each document can be at most 10 MB.`;
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
  const countries = useMemo(
    () => phoneCountries.map((country) => ({ value: country.code, label: country.name })),
    [],
  );
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
        {resubmission
          ? 'Correct or complete your request and send it again; we review it in 2–3 business days.'
          : 'Tell us who the team belongs to and attach proof, such as a certificate of registration. We review requests in 2–3 business days.'}
      </Text>
      <TextField
        label="Legal name"
        name="legalName"
        required
        value={details.legalName}
        onChange={(e) => set('legalName')(e.target.value)}
        error={fieldErrors.legalName}
      />
      <TextField
        label="Registration number"
        name="registrationNumber"
        required
        help="The company or tax registration number."
        value={details.registrationNumber}
        onChange={(e) => set('registrationNumber')(e.target.value)}
        error={fieldErrors.registrationNumber}
      />
      <Select
        label="Country of registration"
        items={countries}
        value={details.country}
        onValueChange={(value) => set('country')(value ?? 'RW')}
        error={fieldErrors.country}
      />
      <TextareaField
        label="Registered address"
        name="address"
        required
        value={details.address}
        onChange={(e) => set('address')(e.target.value)}
        error={fieldErrors.address}
      />
      <TextField
        label="Website"
        name="website"
        type="url"
        placeholder="https://example.rw"
        value={details.website}
        onChange={(e) => set('website')(e.target.value)}
        error={fieldErrors.website}
      />
      <TextareaField
        label="Anything we should know"
        name="note"
        value={details.note}
        onChange={(e) => set('note')(e.target.value)}
        error={fieldErrors.note}
      />
      <Field.Root invalid={Boolean(documentsError ?? serverDocumentsError)} required>
        <Field.Label>
          Documents<Field.RequiredIndicator>*</Field.RequiredIndicator>
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
          PDF, Word, Excel, PowerPoint, images (JPEG, PNG, GIF, WebP, SVG) or video (MP4, WebM, QuickTime); up
          to 10 files of 10 MB each.
        </Field.HelperText>
        {documentsError || serverDocumentsError ? (
          <Field.ErrorText>{documentsError ?? serverDocumentsError}</Field.ErrorText>
        ) : null}
      </Field.Root>
      {files.length > 0 ? (
        <ul aria-label="Chosen documents" className={grid({ gap: '1', fontSize: 'sm' })}>
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
          label="Uploading the request"
          value={progress.loaded}
          max={progress.total}
          valueText={`${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`}
        />
      ) : null}
      <div className={flex({ gap: '2' })}>
        <Button type="submit" variant="solid" loading={submitting}>
          Send the request
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
