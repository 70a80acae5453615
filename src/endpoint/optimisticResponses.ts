/**
 * The optimistic responses `createResource({ optimistic: true })` gives its mutations: what the
 * server will most likely answer, built from the request's own arguments.
 */
export const optimisticResponses = {
  /** A create answers with the body it was sent (which must carry the new item's id). */
  create: (_snapshot: unknown, ...args: unknown[]) => args.at(-1),
  /** An update answers with the params (the id) and the fields sent. */
  update: (_snapshot: unknown, ...args: unknown[]) => ({ ...(args[0] as object), ...(args[1] as object) }),
  /** A delete answers with the params (the id). */
  remove: (_snapshot: unknown, ...args: unknown[]) => args[0],
};
