import { createFileRoute, Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { flex, grid, panel, wrap } from 'styled-system/patterns';
import { readStorage } from '@/services/storage';
import { buttonRecipe } from '@/ui/button';
import { Text } from '@/ui/text';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { Logo } from './-components/logo';
import { useDocumentTitle } from './-components/page';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

const features = [
  {
    title: 'Computes',
    text: 'Create virtual machines, power them on and off, watch their metrics and open a console in the browser.',
  },
  {
    title: 'Domains and DNS',
    text: 'Host your zones on our name servers and edit A, AAAA, CNAME, TXT, MX, NS, SRV and CAA records.',
  },
  {
    title: 'Billing',
    text: 'Top up a balance in Rwandan francs or US dollars, follow what you spend, and download monthly invoices.',
  },
  {
    title: 'Teams',
    text: 'Invite members as admins or members, verify your team, and keep every change on record.',
  },
];

function LandingPage() {
  useDocumentTitle('');
  const signedIn = readStorage('token') !== null;
  return (
    <div className={flex({ minHeight: '100vh', direction: 'column' })}>
      <header
        className={flex({
          align: 'center',
          justify: 'space-between',
          paddingX: { base: '4', md: '8' },
          paddingY: '4',
        })}
      >
        <Logo />
        <nav aria-label="Account" className={flex({ gap: '2' })}>
          {signedIn ? (
            <Link to="/overview" className={buttonRecipe({ variant: 'solid', size: 'sm' })}>
              Open the console
            </Link>
          ) : (
            <>
              <Link to="/auth/login" className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
                Sign in
              </Link>
              <Link to="/auth/signup" className={buttonRecipe({ variant: 'solid', size: 'sm' })}>
                Create an account
              </Link>
            </>
          )}
        </nav>
      </header>
      <main
        id="main"
        className={css({ flex: '1', paddingX: { base: '4', md: '8' }, paddingY: { base: '10', md: '16' } })}
      >
        <section className={grid({ gap: '5', maxWidth: '48rem', marginX: 'auto', textAlign: 'center' })}>
          <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, lineHeight: '1.2' })}>
            Your computes, domains and bills in one calm console
          </h1>
          <p className={css({ fontSize: 'md', color: 'fg.muted' })}>
            Ikirere is an open-source cloud console. Every action shows its progress, live state updates on
            its own, and the whole product runs from one repository on your own machine.
          </p>
          <div className={wrap({ gap: '3', justify: 'center' })}>
            <Link to={signedIn ? '/overview' : '/auth/signup'} className={buttonRecipe({ variant: 'solid' })}>
              {signedIn ? 'Open the console' : 'Get started'}
            </Link>
            {signedIn ? null : (
              <Link to="/auth/login" className={buttonRecipe({ variant: 'outline' })}>
                Sign in
              </Link>
            )}
          </div>
        </section>
        <section
          aria-labelledby="features"
          className={css({
            maxWidth: '64rem',
            marginX: 'auto',
            marginTop: { base: '12', md: '16' },
          })}
        >
          <VisuallyHidden as="h2" id="features">
            What you can do
          </VisuallyHidden>
          <ul className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } })}>
            {features.map((feature) => (
              <li key={feature.title} className={panel({ gap: '2', padding: '5' })}>
                <Text as="h3" variant="cardTitle">
                  {feature.title}
                </Text>
                <Text variant="muted">{feature.text}</Text>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer
        className={css({
          paddingX: { base: '4', md: '8' },
          paddingY: '6',
          color: 'fg.muted',
          fontSize: 'xs',
        })}
      >
        Ikirere is open source. Run it yourself with <code>npm ci && npm start</code>.
      </footer>
    </div>
  );
}
