import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const dialogRecipe = defineSlotRecipe({
  className: 'dialog',
  jsx: ['Dialog', 'ConfirmDialog'],
  slots: [...dialogAnatomy.keys(), 'header', 'body', 'footer'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      bg: 'bg.overlay',
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'center',
      overflowY: 'auto',
      p: '4',
      pt: { base: '10', md: '20' },
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      w: 'full',
      maxW: 'lg',
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
      boxShadow: 'xl',
      _focusVisible: { outline: 'none' },
      // Fades in without keyframes; people who ask for less motion get no transition at all.
      transition: 'opacity 150ms ease-out, translate 150ms ease-out',
      _starting: { opacity: '0', translate: '0 8px' },
      _motionReduce: { transition: 'none' },
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '5', pe: '12' },
    title: { fontFamily: 'heading', fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { px: '6', pt: '4', fontSize: 'sm' },
    footer: {
      display: 'flex',
      flexWrap: 'wrap-reverse',
      justifyContent: 'flex-end',
      gap: '2',
      px: '6',
      pt: '5',
      pb: '5',
    },
    closeTrigger: { position: 'absolute', top: '3', insetEnd: '3' },
  },
  variants: {
    size: {
      sm: { content: { maxW: 'md' } },
      md: { content: { maxW: 'lg' } },
      lg: { content: { maxW: '3xl' } },
    },
  },
  defaultVariants: { size: 'md' },
  staticCss: ['*'],
});
