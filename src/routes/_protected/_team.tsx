import { createFileRoute } from '@tanstack/react-router';
import { requireTeam } from './-team-scope';

// The team-scoped pages outside the section layout (new compute, register domain).
export const Route = createFileRoute('/_protected/_team')({
  beforeLoad: ({ context }) => requireTeam(context.team, context.queryClient),
});
