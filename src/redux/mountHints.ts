/**
 * How to fix a store that lacks a mount point's slice or middleware. The default mount point is
 * the package's `entitiesSlice` and `createDataMiddleware`; any other belongs to a
 * `createEntities({ reducerPath })` mount point, whose own members the hints name.
 */
const DEFAULT_PATH = 'entities';

/**
 * Says that the slice at `reducerPath` is not in the store, and how to add it.
 * @param failure what failed for want of it: `GET /users cannot be stored`
 */
export function unmountedSliceMessage(reducerPath: string, failure: string): string {
  const problem = `rtk-entities: ${failure}: the '${reducerPath}' slice is not in the store. `;
  if (reducerPath === DEFAULT_PATH)
    return `${problem}Add \`[entitiesSlice.reducerPath]: entitiesSlice.reducer\` to the reducer of configureStore.`;
  const name = variableName(reducerPath);
  return (
    `${problem}Add the slice of createEntities({ reducerPath: '${reducerPath}' }) to the reducer of configureStore: ` +
    `\`[${name}.entitiesSlice.reducerPath]: ${name}.entitiesSlice.reducer\`, where \`${name}\` is what that createEntities call returned.`
  );
}

/** Says that no middleware answers for the mount point at `reducerPath`, and how to add it. */
export function missingMiddlewareMessage(reducerPath: string): string {
  const problem = `rtk-entities: the data middleware for '${reducerPath}' is not installed. `;
  if (reducerPath === DEFAULT_PATH)
    return `${problem}Add it to configureStore: \`middleware: (getDefault) => getDefault().concat(createDataMiddleware())\`.`;
  const name = variableName(reducerPath);
  return (
    `${problem}Add the middleware of createEntities({ reducerPath: '${reducerPath}' }) to configureStore: ` +
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
