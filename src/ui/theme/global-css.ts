import { defineGlobalStyles } from '@pandacss/dev';

export const globalCss = defineGlobalStyles({
  'html, body': {
    bg: 'bg.canvas',
    color: 'fg.default',
    fontFamily: 'body',
    fontSize: 'sm',
    lineHeight: '1.5',
    WebkitFontSmoothing: 'antialiased',
  },
  'h1, h2, h3, h4': { fontFamily: 'heading', fontWeight: '600', lineHeight: '1.25' },
  'code, kbd, pre, samp': { fontFamily: 'mono' },
  ':focus-visible': { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  '::selection': { bg: 'accent.subtle' },
});
