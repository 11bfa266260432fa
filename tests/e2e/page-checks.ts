// What the tests that visit every page check on each: nothing reaching past a phone's screen, no text too
// small to read, and (in French and Kinyarwanda) no English left and no message id showing instead of words.
import type { ConsolePage } from './browser';

/** The elements whose right edge is past the viewport, innermost first, described for a failure message. */
export async function sidewaysScroll({ page }: ConsolePage, settle = true): Promise<string[]> {
  // Let late content (charts, tables filled by the socket) settle before measuring.
  if (settle) await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const width = root.clientWidth;
    const offenders: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width === 0) continue;
      // Only the innermost: an element none of whose children also overflow.
      const child = [...element.children].some((c) => c.getBoundingClientRect().right > width + 0.5);
      if (child) continue;
      const label = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
      offenders.push(
        `${label} “${(element.textContent ?? '').trim().slice(0, 40)}” right=${Math.round(box.right)}`,
      );
    }
    return [`page is ${root.scrollWidth} px wide at ${width} px`, ...offenders.slice(0, 8)];
  });
}

/** Visible text set smaller than SPEC §9's smallest size, 12 px (charts and badges included). */
export async function tinyText({ page }: ConsolePage): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement | SVGElement>('main *')) {
      const own = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim());
      if (!own) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const size = Number.parseFloat(getComputedStyle(element).fontSize);
      // Drawn text (an SVG scaled down) shows smaller than its font-size: measure what is on screen.
      const shown = element instanceof SVGElement ? box.height : size;
      if (shown < 11.5)
        found.push(
          `${element.tagName.toLowerCase()} “${element.textContent?.trim().slice(0, 30)}” ${shown.toFixed(1)} px`,
        );
    }
    return found.slice(0, 6);
  });
}

/**
 * English words that are no French or Kinyarwanda word (nor a product or protocol name): one of them in a
 * page shown in French or Kinyarwanda is a message left untranslated. Words French shares with English
 * (images, volumes, actions, type, minutes, total, sessions, instance…) are not listed.
 */
const ENGLISH_ONLY = new Set(
  (
    'the and your you yours with this that these those for from of is are was were be been will would can ' +
    'could should has have had not what when which who where there their they them here all any each every ' +
    'into only more than then about after before because while until its our us must may might does ' +
    'did done one to at by if it an how why yet also just still please now ' +
    'create created delete deleted add added edit save saved cancel settings members member invoices invoice ' +
    'balance records record domains computes compute overview billing team teams name new show hide copy ' +
    'download upload back next loading retry search running stopped stopping starting power reboot shutdown ' +
    'destroy history monitoring resize rebuild rescue networks network firewall firewalls account security ' +
    'tokens token keys key pending owner admin remove leave transfer verify month day days hour hours ' +
    'seconds ago today yesterday price used left available error failed succeeded yes sign signed choose enter ' +
    'use send sent open closed nothing none something address addresses keep kept changed'
  ).split(' '),
);

/** Where English is not ours to translate: code, what a guest prints, what the person typed. */
const NOT_OURS = 'code, pre, kbd, samp, .xterm, [translate="no"], [data-user-content]';

/**
 * The texts on the page (visible text, accessible names, placeholders, the document's title) holding an
 * English word, or showing a message's id (`computes.list.title`) instead of its words.
 */
export async function englishLeft(
  { page }: ConsolePage,
  messageIds: ReadonlySet<string>,
  /** The team's own words (names it gave, the hostnames it chose), which are not ours to translate. */
  theirs: readonly string[] = [],
): Promise<string[]> {
  const texts = await page.evaluate((notOurs) => {
    const found: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest(notOurs) || parent.closest('script, style, template')) continue;
      // Hidden text (a closed menu) is not read; text only clipped for screen readers is.
      if (!parent.checkVisibility()) continue;
      found.push(text);
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest(notOurs)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  }, NOT_OURS);
  const left = new Set<string>();
  const longestFirst = [...theirs].sort((a, b) => b.length - a.length);
  for (const shown of texts) {
    const text = longestFirst.reduce((rest, word) => rest.split(word).join(' '), shown);
    const words = text.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)?/gu) ?? [];
    if (words.some((word) => ENGLISH_ONLY.has(word.replace(/['’].*$/, '')))) left.add(shown.slice(0, 80));
    for (const token of text.match(/\b[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+\b/g) ?? []) {
      if (messageIds.has(token)) left.add(`id ${token}`);
    }
  }
  return [...left];
}
