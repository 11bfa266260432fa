import { defineConfig } from '@pandacss/dev';
import { globalCss } from './src/ui/theme/global-css';
import { patterns } from './src/ui/theme/patterns';
import { recipes, slotRecipes } from './src/ui/theme/recipes';
import { textStyles } from './src/ui/theme/text-styles';
import { semanticTokens, tokens } from './src/ui/theme/tokens';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  // The spec's dark-mode class option: `.dark` on <html>.
  conditions: { extend: { dark: '.dark &', light: ':root:not(.dark) &' } },
  globalCss,
  patterns: { extend: patterns },
  theme: {
    extend: { tokens, semanticTokens, textStyles, recipes, slotRecipes },
  },
});
