// The user-data field of the create and rebuild forms: a #cloud-config document or a script, checked with
// the contract as it is typed (once it is more than a first line being written), the reason beside it.
import { userDataProblem } from '@/contract/user-data';
import { TextareaField } from '@/ui/text-field';

export function UserDataField({
  label,
  value,
  onChange,
  help,
  error,
}: {
  label: string;
  value: string;
  /** The text as typed, and what is wrong with it so far (undefined when nothing is). */
  onChange: (text: string, problem: string | undefined) => void;
  help: string;
  error: string | undefined;
}) {
  return (
    <TextareaField
      label={label}
      name="userData"
      mono
      rows={6}
      spellCheck={false}
      value={value}
      onChange={(event) => {
        const text = event.target.value;
        const problem =
          text.trim() === '' || !text.includes('\n') ? undefined : (userDataProblem(text) ?? undefined);
        onChange(text, problem);
      }}
      placeholder={'#cloud-config\nruncmd:\n  - echo hello > /root/hello'}
      help={help}
      error={error}
    />
  );
}
