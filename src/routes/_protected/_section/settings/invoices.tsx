import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../-components/not-yet';
import { SectionHeading } from '../../../-components/page';
import { BillingAccess } from './-components/billing-access';

export const Route = createFileRoute('/_protected/_section/settings/invoices')({
  component: SettingsInvoicesPage,
});

function SettingsInvoicesPage() {
  return (
    <>
      <SectionHeading title="Invoices" documentTitle="Invoices · Settings" />
      <BillingAccess>
        <NotYetAvailable title="Invoices settings are not available yet">
          Monthly invoices appear here once billing is available.
        </NotYetAvailable>
      </BillingAccess>
    </>
  );
}
