/**
 * Case 6: heap bytes per stored entity. Each library stores the same response of members; the heap
 * after a full GC, minus the heap before, is what the store retains (the response itself is garbage
 * by then). Needs `node --expose-gc`; without it only the correctness checks run.
 */
import { normalize } from '../../src/index.js';
import { entitiesSlice } from '../../src/index.js';
import { getMembers, makeMembers, type Sizes } from '../fixtures.js';
import { LIBRARIES, assert, median, type Library } from '../model.js';
import { makeOurStore, makeRtkStore, memberSelectors, membersSlice, rtkMemberSelectors } from '../stores.js';
import { plainApply } from './store.js';

export interface MemoryRow {
  readonly library: Library;
  readonly variant: string;
  /** Retained heap per stored entity, or `undefined` when `gc` is not exposed. */
  readonly bytesPerEntity: number | undefined;
}

interface Loader {
  readonly library: Library;
  readonly variant: string;
  /** Builds the store from a fresh response and returns it with the number of entities it lists. */
  load(count: number): { kept: unknown; count: () => number };
}

const meta = { fetchedAt: 1, date: 1, expiresAt: Number.MAX_SAFE_INTEGER };

const loaders: Loader[] = [
  {
    library: 'ours',
    variant: 'ctrl.setResponse (state + memoized read it returns)',
    load(count) {
      const { store, ctrl } = makeOurStore();
      ctrl.setResponse(getMembers, {}, makeMembers(count));
      return { kept: store, count: () => memberSelectors.selectTotal(store.getState()) };
    },
  },
  {
    library: 'ours',
    variant: 'state only (normalize + fetchFulfilled, nothing read)',
    load(count) {
      const { store } = makeOurStore();
      const written = normalize(getMembers.schema, makeMembers(count), [], { meta });
      store.dispatch(
        entitiesSlice.actions.fetchFulfilled({
          key: getMembers.key(),
          result: written.result,
          entities: written.entities,
          entitiesMeta: written.entitiesMeta,
          indexes: written.indexes,
          meta,
        }),
      );
      return { kept: store, count: () => memberSelectors.selectTotal(store.getState()) };
    },
  },
  {
    library: 'rtk',
    variant: 'upsertMany',
    load(count) {
      const store = makeRtkStore();
      store.dispatch(membersSlice.actions.upsertMany(makeMembers(count)));
      return { kept: store, count: () => rtkMemberSelectors.selectTotal(store.getState()) };
    },
  },
  {
    library: 'plain',
    variant: 'one object of copied rows',
    load(count) {
      const { table } = plainApply({}, makeMembers(count));
      return { kept: table, count: () => Object.keys(table).length };
    },
  },
];

const gc = (globalThis as { gc?: () => void }).gc;

function heapAfterGc(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * The heap one load of `count` entities retains, per entity (heapUsed after full collections): the
 * median over `runs` loads, or `undefined` when the process has no `gc`. `prepare` runs before each
 * measured load; `check` sees each load before it is let go.
 */
export function retainedPerEntity<T>(
  count: number,
  runs: number,
  load: () => T,
  check: (loaded: T) => void,
  prepare?: () => void,
): number | undefined {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    prepare?.();
    const before = heapAfterGc();
    let loaded: T | undefined = load();
    const after = heapAfterGc();
    check(loaded);
    loaded = undefined;
    samples.push((after - before) / count);
    if (gc === undefined) break;
  }
  return gc === undefined ? undefined : median(samples);
}

/** Median retained bytes per entity over `runs` loads; every load must list `count` entities. */
export function measureMemory(sizes: Sizes, runs = 3): MemoryRow[] {
  const count = sizes.memoryEntities;
  return loaders.map((loader) => ({
    library: loader.library,
    variant: loader.variant,
    bytesPerEntity: retainedPerEntity(
      count,
      runs,
      () => loader.load(count),
      (loaded) => {
        const listed = loaded.count();
        assert(
          listed === count,
          `memory: ${LIBRARIES[loader.library]} (${loader.variant}) lists ${listed} entities, expected ${count}`,
        );
      },
    ),
  }));
}

/** Heap retained per entity by one library's store of `count` entities (a `retainedByLibrary` row). */
export interface ScaleMemoryRow {
  readonly count: number;
  readonly library: Library;
  readonly bytesPerEntity: number | undefined;
}

/** A load of a library's store: what to keep alive, how many items it lists, and how many it must. */
type ListedLoad = (count: number) => { kept: unknown; listed: number; expected: number };

/**
 * Median over `runs` loads of the heap each of ours and RTK's store retains, per entity, at each of
 * `counts`; every load must list what it is expected to (`label` names the check). A load of 10
 * runs first: the selectors' caches (one per module) hold the last read, so the measured load does
 * not free what an earlier one left there.
 */
export function retainedByLibrary(
  counts: readonly number[],
  runs: number,
  label: string,
  load: Record<'ours' | 'rtk', ListedLoad>,
): ScaleMemoryRow[] {
  return counts.flatMap((count) =>
    (['ours', 'rtk'] as const).map((library) => ({
      count,
      library,
      bytesPerEntity: retainedPerEntity(
        count,
        runs,
        () => load[library](count),
        (loaded) =>
          assert(
            loaded.listed === loaded.expected,
            `${label}: ${LIBRARIES[library]} lists ${loaded.listed}, expected ${loaded.expected}`,
          ),
        () => load[library](10),
      ),
    })),
  );
}
