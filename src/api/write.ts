import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

// The writes of the API modules: each module defines a write as its call and its cache effects (what
// it invalidates, sets or updates optimistically), `write(call, (client) => effects)`, exported as
// `xWrite` (or `xWrite(id)` when the call needs the record); a screen runs it with `useWrite`, adding
// only what it shows (a message, closing a dialog, navigating) through the same callbacks. Screens and
// widgets never touch the cache themselves (tests/unit/cache-effects-home.test.ts).

type Options<TData, TVariables, TContext> = UseMutationOptions<TData, Error, TVariables, TContext>;

/** What a screen may add to a write: its own callbacks and mutation settings, never the call itself. */
export type WriteOptions<TData, TVariables = void, TContext = unknown> = Omit<
  Options<TData, TVariables, TContext>,
  'mutationFn' | 'onMutate' | 'mutationKey'
>;

/** A write's cache effects, given the query client: the callbacks the API module runs before the screen's. */
export type CacheEffects<TData, TVariables, TContext> = Pick<
  Options<TData, TVariables, TContext>,
  'onMutate' | 'onSuccess' | 'onError' | 'onSettled'
>;

/**
 * Runs the module's callback, then the screen's: at once when the module's returns nothing, after it
 * when it returns a promise (a screen that closes once the list has been read again); the write settles
 * once both have.
 */
function both<A extends unknown[]>(
  first: ((...args: A) => unknown) | undefined,
  second: ((...args: A) => unknown) | undefined,
) {
  if (!first) return second;
  if (!second) return first;
  return (...args: A) => {
    const own = first(...args);
    if (own instanceof Promise) return own.then(() => second(...args));
    return second(...args);
  };
}

/** A write as its API module defines it: the call and its cache effects (`write(call, (client) => effects)`). */
export interface Write<TData, TVariables, TContext> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  effects: (client: QueryClient) => CacheEffects<TData, TVariables, TContext>;
}

export function write<TData, TVariables = void, TContext = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  effects: (client: QueryClient) => CacheEffects<TData, TVariables, TContext>,
): Write<TData, TVariables, TContext> {
  return { mutationFn, effects };
}

/** Runs an API module's write from a screen: `useWrite(createDncWrite, { onSuccess: close })`. */
export function useWrite<TData, TVariables, TContext>(
  definition: Write<TData, TVariables, TContext>,
  options: WriteOptions<TData, TVariables, TContext> = {},
): UseMutationResult<TData, Error, TVariables, TContext> {
  const client = useQueryClient();
  const own = definition.effects(client);
  return useMutation<TData, Error, TVariables, TContext>({
    ...options,
    mutationFn: definition.mutationFn,
    onMutate: own.onMutate,
    onSuccess: both(own.onSuccess, options.onSuccess),
    onError: both(own.onError, options.onError),
    onSettled: both(own.onSettled, options.onSettled),
  });
}
