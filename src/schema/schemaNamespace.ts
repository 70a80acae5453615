/** The schema classes, exported together as the `schema` namespace: `new schema.All(User)`. */
export { All } from './All.js';
export { ArraySchema as Array } from './ArraySchema.js';
export { ObjectSchema as Object } from './ObjectSchema.js';
export { Union } from './Union.js';
export { Values } from './Values.js';
export { Invalidate } from './Invalidate.js';
export { Query } from './Query.js';
export { Collection } from './Collection.js';
