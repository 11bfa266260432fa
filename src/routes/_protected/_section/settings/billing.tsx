import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailable } from '../../../-components/not-yet';
import { SectionHeading } from '../../../-components/page';
import { BillingAccess } from './-components/billing-access';

export const Route = createFileRoute('/_protected/_section/settings/billing')({
  component: SettingsBillingPage,
});

function SettingsBillingPage() {
  return (
    <>
      <SectionHeading title="Billing" documentTitle="Billing · Settings" />
      <BillingAccess>
        <NotYetAvailable title="Billing settings are not available yet">
          The billing contact, company details, currency and payment methods appear here once billing is
          available.
        </NotYetAvailable>
      </BillingAccess>
    </>
  );
}
