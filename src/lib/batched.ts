/**
 * `run` once for every burst of calls: the first call of a burst schedules it `ms` later, and the calls
 * until then join it. For listeners of a store that changes in bursts (a queue draining hundreds of
 * writes would otherwise re-render its screens once per change).
 */
export function batched(run: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      run();
    }, ms);
  };
}
