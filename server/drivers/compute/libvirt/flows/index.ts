// Every transition's flow, by name: what the façade starts and what the engine resumes after a restart.
// A new transition (rebuild, resize, rescue…) is a file beside these and a line here.
import type { Transition } from '../../compute-driver';
import { destroyFlow } from './destroy';
import type { TransitionFlow } from './flow';
import { powerOffFlow } from './power-off';
import { powerOnFlow } from './power-on';
import { provisionFlow } from './provision';
import { rebootFlow } from './reboot';
import { rebuildFlow } from './rebuild';
import { rescueFlow } from './rescue';
import { resizeFlow } from './resize';
import { shutdownFlow } from './shutdown';
import { unrescueFlow } from './unrescue';

export const FLOWS: Record<Transition, TransitionFlow> = {
  provision: provisionFlow,
  power_on: powerOnFlow,
  shutdown: shutdownFlow,
  power_off: powerOffFlow,
  reboot: rebootFlow,
  rebuild: rebuildFlow,
  resize: resizeFlow,
  rescue: rescueFlow,
  unrescue: unrescueFlow,
  destroy: destroyFlow,
};
