import type { ReactNode } from 'react';
import type { Role } from '@/contract/auth';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
import { SectionHeading } from '@/routes/-components/page';
import { Text } from '@/ui/text';

/**
 * A compute tab whose whole page is an action (rebuild, rescue): members who may not manage resources see
 * its heading and why, instead of a form they could not send.
 */
export function ManagersOnly({
  role,
  title,
  hostname,
  children,
}: {
  role: Role | null | undefined;
  title: string;
  hostname: string;
  children: ReactNode;
}) {
  const t = useT();
  if (can(role, 'resources.manage')) return children;
  return (
    <>
      <SectionHeading
        title={title}
        documentTitle={t('computes.page.documentTitle', { page: title, hostname })}
      />
      <Text variant="muted">{whyNot('resources.manage')}</Text>
    </>
  );
}
