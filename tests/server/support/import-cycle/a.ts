// Half of a deliberate import cycle: tests/server/import-cycles.test.ts checks that it is found.
import type { B } from './b';
import { b } from './b';

export interface A {
  b: B;
}
export const a = (): string => `a${b()}`;
