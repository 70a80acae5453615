import { createEntities } from './createEntities.js';

/** The default mount point, `state.entities`: its API is what the package exports at the top level. */
export const defaultEntities = createEntities();
