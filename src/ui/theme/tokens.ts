// Design tokens from SPEC §9: purple primary, red failure, Inter/Sora/Geist Mono, sizes 12–24 px.
import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

/** The spec's brand colours, also used outside Panda (the progress bar machine's view). */
export const brand = {
  primary: '#6b63ff',
  failure: '#D21717',
} as const;

export const tokens = defineTokens({
  colors: {
    purple: {
      50: { value: '#f1f0ff' },
      100: { value: '#e4e2ff' },
      200: { value: '#cbc8ff' },
      300: { value: '#b3aeff' },
      400: { value: '#9d97ff' },
      500: { value: brand.primary },
      600: { value: '#5d54f5' },
      700: { value: '#4a41d4' },
      800: { value: '#3f37b8' },
      900: { value: '#2b2580' },
    },
    red: {
      50: { value: '#fdeeee' },
      100: { value: '#fbd5d5' },
      400: { value: '#f87171' },
      500: { value: brand.failure },
      700: { value: '#9b1010' },
    },
    green: {
      50: { value: '#ecfdf3' },
      400: { value: '#4ade80' },
      600: { value: '#16803c' },
      700: { value: '#116530' },
    },
    amber: {
      50: { value: '#fffaeb' },
      400: { value: '#fbbf24' },
      700: { value: '#92400e' },
    },
    gray: {
      0: { value: '#ffffff' },
      50: { value: '#f7f7f9' },
      100: { value: '#eeeff2' },
      200: { value: '#e1e3e8' },
      300: { value: '#c9ccd4' },
      400: { value: '#9ca3af' },
      500: { value: '#6b7280' },
      600: { value: '#4b5160' },
      700: { value: '#2f3441' },
      800: { value: '#1d212b' },
      850: { value: '#171a23' },
      900: { value: '#0f1117' },
    },
  },
  fonts: {
    body: { value: "'Inter', ui-sans-serif, system-ui, sans-serif" },
    heading: { value: "'Sora', 'Inter', ui-sans-serif, system-ui, sans-serif" },
    mono: { value: "'Geist Mono', ui-monospace, SFMono-Regular, Menlo, monospace" },
  },
  fontSizes: {
    xs: { value: '12px' },
    sm: { value: '14px' },
    md: { value: '16px' },
    lg: { value: '18px' },
    xl: { value: '20px' },
    '2xl': { value: '24px' },
  },
  radii: {
    sm: { value: '4px' },
    md: { value: '6px' },
    lg: { value: '10px' },
    full: { value: '9999px' },
  },
  durations: {
    progressWidth: { value: '0.2s' },
    progressOpacity: { value: '0.6s' },
  },
  sizes: {
    progressBar: { value: '2px' },
  },
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: { base: '{colors.gray.50}', _dark: '{colors.gray.900}' } },
      surface: { value: { base: '{colors.gray.0}', _dark: '{colors.gray.850}' } },
      subtle: { value: { base: '{colors.gray.100}', _dark: '{colors.gray.800}' } },
      muted: { value: { base: '{colors.gray.200}', _dark: '{colors.gray.700}' } },
      overlay: { value: { base: 'rgba(15, 17, 23, 0.5)', _dark: 'rgba(0, 0, 0, 0.6)' } },
    },
    fg: {
      default: { value: { base: '{colors.gray.800}', _dark: '{colors.gray.100}' } },
      muted: { value: { base: '{colors.gray.600}', _dark: '{colors.gray.300}' } },
      subtle: { value: { base: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
      inverted: { value: { base: '{colors.gray.0}', _dark: '{colors.gray.900}' } },
    },
    border: {
      default: { value: { base: '{colors.gray.200}', _dark: '{colors.gray.700}' } },
      strong: { value: { base: '{colors.gray.400}', _dark: '{colors.gray.500}' } },
      // The edge of a text input or select: the only thing that shows where to type, so it needs 3:1
      // against the surface (WCAG 1.4.11), which `strong` (2.5:1 on white) does not reach.
      control: { value: '{colors.gray.500}' },
    },
    accent: {
      // The brand purple itself fails AA for small white text, so solid fills use the 600 shade.
      brand: { value: '{colors.purple.500}' },
      solid: { value: '{colors.purple.600}' },
      solidHover: { value: '{colors.purple.700}' },
      onSolid: { value: '{colors.gray.0}' },
      text: { value: { base: '{colors.purple.700}', _dark: '{colors.purple.300}' } },
      subtle: { value: { base: '{colors.purple.50}', _dark: 'rgba(107, 99, 255, 0.16)' } },
      focusRing: { value: { base: '{colors.purple.500}', _dark: '{colors.purple.400}' } },
    },
    danger: {
      brand: { value: '{colors.red.500}' },
      solid: { value: '{colors.red.500}' },
      solidHover: { value: '{colors.red.700}' },
      text: { value: { base: '{colors.red.500}', _dark: '{colors.red.400}' } },
      subtle: { value: { base: '{colors.red.50}', _dark: 'rgba(210, 23, 23, 0.18)' } },
    },
    success: {
      text: { value: { base: '{colors.green.700}', _dark: '{colors.green.400}' } },
      subtle: { value: { base: '{colors.green.50}', _dark: 'rgba(22, 128, 60, 0.2)' } },
    },
    warning: {
      text: { value: { base: '{colors.amber.700}', _dark: '{colors.amber.400}' } },
      subtle: { value: { base: '{colors.amber.50}', _dark: 'rgba(251, 191, 36, 0.14)' } },
    },
  },
});
