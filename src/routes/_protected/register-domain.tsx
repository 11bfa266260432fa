import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../-components/not-yet';
import { PageHeader } from '../-components/page';
import { FocusedLayout } from './-components/focused-layout';

export const Route = createFileRoute('/_protected/register-domain')({
  component: RegisterDomainPage,
});

function RegisterDomainPage() {
  return (
    <FocusedLayout>
      <PageHeader title="Add a domain" description="Host a domain you own on our name servers." />
      <NotYetAvailable title="Adding domains is not available yet">
        Adding a domain as a zone and pointing your registrar at our name servers arrive with the DNS service.
      </NotYetAvailable>
    </FocusedLayout>
  );
}
