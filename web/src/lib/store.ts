import { createStore } from 'jotai';

/**
 * The one jotai store of the app, created once. React reads it through <Provider store={store}>;
 * non-React code (the session and socket modules, feature loaders) reads and writes atoms through it.
 */
export const store = createStore();

export { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';

const sessionResets = new Set<() => void>();

/** A feature registers how to forget its data, so the next person signing in on this tab starts clean. */
export const onSessionReset = (reset: () => void): void => {
  sessionResets.add(reset);
};
export const resetSessionData = (): void => {
  sessionResets.forEach((reset) => reset());
};
