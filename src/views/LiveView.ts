import { assertLimit, viewName, type Query, type QueryOptions } from '../schema/Query.js';
import { keyString } from '../schema/toPk.js';
import { describeValue } from '../utils/describeValue.js';

/** A sort key, or `undefined` for every item of a view without `orderBy`. */
type SortKey = number | string | undefined;

/** What an item sorts by, in order: its key, its kind, its pk (a number if it is a whole number); then the item. */
type Rank = readonly [key: SortKey, kind: string, pk: number | string, item: Item];

/** An item of a view: an entity instance (its class names its kind, its `pk()` its key). */
export interface Item {
  pk(): unknown;
  readonly constructor: { readonly key: string };
}

/** Past this many changes in one read, a view is sorted again rather than changed item by item. */
const RESORT_BELOW = 8;
/**
 * Items per block of a view's rows. The rows are kept in blocks so that an item put in or taken out
 * moves at most two blocks' worth of others: `splice` on one array of 100,000 measured 250 µs.
 */
const BLOCK = 512;
/** A primary key that ties sort by value: a whole number JavaScript holds exactly, written as it prints. */
const WHOLE = /^(0|-?[1-9]\d{0,14})$/;

/**
 * One live view (`schema.Query` with options) of one memo, for one arguments value: the matching
 * items, sorted, and the lists of items they came from. This file answers "what does a write cost a
 * view?": a read compares the lists it is given with the lists it read last, by reference. A list
 * read again unchanged at its place is skipped whole: an unchanged part of a table gives the very list it gave
 * (`listKind` in `views/index.ts`), and an unchanged entity the very instance (the memo), so what
 * differs is exactly what changed. Each item that left is taken out, each that came is put in, by binary search; every
 * other item keeps its place and instance. The output is a new array only when its items changed.
 */
export class LiveView {
  /** The lists read last, each as given. */
  #lists: readonly (readonly Item[])[] = [];
  /** The matching items in output order, in blocks of up to twice `BLOCK` (none empty). */
  #blocks: Item[][] = [];
  #output: readonly Item[] | undefined;
  /** 1 for asc, -1 for desc. */
  readonly #sign: number;

  declare readonly query: Query;
  declare readonly args: readonly unknown[];

  constructor(query: Query, args: readonly unknown[]) {
    this.query = query;
    this.args = args;
    this.#sign = query.options?.order === 'desc' ? -1 : 1;
  }

  /**
   * The view over `lists` (every item of the wrapped list, in parts): the previous output when no
   * item it shows changed.
   */
  read(lists: readonly (readonly Item[])[]): readonly Item[] {
    const before = this.#output;
    const { where, limit } = this.query.options as QueryOptions;
    const matches = (item: Item | undefined): item is Item => item != null && (!where || where(item, ...this.args));
    const changed = before && changes(this.#lists, lists);
    const blocks = this.#blocks;
    let moved = !changed;
    if (!changed || changed.gone.size + changed.came.length > blocks.length * (BLOCK / RESORT_BELOW) + 64) {
      const ranks: Rank[] = [];
      for (const list of lists) for (const item of list) if (matches(item)) ranks.push(this.#rank(item));
      if (process.env.NODE_ENV !== 'production') for (const rank of ranks) checkKey(this, rank);
      ranks.sort(this.#compare);
      blocks.length = 0;
      for (let i = 0; i < ranks.length; i += BLOCK) blocks.push(ranks.slice(i, i + BLOCK).map((rank) => rank[3]));
      moved = true;
    } else {
      for (const item of changed.gone) {
        if (!matches(item)) continue;
        let [b, at] = this.#find(item);
        // found where its key says, unless orderBy gave it another key since
        if (blocks[b]?.[at] !== item)
          at = (blocks[(b = blocks.findIndex((block) => block.includes(item)))] ?? []).indexOf(item);
        if (at < 0) continue;
        const block = blocks[b] as Item[];
        block.splice(at, 1);
        if (block.length === 0) blocks.splice(b, 1);
        moved = true;
      }
      for (const item of changed.came) {
        if (!matches(item)) continue;
        const [b, at] = this.#find(item);
        const block = blocks[b];
        if (block === undefined) blocks.push([item]);
        else {
          block.splice(at, 0, item);
          if (block.length > 2 * BLOCK) blocks.splice(b, 1, block.slice(0, BLOCK), block.slice(BLOCK));
        }
        moved = true;
      }
    }
    this.#lists = lists;
    if (!moved) return before as readonly Item[];
    const count = typeof limit === 'function' ? limit(...this.args) : limit;
    if (process.env.NODE_ENV !== 'production' && typeof limit === 'function') assertLimit(this.query, count);
    if (count === undefined) return (this.#output = ([] as Item[]).concat(...blocks));
    // the first `count`, from the blocks that hold them: a new array only if they changed
    const output: Item[] = [];
    for (let b = 0; output.length < count && b < blocks.length;)
      output.push(...(blocks[b++] as Item[]).slice(0, count - output.length));
    return (this.#output =
      before?.length === output.length && output.every((item, i) => item === before[i]) ? before : output);
  }

  /** Where `item` goes: its block, and the first position there whose item does not sort before it. */
  #find(item: Item): [block: number, at: number] {
    const rank = this.#rank(item);
    if (process.env.NODE_ENV !== 'production') checkKey(this, rank);
    // the sort keys alone tell items apart but for a tie: the rest of a rank (and its array) only then
    const sortsBefore = (other: Item) => {
      const key = this.query.options?.orderBy?.(other);
      return key === rank[0] ? this.#compare(this.#rank(other), rank) < 0 : key! < rank[0]! === this.#sign > 0;
    };
    const blocks = this.#blocks;
    // the first block whose last item does not sort before `item`, or the last block
    let low = 0;
    let high = blocks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sortsBefore((blocks[middle] as Item[]).at(-1) as Item)) low = middle + 1;
      else high = middle;
    }
    const block = blocks[low] ?? [];
    let at = 0;
    high = block.length;
    while (at < high) {
      const middle = (at + high) >>> 1;
      if (sortsBefore(block[middle] as Item)) at = middle + 1;
      else high = middle;
    }
    return [low, at];
  }

  /** By key, then kind, then primary key (whole-number ones by value, before the others); desc is asc reversed, ties included. */
  #compare = (a: Rank, b: Rank): number => {
    const sign = this.#sign;
    if (a[0] !== b[0]) return a[0]! < b[0]! ? -sign : sign;
    if (a[1] !== b[1]) return a[1] < b[1] ? -sign : sign;
    const x = a[2];
    const y = b[2];
    if (typeof x === typeof y) return x === y ? 0 : x < y ? -sign : sign;
    return typeof x === 'number' ? -sign : sign;
  };

  #rank(item: Item): Rank {
    const pk = keyString(item.pk());
    return [this.query.options?.orderBy?.(item), item.constructor.key, WHOLE.test(pk) ? +pk : pk, item];
  }
}

/** The type of each view's first sort key, in development: a mix of numbers and strings is refused. */
const keyTypes = new WeakMap<LiveView, string>();

/**
 * A development check of a sort key: a number (not `NaN`) or a string, of the type the view's keys have.
 * @throws TypeError naming the view and the item
 */
function checkKey(view: LiveView, [key, kind, pk]: Rank): void {
  if (view.query.options?.orderBy === undefined) return;
  const type = typeof key;
  const item = `${kind} ${pk}`;
  if (!(type === 'string' || (type === 'number' && key === key)))
    throw new TypeError(
      `${viewName(view.query)}: orderBy must return a number or a string; it returned ${describeValue(key)} for ${item}.`,
    );
  const first = keyTypes.get(view) ?? type;
  keyTypes.set(view, first);
  if (first !== type)
    throw new TypeError(
      `${viewName(view.query)}: orderBy must return numbers only or strings only; it returned a ${type} for ${item} after a ${first}.`,
    );
}

/**
 * What left and what came between two readings of the same lists, items compared by reference. A
 * list given again at its place, counted from the start or from the end, is skipped (a part of a table
 * a write did not change gives the very list it gave, also when a part before it went); the others are
 * compared position by position (a part where records changed keeps its others, in place). Items
 * after one taken out or put in are read as gone and come, and cancel out.
 */
function changes(
  before: readonly (readonly Item[])[],
  after: readonly (readonly Item[])[],
): { gone: Set<Item>; came: Item[] } {
  // the items of the lists of `from` that `to` does not give again at their place, counted from the
  // start or from the end (so lists after one that went or came are matched too)
  const unmatched = (from: typeof before, to: typeof before): Item[] =>
    ([] as Item[]).concat(...from.filter((list, i) => list !== to[i] && list !== to[i + to.length - from.length]));
  const old = unmatched(before, after);
  const fresh = unmatched(after, before);
  const gone = new Set<Item>();
  const came: Item[] = [];
  for (let i = 0; i < Math.max(old.length, fresh.length); i++) {
    if (old[i] === fresh[i]) continue;
    if (i < old.length) gone.add(old[i] as Item);
    if (i < fresh.length) came.push(fresh[i] as Item);
  }
  // an item on both sides moved within the lists: it stays
  return { gone, came: came.filter((item) => !gone.delete(item)) };
}
