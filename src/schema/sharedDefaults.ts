/**
 * Nested defaults a read would throw away. A class declaring `author = User.fromJS()` builds a User
 * with every instance, and a read then puts the stored author in its place: on a read of 10,000
 * changed comments, those throwaway Users were about 40% of what the read allocated. While a read
 * constructs an instance (`constructSharing`), `Entity.fromJS()` called with no fields gives one
 * frozen default of its class instead (`sharedDefault`), made once and shared; the read then puts the
 * stored entity, or a default of the instance's own, where it was (`ReadPlan`).
 */

/** Whether an instance is being constructed for a read, and how many shared defaults it was given. */
let sharing = false;
let handed = 0;
let lastHanded = 0;
/** The frozen default of each class, with the last one asked for (a read asks for one class over and over). */
const defaults = new WeakMap<object, object>();
let lastClass: object | undefined;
let lastDefault: object | undefined;

/**
 * The frozen default instance of `entity`, while a read constructs an instance; `undefined` at any
 * other time (then `fromJS()` builds one as usual).
 */
export function sharedDefault(entity: new () => object): object | undefined {
  if (!sharing) return undefined;
  handed++;
  return entity === lastClass ? lastDefault : defaultOf(entity);
}

/** The frozen default of `entity`, if one was ever handed out (never made here: a class's constructor may throw). */
export function sharedOf(entity: unknown): object | undefined {
  return entity === lastClass ? lastDefault : defaults.get(entity as object);
}

/** The frozen default instance of `entity`, made (by `new`, as usual) the first time it is asked for. */
function defaultOf(entity: new () => object): object {
  let value = defaults.get(entity);
  if (value === undefined) {
    const outer = sharing;
    sharing = false;
    try {
      value = Object.freeze(new entity());
    } finally {
      sharing = outer;
    }
    defaults.set(entity, value);
  }
  lastClass = entity;
  lastDefault = value;
  return value;
}

/**
 * `new entity()`, with every `fromJS()` its initializers and constructor call without fields given a
 * shared frozen default (how many: `handedOut`).
 */
export function constructSharing(entity: new () => object): object {
  const outer = sharing;
  const outerHanded = handed;
  sharing = true;
  handed = 0;
  try {
    return new entity();
  } finally {
    lastHanded = handed;
    sharing = outer;
    handed = outerHanded;
  }
}

/** How many shared defaults the last `constructSharing` gave out. */
export function handedOut(): number {
  return lastHanded;
}
