import { createFileRoute } from '@tanstack/react-router';
import { requireTeam } from '../-team-scope';

// The team-scoped pages of the section layout: overview, computes, domains, settings.
export const Route = createFileRoute('/_protected/_section/_team')({
  beforeLoad: ({ context }) => requireTeam(context.team, context.queryClient),
});
