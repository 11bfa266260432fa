// The other half of the deliberate import cycle of a.ts.
import type { A } from './a';
import { a } from './a';

export type B = Partial<A>;
export const b = (): string => (Math.random() > 2 ? a() : 'b');
