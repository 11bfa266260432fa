import { createFileRoute, Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { flex, grid, panel, wrap } from 'styled-system/patterns';
import { type MessageId, tRich, useT } from '@/i18n';
import { readStorage } from '@/services/storage';
import { buttonRecipe } from '@/ui/button';
import { LanguageChooser } from '@/ui/language-chooser';
import { Text } from '@/ui/text';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { Logo } from './-components/logo';
import { useDocumentTitle } from './-components/page';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

const features: Array<{ title: MessageId; text: MessageId }> = [
  { title: 'landing.computes.title', text: 'landing.computes.text' },
  { title: 'landing.domains.title', text: 'landing.domains.text' },
  { title: 'landing.billing.title', text: 'landing.billing.text' },
  { title: 'landing.teams.title', text: 'landing.teams.text' },
];

function LandingPage() {
  const t = useT();
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
        <nav
          aria-label={t('landing.accountNav')}
          className={flex({ gap: '2', align: 'center', wrap: 'wrap', justify: 'flex-end' })}
        >
          <LanguageChooser hideLabel />
          {signedIn ? (
            <Link to="/overview" className={buttonRecipe({ variant: 'solid', size: 'sm' })}>
              {t('landing.openConsole')}
            </Link>
          ) : (
            <>
              <Link to="/auth/login" className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
                {t('auth.signIn')}
              </Link>
              <Link to="/auth/signup" className={buttonRecipe({ variant: 'solid', size: 'sm' })}>
                {t('auth.createAccount')}
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
            {t('landing.title')}
          </h1>
          <p className={css({ fontSize: 'md', color: 'fg.muted' })}>{t('landing.lead')}</p>
          <div className={wrap({ gap: '3', justify: 'center' })}>
            <Link to={signedIn ? '/overview' : '/auth/signup'} className={buttonRecipe({ variant: 'solid' })}>
              {signedIn ? t('landing.openConsole') : t('landing.getStarted')}
            </Link>
            {signedIn ? null : (
              <Link to="/auth/login" className={buttonRecipe({ variant: 'outline' })}>
                {t('auth.signIn')}
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
            {t('landing.features')}
          </VisuallyHidden>
          <ul className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } })}>
            {features.map((feature) => (
              <li key={feature.title} className={panel({ gap: '2', padding: '5' })}>
                <Text as="h3" variant="cardTitle">
                  {t(feature.title)}
                </Text>
                <Text variant="muted">{t(feature.text)}</Text>
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
        {tRich('landing.footer', { command: <code>npm ci && npm start</code> })}
      </footer>
    </div>
  );
}
