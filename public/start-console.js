// Starts the console's scripts once index.html's first paint is on screen (see startConsoleAfterFirstPaint in
// vite.config.ts): they wait in <template id="console-scripts">, and a template's scripts run once its copy
// is put in the document. Plain script, no imports; an external file because the CSP forbids inline scripts.
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const scripts = document.getElementById('console-scripts');
    if (scripts instanceof HTMLTemplateElement)
      document.head.append(document.importNode(scripts.content, true));
  };
  // After the next frame is painted; a hidden tab paints none, so a timer starts it anyway.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
})();
