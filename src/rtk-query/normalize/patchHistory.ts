import { sameJson } from '../../normalizr/sameJson.js';
import type { RequestStart } from '../../schema/interface.js';
import { isRecord } from '../../utils/isRecord.js';
import { isArray } from '../../utils/isArray.js';

/** An Immer patch, as RTK Query's `patchQueryData` carries it. */
export interface Patch {
  readonly op: 'replace' | 'add' | 'remove';
  readonly path: readonly (string | number)[];
  readonly value?: unknown;
}

/** What one raw patch of an entry overwrote: each path it touched, with what was there before. */
interface RecordedPatch {
  readonly before: ReadonlyMap<string, { readonly held: boolean; readonly value: unknown }>;
  /** When its write started: its undo is ordered there, so a write that started later stays. */
  readonly start: RequestStart;
}

/** How many patches of one entry are remembered for their undo. */
const REMEMBERED = 20;

function isPatch(value: unknown): value is Patch {
  return isRecord(value) && typeof value.op === 'string' && isArray(value.path);
}

/** The patches of a `queryResultPatched` payload, or `undefined` if it holds something else. */
export function readPatches(value: unknown): readonly Patch[] | undefined {
  return isArray(value) && value.every(isPatch) ? value : undefined;
}

/** The value at `path` in `data`, and whether anything is there. */
function at(data: unknown, path: readonly (string | number)[]): { readonly held: boolean; readonly value: unknown } {
  let value = data;
  for (const step of path) {
    if (!isRecord(value) || !Object.hasOwn(value, step)) return { held: false, value: undefined };
    value = value[step];
  }
  return { held: true, value };
}

/**
 * The raw patches of one RTK Query entry (`updateQueryData`, `updateCachedData`), remembered so
 * that a patch's `undo()` is known for what it is. An undo puts back what its patch overwrote,
 * path by path (Immer's inverse patches); it is then ordered where its patch was, so it takes the
 * patch's value back where nothing newer wrote since, and leaves a newer write in place. RTK Query
 * alone applies the undo over the newer write.
 */
export class PatchHistory {
  #patches: RecordedPatch[] = [];

  /** A patch applied to `data` as the write that started at `start`. */
  record(data: unknown, patches: readonly Patch[], start: RequestStart): void {
    const before = new Map(patches.map((patch) => [JSON.stringify(patch.path), at(data, patch.path)] as const));
    this.#patches = [{ before, start }, ...this.#patches.slice(0, REMEMBERED - 1)];
  }

  /**
   * When `patches` undo a remembered patch (each puts back what that one overwrote, at exactly its
   * paths): that patch's start, and it is forgotten. Otherwise `undefined`.
   */
  undone(patches: readonly Patch[]): RequestStart | undefined {
    const found = this.#patches.find(
      ({ before }) =>
        before.size === patches.length &&
        patches.every((patch) => {
          const was = before.get(JSON.stringify(patch.path));
          if (was === undefined) return false;
          return was.held ? patch.op !== 'remove' && sameJson(patch.value, was.value) : patch.op === 'remove';
        }),
    );
    if (found === undefined) return undefined;
    this.#patches = this.#patches.filter((patch) => patch !== found);
    return found.start;
  }
}
