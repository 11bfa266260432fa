import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeSwitcher, useTheme } from '@/ui';
import { expectNoAxeViolations } from './axe';

/** A stand-in for the OS colour setting that the test can flip. */
function fakeSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => query as unknown as MediaQueryList);
  return {
    set(next: boolean) {
      dark = next;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
    listenerCount: () => listeners.size,
  };
}

const html = document.documentElement;
const isDark = () => html.classList.contains('dark');

function ResolvedTheme() {
  const { resolved } = useTheme();
  return <output aria-label="Theme on screen">{resolved}</output>;
}

beforeEach(() => {
  localStorage.clear();
  html.className = '';
  html.style.colorScheme = '';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ThemeSwitcher', () => {
  it('offers Light, Dark and System as a labelled radio group, System by default', async () => {
    fakeSystemTheme(false);
    render(<ThemeSwitcher />);
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.checked)).toEqual([false, false, true]);
    expect((screen.getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true);
    await expectNoAxeViolations();
  });

  it('switches the dark class on <html> and remembers the choice', async () => {
    const user = userEvent.setup();
    fakeSystemTheme(false);
    render(<ThemeSwitcher />);

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(isDark()).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('"dark"');
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem('theme')).toBe('"light"');
    await expectNoAxeViolations();
  });

  it('works from the keyboard: Tab reaches the chosen option, arrows change it', async () => {
    const user = userEvent.setup();
    fakeSystemTheme(false);
    render(<ThemeSwitcher />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'System' }));
    await user.keyboard('{ArrowLeft}');
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBe('"dark"');
  });

  it('starts from the remembered choice', () => {
    fakeSystemTheme(false);
    localStorage.setItem('theme', '"dark"');
    render(<ThemeSwitcher />);
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    expect(isDark()).toBe(true);
  });

  it('on System follows the operating system, also when it changes, and stops when the user picks a theme', async () => {
    const user = userEvent.setup();
    const system = fakeSystemTheme(true);
    render(
      <>
        <ThemeSwitcher />
        <ResolvedTheme />
      </>,
    );
    expect(isDark()).toBe(true);
    expect(screen.getByRole('status', { name: 'Theme on screen' }).textContent).toBe('dark');

    system.set(false);
    expect(isDark()).toBe(false);
    expect(screen.getByRole('status', { name: 'Theme on screen' }).textContent).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    system.set(true);
    system.set(false);
    expect(isDark()).toBe(true);
  });

  it('stops listening to the system once nothing shows the theme', () => {
    const system = fakeSystemTheme(false);
    const { unmount } = render(<ThemeSwitcher />);
    expect(system.listenerCount()).toBe(1);
    unmount();
    expect(system.listenerCount()).toBe(0);
  });

  it('picks up a choice made in another tab', () => {
    fakeSystemTheme(false);
    render(<ThemeSwitcher />);
    localStorage.setItem('theme', '"dark"');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    });
    expect(isDark()).toBe(true);
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
  });

  it('treats a corrupt stored value as System', () => {
    fakeSystemTheme(true);
    localStorage.setItem('theme', 'purple');
    render(<ThemeSwitcher />);
    expect((screen.getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true);
    expect(isDark()).toBe(true);
  });
});

describe('public/theme-init.js', () => {
  const source = readFileSync(join(process.cwd(), 'public/theme-init.js'), 'utf8');

  function runInit(windowLike: { localStorage?: unknown; matchMedia?: unknown; location?: unknown }) {
    new Function('window', 'document', source)(windowLike, document);
  }

  const storage = (value: string | null) => ({ getItem: (key: string) => (key === 'theme' ? value : null) });
  const system = (dark: boolean) => () => ({ matches: dark });

  it('applies a remembered dark or light theme before the app loads', () => {
    runInit({ localStorage: storage('"dark"'), matchMedia: system(false) });
    expect(isDark()).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
    runInit({ localStorage: storage('"light"'), matchMedia: system(true) });
    expect(isDark()).toBe(false);
  });

  it('picks index.html’s first paint for the address: landing, sign-in, or the neutral frame', () => {
    const at = (pathname: string) => {
      runInit({ localStorage: storage(null), matchMedia: system(false), location: { pathname } });
      return html.dataset.boot;
    };
    expect(at('/')).toBe('landing');
    expect(at('/auth/login')).toBe('login');
    expect(at('/auth/')).toBe('login');
    expect(at('/auth/signup')).toBe('app');
    expect(at('/computes')).toBe('app');
    runInit({ localStorage: storage(null), matchMedia: system(false) });
    expect(html.dataset.boot).toBe('app');
  });

  it('follows the system for "system", a missing value or a corrupt one', () => {
    for (const stored of ['"system"', null, 'not json', '"purple"', '42']) {
      html.className = '';
      runInit({ localStorage: storage(stored), matchMedia: system(true) });
      expect(isDark(), `stored ${stored}`).toBe(true);
    }
  });

  it('does not throw when storage or matchMedia is unavailable', () => {
    const blocked = {
      get localStorage() {
        throw new DOMException('Access denied', 'SecurityError');
      },
      matchMedia: system(true),
    };
    expect(() => runInit(blocked)).not.toThrow();
    expect(isDark()).toBe(true);
    expect(() => runInit({})).not.toThrow();
    expect(isDark()).toBe(false);
  });

  it('agrees with the app on what was stored', async () => {
    const user = userEvent.setup();
    fakeSystemTheme(false);
    render(<ThemeSwitcher />);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    html.className = '';
    runInit({ localStorage, matchMedia: system(false) });
    expect(isDark()).toBe(true);
  });
});
