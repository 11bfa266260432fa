// The machine inspector, in development builds only (src/main.tsx imports it behind import.meta.env.DEV,
// so production bundles leave it out). It records every machine actor from the start; the panel opens with
// Alt+Shift+I or ?inspect=1, and ?inspect=stately also streams to the hosted Stately inspector.
import { createRoot, type Root } from 'react-dom/client';
import { InspectorPanel } from './inspector-panel';
import { InspectionRecorder } from './recorder';
import { createStatelyInspector, type Inspect } from './stately';

export const INSPECTOR_HOTKEY = 'Alt+Shift+I';

export async function installInspector(): Promise<Inspect> {
  const recorder = new InspectionRecorder();
  const asked = new URLSearchParams(window.location.search).get('inspect');
  const stately = asked === 'stately' ? await createStatelyInspector() : undefined;

  let host: HTMLElement | null = null;
  let root: Root | null = null;
  const close = () => {
    root?.unmount();
    host?.remove();
    host = null;
    root = null;
  };
  const open = () => {
    if (host) return;
    host = document.createElement('div');
    host.id = 'machine-inspector';
    document.body.append(host);
    root = createRoot(host);
    root.render(<InspectorPanel recorder={recorder} hotkey={INSPECTOR_HOTKEY} onClose={close} />);
  };
  window.addEventListener('keydown', (event) => {
    if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI') {
      event.preventDefault();
      if (host) close();
      else open();
    }
  });
  if (asked === '1' || asked === 'panel') open();

  return (event) => {
    recorder.inspect(event);
    stately?.(event);
  };
}
