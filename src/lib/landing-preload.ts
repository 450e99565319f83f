// Loading a page's code before going there, for layers that cannot import the app's route table
// (the login screen). The app registers the loader; until it has, asking does nothing.

type Preloader = (path: string | null) => Promise<void>;
let preloader: Preloader = () => Promise.resolve();

/** Called once by the app with what loads the chunks of a path (null: the signed-in shell only). */
export function setLandingPreloader(load: Preloader): void {
  preloader = load;
}

/**
 * Loads the chunks of `path`, settling when they are in or after `withinMs`, whichever is first;
 * never fails (the page's own loading shows any error).
 */
export function preloadLanding(path: string | null, withinMs = 2000): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, withinMs);
    preloader(path)
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}
