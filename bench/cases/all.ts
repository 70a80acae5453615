/**
 * Case 3: `schema.All` over stored comments (each with an author), cold (fresh memo) and warm (same
 * state again); and ours alone at several sizes, to show how the cost grows, and with a class whose
 * nested author has no default, to count what `author = Person.fromJS()` costs a read.
 */
import { MemoCache as DataClientMemoCache, normalize as dataClientNormalize } from '@data-client/normalizr';
import { denormalize as normalizrDenormalize } from 'normalizr';
import { MemoCache, normalize, schema } from '../../src/index.js';
import type { EntityTables } from '../../src/index.js';
import { Person, allComments, dcAllComments, makeComments, normalizrCommentList, type Sizes } from '../fixtures.js';
import { Entity } from '../../src/index.js';
import { assert, benchCase, type BenchCase } from '../model.js';

type Row = Record<string, unknown>;

/** `Comment` without a default for its nested author: the read builds no Person that it then replaces. */
class BareComment extends Entity {
  id = '';
  text = '';
  author: Person | undefined = undefined;
  pk() {
    return this.id;
  }
  static override key = 'BareComment';
  static override schema = { author: Person };
}
const allBareComments = new schema.All(BareComment);
type Tables = Readonly<Record<string, Readonly<Record<string, Row>>>>;

/** The limit: every stored comment as a plain object, each author built once per read. */
export function plainAllComments(tables: Tables): Row[] {
  const comments = tables.Comment ?? {};
  const people = tables.Person ?? {};
  const authors = new Map<string, Row>();
  const output: Row[] = [];
  for (const id in comments) {
    const record = comments[id] as Row;
    const authorId = record.author as string;
    let author = authors.get(authorId);
    if (author === undefined) authors.set(authorId, (author = { ...people[authorId] }));
    output.push({ ...record, author });
  }
  return output;
}

/** The stored tables after a response of `count` comments. */
function storedComments(count: number, people: number) {
  const comments = makeComments(count, people);
  return {
    ours: normalize(allComments, comments).entities,
    dataClient: dataClientNormalize(dcAllComments, comments).entities as EntityTables,
  };
}

export function allCases(sizes: Sizes): BenchCase[] {
  const stored = storedComments(sizes.comments, sizes.people);
  const state = { entities: stored.dataClient, indexes: {} };
  const label = `schema.All over ${sizes.comments.toLocaleString('en-US')} comments with authors`;

  const cold = benchCase({
    id: 'all-cold',
    title: `${label}, cold`,
    target: { anchor: 'dataClient', ratio: 7 },
    contenders: [
      { library: 'ours', run: () => new MemoCache().denormalize(allComments, undefined, stored.ours) },
      { library: 'dataClient', run: () => new DataClientMemoCache().query(dcAllComments, [], state).data },
      {
        library: 'normalizr',
        run: () => normalizrDenormalize(Object.keys(stored.ours.Comment ?? {}), normalizrCommentList, stored.ours),
      },
      { library: 'plain', run: () => plainAllComments(stored.ours as Tables) },
    ],
  });

  const oursWarm = new MemoCache();
  const dcWarm = new DataClientMemoCache();
  let plainLast: { comments: unknown; people: unknown; output: Row[] } | undefined;
  const plainWarm = (tables: Tables) => {
    if (plainLast !== undefined && plainLast.comments === tables.Comment && plainLast.people === tables.Person)
      return plainLast.output;
    plainLast = { comments: tables.Comment, people: tables.Person, output: plainAllComments(tables) };
    return plainLast.output;
  };
  const warm = benchCase({
    id: 'all-warm',
    title: `${label}, warm`,
    contenders: [
      { library: 'ours', run: () => oursWarm.denormalize(allComments, undefined, stored.ours) },
      { library: 'dataClient', run: () => dcWarm.query(dcAllComments, [], state).data },
      { library: 'plain', run: () => plainWarm(stored.ours as Tables) },
    ],
    check() {
      assert(
        oursWarm.denormalize(allComments, undefined, stored.ours) ===
          oursWarm.denormalize(allComments, undefined, { ...stored.ours }),
        'All warm: the same tables must give the same array',
      );
    },
  });

  const scaling = sizes.allScaling.flatMap((count) => {
    const tables = count === sizes.comments ? stored.ours : storedComments(count, sizes.people).ours;
    const memo = new MemoCache();
    const size = count.toLocaleString('en-US');
    return [
      benchCase({
        id: `all-scale-cold-${count}`,
        title: `schema.All over ${size} comments, cold`,
        contenders: [{ library: 'ours', run: () => new MemoCache().denormalize(allComments, undefined, tables) }],
      }),
      benchCase({
        id: `all-scale-warm-${count}`,
        title: `schema.All over ${size} comments, warm`,
        contenders: [{ library: 'ours', run: () => memo.denormalize(allComments, undefined, tables) }],
      }),
    ];
  });

  const bare = normalize(allBareComments, makeComments(sizes.comments, sizes.people)).entities;
  const nestedDefault = benchCase({
    id: 'all-scale-cold-no-nested-default',
    title: `${label}, cold, a class without \`author = Person.fromJS()\``,
    contenders: [{ library: 'ours', run: () => new MemoCache().denormalize(allBareComments, undefined, bare) }],
  });

  return [cold, warm, ...scaling, nestedDefault];
}
