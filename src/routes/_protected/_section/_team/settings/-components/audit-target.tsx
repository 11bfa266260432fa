// An audit entry's target as the activity log and the overview show it: ": A api 192.0.2.20 in example.rw".
// The names in it (records, hostnames, people, addresses) are the team's own, marked so that nothing
// translates them.
import { tRich, useT } from '@/i18n';
import { Text } from '@/ui/text';
import { targetWords } from './audit-actions';

type Entry = Parameters<typeof targetWords>[0];

const own = (value: string) => <span translate="no">{value}</span>;

export function AuditTarget({ entry }: { entry: Entry }) {
  useT();
  const words = targetWords(entry);
  if (!words) return null;
  const target =
    'value' in words
      ? own(words.value)
      : tRich(
          words.id,
          Object.fromEntries(Object.entries(words.values).map(([name, value]) => [name, own(value)])),
        );
  return (
    <Text as="span" variant="muted">
      {tRich('audit.targetSuffix', { target })}
    </Text>
  );
}
