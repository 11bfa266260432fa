// The header's user menu: account settings, colour theme and signing out.

import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { signOut } from '@/app-session';
import { type MessageId, useT } from '@/i18n';
import { currentSessionQuery } from '@/services/auth.queries';
import { readStorage } from '@/services/storage';
import { Button } from '@/ui/button';
import * as Menu from '@/ui/menu';
import type { ThemePreference } from '@/ui/theme/theme';
import { useTheme } from '@/ui/theme/use-theme';
import { VisuallyHidden } from '@/ui/visually-hidden';

const themeLabels: Record<ThemePreference, MessageId> = {
  light: 'theme.light',
  dark: 'theme.dark',
  system: 'theme.system',
};

export function UserMenu() {
  const t = useT();
  const router = useRouter();
  const { preference, setPreference } = useTheme();
  const user = useQuery(currentSessionQuery()).data?.user ?? readStorage('user');
  const onSignOut = () => void signOut(router);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm">
          <span
            aria-hidden="true"
            className={css({
              display: 'inline-grid',
              placeItems: 'center',
              width: '6',
              height: '6',
              borderRadius: 'full',
              bg: 'accent.subtle',
              color: 'accent.text',
              fontWeight: '600',
              fontSize: 'xs',
            })}
          >
            {(user?.name.trim()[0] ?? '?').toUpperCase()}
          </span>
          <span className={css({ display: { base: 'none', md: 'inline' } })}>
            {user?.name ?? t('userMenu.account')}
          </span>
          <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
        </Button>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.Item value="account-settings" asChild>
          <Link to="/account-settings">{t('account.title')}</Link>
        </Menu.Item>
        <Menu.Separator />
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>{t('theme.label')}</Menu.ItemGroupLabel>
          {(Object.keys(themeLabels) as ThemePreference[]).map((option) => (
            <Menu.Item key={option} value={`theme-${option}`} onSelect={() => setPreference(option)}>
              {t(themeLabels[option])}
              {preference === option ? (
                <span className={css({ marginLeft: 'auto', color: 'accent.text' })}>
                  <span aria-hidden="true">✓</span>
                  <VisuallyHidden>{t('userMenu.current')}</VisuallyHidden>
                </span>
              ) : null}
            </Menu.Item>
          ))}
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.Item value="sign-out" onSelect={onSignOut}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}
