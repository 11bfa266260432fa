// Where floating parts (select lists, menus, tooltips) render. Normally at the end of <body>; inside a
// dialog, inside the dialog itself: a dialog hides everything outside it from assistive technology and
// sits above it, so a list portalled next to it would be both invisible and unreachable.
import { Portal } from '@ark-ui/react/portal';
import { createContext, type ReactNode, type RefObject, useContext } from 'react';

const LayerContainer = createContext<RefObject<HTMLElement | null> | null>(null);

export function LayerContainerProvider({
  container,
  children,
}: {
  container: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return <LayerContainer.Provider value={container}>{children}</LayerContainer.Provider>;
}

export function Layer({ children }: { children: ReactNode }) {
  const container = useContext(LayerContainer);
  return <Portal container={container ?? undefined}>{children}</Portal>;
}
