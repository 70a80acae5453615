/**
 * The path apps live on (DESIGN §6): reads through the store's LONG-LIVED memo of records it has
 * never seen (every refetch brings new post and comment records; the people stay the same), after
 * 200 refetches, beside RTK's own way: `createEntityAdapter` tables and a `createSelector` join that
 * builds new post objects and reuses the stored people. Each measured call reads the state a new
 * refetch left (applied outside the timing).
 */
import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { denormalize as normalizrDenormalize, normalize as normalizrNormalize } from 'normalizr';
import { RestEndpoint, entitiesSlice, normalize, schema, selectQuery, selectResponse } from '../../src/index.js';
import type { EntitiesState } from '../../src/index.js';
import { keysOf, recordOf } from '../../src/storage/table.js';
import {
  Article,
  Comment,
  Person,
  makeArticles,
  makeComments,
  normalizrArticleList,
  normalizrCommentList,
  type Sizes,
} from '../fixtures.js';
import { SLOW_CALL_ROUNDS, assert, benchCase, type BenchCase } from '../model.js';
import { plainDenormalizePosts } from './denormalize.js';

type Row = Record<string, unknown>;
type Tables = Readonly<Record<string, Readonly<Record<string, Row>>>>;

const REFETCHES_BEFORE = 200;
const getArticles = new RestEndpoint({ urlPrefix: 'https://bench.invalid', path: '/articles', schema: [Article] });
const allComments = new schema.All(Comment);

/** Refetch `n` of the posts: the same people, every post and comment a new record (a changed text). */
function refetchedPosts(count: number, people: number, n: number) {
  return makeArticles(count, people).map((post) => ({
    ...post,
    title: `${post.title} #${n}`,
    comments: post.comments.map((comment) => ({ ...comment, text: `${comment.text} #${n}` })),
  }));
}

function refetchedComments(count: number, n: number) {
  return makeComments(count).map((comment) => ({ ...comment, text: `${comment.text} #${n}` }));
}

/**
 * The limit for a read that builds class instances (DESIGN §6), as ours must: every comment of the
 * tables built anew with `Comment.fromJS`, each author once per call, with no memo (so nothing is
 * kept for the next read and no identity holds between calls). Ours ÷ this is what the memo costs.
 */
function instanceComments(tables: Tables): Comment[] {
  const comments = tables.Comment ?? {};
  const keys = keysOf(comments);
  const people = new Map<string, Person>();
  const output = new Array<Comment>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const record = recordOf(comments, keys[i] as string) as Row;
    const comment = Comment.fromJS(record);
    const id = record.author as string;
    let author = people.get(id);
    if (author === undefined) people.set(id, (author = Person.fromJS(recordOf(tables.Person, id))));
    comment.author = author;
    output[i] = comment;
  }
  return output;
}

/** Our state after a response: normalize against the store, one fulfilled action through the reducer. */
function applyOurs(
  state: EntitiesState,
  endpointKey: string,
  schemaOf: unknown,
  response: unknown,
  n: number,
): EntitiesState {
  const meta = { fetchedAt: n, date: n, expiresAt: Number.MAX_SAFE_INTEGER };
  // every refetch starts later than the one before: no stored meta is needed to order the merge
  const written = normalize(schemaOf, response, [], {
    store: {
      getEntity: (key, pk) => recordOf(state.entities[key], pk),
      getPks: (key) => keysOf(state.entities[key]),
      indexes: state.indexes,
    },
    meta,
  });
  return entitiesSlice.reducer(
    state,
    entitiesSlice.actions.fetchFulfilled({
      key: endpointKey,
      result: written.result,
      entities: written.entities,
      entitiesMeta: written.entitiesMeta,
      indexes: written.indexes,
      meta,
    }),
  );
}

/** RTK's state: one adapter per kind, upserted with the rows a thunk would hand it (already split). */
const people = createEntityAdapter<Row, string>({ selectId: (row) => row.id as string });
const comments = createEntityAdapter<Row, string>({ selectId: (row) => row.id as string });
const posts = createEntityAdapter<Row, string>({ selectId: (row) => row.id as string });
interface RtkState {
  readonly people: EntityState<Row, string>;
  readonly comments: EntityState<Row, string>;
  readonly posts: EntityState<Row, string>;
}
const emptyRtk: RtkState = {
  people: people.getInitialState(),
  comments: comments.getInitialState(),
  posts: posts.getInitialState(),
};

function splitRows(response: ReturnType<typeof makeArticles>) {
  const personRows = new Map<string, Row>();
  const commentRows: Row[] = [];
  const postRows: Row[] = [];
  for (const post of response) {
    personRows.set(post.author.id, post.author);
    for (const comment of post.comments) {
      personRows.set(comment.author.id, comment.author);
      commentRows.push({ ...comment, author: comment.author.id });
    }
    postRows.push({ ...post, author: post.author.id, comments: post.comments.map((comment) => comment.id) });
  }
  return { personRows: [...personRows.values()], commentRows, postRows };
}

function applyRtk(state: RtkState, response: ReturnType<typeof makeArticles>): RtkState {
  const { personRows, commentRows, postRows } = splitRows(response);
  return {
    people: people.upsertMany(state.people, personRows),
    comments: comments.upsertMany(state.comments, commentRows),
    posts: posts.upsertMany(state.posts, postRows),
  };
}

/** RTK's join: new post and comment objects, the stored people as they are. */
const selectRtkPosts = createSelector(
  [
    (state: RtkState) => state.posts,
    (state: RtkState) => state.comments.entities,
    (state: RtkState) => state.people.entities,
  ],
  (postTable, commentTable, personTable) =>
    postTable.ids.map((id) => {
      const post = postTable.entities[id] as Row;
      return {
        ...post,
        author: personTable[post.author as string],
        comments: (post.comments as string[]).map((commentId) => {
          const comment = commentTable[commentId] as Row;
          return { ...comment, author: personTable[comment.author as string] };
        }),
      };
    }),
);

const selectRtkComments = createSelector(
  [(state: RtkState) => state.comments, (state: RtkState) => state.people.entities],
  (commentTable, personTable) =>
    commentTable.ids.map((id) => {
      const comment = commentTable.entities[id] as Row;
      return { ...comment, author: personTable[comment.author as string] };
    }),
);

const root = (entities: EntitiesState) => ({ [entitiesSlice.reducerPath]: entities });

export function realisticCases(sizes: Sizes): BenchCase[] {
  // posts: each library refetches in `before`, outside the timing, then reads; each counts its own
  // refetches, so the i-th read of every library sees the same data
  const counts = { ours: 0, rtk: 0, normalizr: 0 };
  let ours = entitiesSlice.reducer(undefined, { type: 'init' });
  let rtk = emptyRtk;
  const selectPosts = selectResponse(getArticles);
  const refetchOurs = () =>
    void (ours = applyOurs(
      ours,
      getArticles.key(),
      getArticles.schema,
      refetchedPosts(sizes.posts, sizes.people, ++counts.ours),
      counts.ours,
    ));
  const refetchRtk = () => void (rtk = applyRtk(rtk, refetchedPosts(sizes.posts, sizes.people, ++counts.rtk)));
  for (let i = 0; i < REFETCHES_BEFORE; i++) {
    refetchOurs();
    selectPosts(root(ours));
    refetchRtk();
    selectRtkPosts(rtk);
  }
  counts.normalizr = counts.rtk;
  let nzInput = normalizrNormalize(refetchedPosts(sizes.posts, sizes.people, counts.normalizr), normalizrArticleList);
  const postsCase = benchCase({
    id: 'realistic-posts',
    rounds: SLOW_CALL_ROUNDS,
    title: `read ${sizes.posts} posts (author + 3 comments) after ${REFETCHES_BEFORE} refetches, new records`,
    target: { anchor: 'rtk', ratio: 1 },
    contenders: [
      { library: 'ours', before: refetchOurs, run: () => selectPosts(root(ours)).data },
      { library: 'rtk', before: refetchRtk, run: () => selectRtkPosts(rtk) },
      {
        library: 'normalizr',
        before: () =>
          void (nzInput = normalizrNormalize(
            refetchedPosts(sizes.posts, sizes.people, ++counts.normalizr),
            normalizrArticleList,
          )),
        run: () => normalizrDenormalize(nzInput.result, normalizrArticleList, nzInput.entities),
      },
      // the limit builds everything anew each call, so it reads our latest tables as they are
      {
        library: 'plain',
        run: () => plainDenormalizePosts(ours.endpoints[getArticles.key()] as string[], ours.entities as Tables),
      },
    ],
    check() {
      const before = selectPosts(root(ours)).data as Article[];
      refetchOurs();
      const after = selectPosts(root(ours)).data as Article[];
      assert(
        after[0] !== before[0] && after[0]?.author === before[0]?.author,
        'realistic posts: posts are new records, their unchanged authors keep their identity',
      );
    },
  });

  // All over comments: every refetch changes every comment's text
  const allCounts = { ours: 0, rtk: 0, normalizr: 0, plain: 0 };
  let oursAll = entitiesSlice.reducer(undefined, { type: 'init' });
  let plainAll = oursAll;
  let rtkAll = emptyRtk;
  const getComments = new RestEndpoint({ urlPrefix: 'https://bench.invalid', path: '/comments', schema: [Comment] });
  const selectAll = selectQuery(allComments);
  /** `state` after the `n`th refetch of the comments (ours, and the limit's own store, are written alike). */
  const refetchedAll = (state: EntitiesState, n: number) =>
    applyOurs(state, getComments.key(), getComments.schema, refetchedComments(sizes.comments, n), n);
  const refetchOursAll = () => void (oursAll = refetchedAll(oursAll, ++allCounts.ours));
  const refetchRtkAll = () => {
    const latestComments = refetchedComments(sizes.comments, ++allCounts.rtk);
    const personRows = new Map(latestComments.map((comment) => [comment.author.id, comment.author as Row]));
    rtkAll = {
      ...rtkAll,
      people: people.upsertMany(rtkAll.people, [...personRows.values()]),
      comments: comments.upsertMany(
        rtkAll.comments,
        latestComments.map((comment) => ({ ...comment, author: comment.author.id })),
      ),
    };
  };
  for (let i = 0; i < Math.min(REFETCHES_BEFORE, 20); i++) {
    refetchOursAll();
    selectAll(root(oursAll));
    refetchRtkAll();
    selectRtkComments(rtkAll);
  }
  allCounts.normalizr = allCounts.rtk;
  // the limit's own store, at the refetch ours is at
  const refetchPlainAll = () => void (plainAll = refetchedAll(plainAll, ++allCounts.plain));
  allCounts.plain = allCounts.ours - 1;
  refetchPlainAll();
  let nzComments = normalizrNormalize(refetchedComments(sizes.comments, allCounts.normalizr), normalizrCommentList);
  const allCase = benchCase({
    id: 'realistic-all',
    rounds: SLOW_CALL_ROUNDS,
    title: `schema.All over ${sizes.comments.toLocaleString('en-US')} comments with authors, new records`,
    target: { anchor: 'rtk', ratio: 0.75 },
    contenders: [
      { library: 'ours', before: refetchOursAll, run: () => selectAll(root(oursAll)) },
      { library: 'rtk', before: refetchRtkAll, run: () => selectRtkComments(rtkAll) },
      { library: 'plain', before: refetchPlainAll, run: () => instanceComments(plainAll.entities as Tables) },
      {
        library: 'normalizr',
        before: () =>
          void (nzComments = normalizrNormalize(
            refetchedComments(sizes.comments, ++allCounts.normalizr),
            normalizrCommentList,
          )),
        run: () =>
          normalizrDenormalize(
            Object.keys(nzComments.entities.Comment ?? {}),
            normalizrCommentList,
            nzComments.entities,
          ),
      },
    ],
  });
  return [postsCase, allCase];
}
