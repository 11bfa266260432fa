// Starts the console's scripts once index.html's first paint is on screen (see startConsoleAfterFirstPaint in
// vite.config.ts): they wait in <template id="console-scripts">, and a template's scripts run once its copy
// is put in the document. Plain script, no imports; an external file because the CSP forbids inline scripts.
(() => {
  /**
   * The language the console will show, as src/i18n/preferences.ts chooses it: the one remembered (stored
   * JSON-encoded, like every key), else the first of the browser's it speaks, else English. Only its catalog
   * (a link with data-locale) is kept.
   */
  const chosenLocale = (locales) => {
    try {
      const stored = JSON.parse(window.localStorage.getItem('locale'));
      if (locales.includes(stored)) return stored;
    } catch {
      // Storage disabled or the value corrupt: the browser's language.
    }
    for (const tag of navigator.languages ?? []) {
      const primary = tag.trim().split(/[-_;]/)[0].toLowerCase();
      if (locales.includes(primary)) return primary;
    }
    return 'en';
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const scripts = document.getElementById('console-scripts');
    if (!(scripts instanceof HTMLTemplateElement)) return;
    const content = document.importNode(scripts.content, true);
    const catalogs = [...content.querySelectorAll('link[data-locale]')];
    const locale = chosenLocale(catalogs.map((link) => link.dataset.locale));
    for (const link of catalogs) if (link.dataset.locale !== locale) link.remove();
    document.head.append(content);
  };
  // After the next frame is painted; a hidden tab paints none, so a timer starts it anyway.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
})();
