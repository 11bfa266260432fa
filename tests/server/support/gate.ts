// Holding work at one point while a test looks at what happens meanwhile, instead of hoping the work is
// still under way: the work calls `wait()` there, which resolves `entered` and waits for `release()`.
export function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  return {
    entered,
    release,
    async wait(): Promise<void> {
      enter();
      await opened;
    },
  };
}
