/**
 * Leading + trailing throttle: the first call runs at once, later calls inside `wait` ms collapse into one
 * trailing call with the latest arguments. Used for the table height (500 ms) and the dialog drag (10 ms), spec §9.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0) {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      pending = null;
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = null;
      if (pending) {
        const p = pending;
        pending = null;
        run(p);
      }
    }, remaining);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
