// Applies the remembered colour theme before first paint, so a dark-mode user never sees a white flash.
// Loaded synchronously from index.html's <head>; must match src/ui/theme/theme.ts. Plain script, no imports.
(() => {
  let preference = 'system';
  try {
    // Stored JSON-encoded, like every other key; anything unexpected means "follow the system".
    const stored = JSON.parse(window.localStorage.getItem('theme'));
    if (stored === 'light' || stored === 'dark') preference = stored;
  } catch {
    // Storage disabled or the value corrupt: keep following the system.
  }
  let dark = preference === 'dark';
  if (preference === 'system') {
    try {
      dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    } catch {
      dark = false;
    }
  }
  const root = document.documentElement;
  // Which first paint index.html shows until the console renders: the landing page, the sign-in page, or
  // a neutral frame for every other address (its page is not known before the JavaScript has run).
  let boot = 'app';
  try {
    const path = window.location.pathname.replace(/\/+$/, '');
    if (path === '') boot = 'landing';
    else if (path === '/auth' || path === '/auth/login') boot = 'login';
  } catch {
    // No address to read: the neutral frame.
  }
  root.dataset.boot = boot;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
