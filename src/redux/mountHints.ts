/**
 * How to fix a store that lacks a mount point's slice or middleware. The default mount point is
 * the package's `entitiesSlice` and `createDataMiddleware`; any other belongs to a
 * `createEntities({ reducerPath })` mount point, whose own members the hints name.
 */
const DEFAULT_PATH = 'entities';

/**
 * Says that the slice at `reducerPath` is not in the store, and (in development) how to add it.
 * @param failure what failed for want of it: `GET /users cannot be stored`
 */
export function unmountedSliceMessage(reducerPath: string, failure: string): string {
  const problem = `rtk-entities: ${failure}: the '${reducerPath}' slice is not in the store.`;
  return process.env.NODE_ENV !== 'production' ? `${problem} ${addSlice(reducerPath)}` : problem;
}

/** How to add the slice at `reducerPath` to the store. */
function addSlice(reducerPath: string): string {
  if (reducerPath === DEFAULT_PATH)
    return 'Add `[entitiesSlice.reducerPath]: entitiesSlice.reducer` to the reducer of configureStore.';
  const name = variableName(reducerPath);
  return (
    `Add the slice of createEntities({ reducerPath: '${reducerPath}' }) to the reducer of configureStore: ` +
    `\`[${name}.entitiesSlice.reducerPath]: ${name}.entitiesSlice.reducer\`, where \`${name}\` is what that createEntities call returned.`
  );
}

/** Says that no middleware answers for the mount point at `reducerPath`, and (in development) how to add it. */
export function missingMiddlewareMessage(reducerPath: string): string {
  const problem = `rtk-entities: the data middleware for '${reducerPath}' is not installed.`;
  return process.env.NODE_ENV !== 'production' ? `${problem} ${addMiddleware(reducerPath)}` : problem;
}

/** How to add the middleware of the mount point at `reducerPath`. */
function addMiddleware(reducerPath: string): string {
  if (reducerPath === DEFAULT_PATH)
    return 'Add it to configureStore: `middleware: (getDefault) => getDefault().concat(createDataMiddleware())`.';
  const name = variableName(reducerPath);
  return (
    `Add the middleware of createEntities({ reducerPath: '${reducerPath}' }) to configureStore: ` +
    `\`middleware: (getDefault) => getDefault().concat(${name}.createDataMiddleware())\`, where \`${name}\` is what that createEntities call returned.`
  );
}

/** A readable stand-in for the user's variable: the path itself when it is an identifier. */
function variableName(reducerPath: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(reducerPath) ? reducerPath : 'entities';
}

/** Says, in development, that a store without the middleware at `reducerPath` never fetches what its readers show. */
export function unreadMiddlewareMessage(reducerPath: string): string {
  return `${missingMiddlewareMessage(reducerPath)} Without it, nothing in this store fetches: useCache and useQuery read only what is there.`;
}

/**
 * Says, in development, that the slice at `reducerPath` took a state from elsewhere without the
 * checks of `rtk-entities/rehydrate`, and how to add them.
 */
export function uncheckedStateMessage(reducerPath: string): string {
  const middleware =
    reducerPath === DEFAULT_PATH ? 'createDataMiddleware' : `${variableName(reducerPath)}.createDataMiddleware`;
  return (
    `rtk-entities: the '${reducerPath}' slice was given a state from elsewhere (preloadedState, a rehydration) and ` +
    'takes it unchecked: a part this store cannot keep (an older version’s shape, a time far ahead, a record that ' +
    `is not JSON) would break it. Check it: import { rehydrate } from 'rtk-entities/rehydrate' and pass ` +
    `${middleware}({ rehydrate }).`
  );
}
