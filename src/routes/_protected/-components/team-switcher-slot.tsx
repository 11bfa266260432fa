// Where the team switcher goes in the header. Teams aren't on this server yet, so it stays empty
// rather than showing a team that doesn't exist.
export function TeamSwitcherSlot() {
  return <div data-slot="team-switcher" />;
}
