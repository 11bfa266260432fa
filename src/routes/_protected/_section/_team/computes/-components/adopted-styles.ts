// xterm.js writes its colours and cell sizes into <style> elements it creates, which the console's strict
// CSP (style-src 'self', server/http/headers.ts) blocks. While a terminal is open, document.createElement
// ('style') hands out an inert <template> instead (Chromium checks any inserted <style>, whatever its type),
// and what is written into it goes into a constructed stylesheet adopted by the document, which CSP does not
// govern. The policy stays strict for everything else: no markup can bring its own styles.

/** Starts routing new <style> elements into adopted stylesheets; the returned function undoes it. */
export function adoptCreatedStyles(doc: Document = document): () => void {
  const original = doc.createElement;
  const sheets = new Set<CSSStyleSheet>();
  const drop = (sheet: CSSStyleSheet) => {
    sheets.delete(sheet);
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  };

  doc.createElement = function createElement(
    this: Document,
    tagName: string,
    options?: ElementCreationOptions,
  ): HTMLElement {
    if (tagName.toLowerCase() !== 'style') return original.call(this, tagName, options);
    const element = original.call(this, 'template');
    element.dataset.adoptedStyle = '';
    const sheet = new CSSStyleSheet();
    let text = '';
    Object.defineProperty(element, 'textContent', {
      configurable: true,
      get: () => text,
      set: (value: string | null) => {
        text = value ?? '';
        sheet.replaceSync(text);
      },
    });
    const remove = element.remove.bind(element);
    element.remove = () => {
      drop(sheet);
      remove();
    };
    sheets.add(sheet);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return element;
  } as typeof doc.createElement;

  return () => {
    doc.createElement = original;
    for (const sheet of [...sheets]) drop(sheet);
  };
}
