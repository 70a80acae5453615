/**
 * Deterministic bench data, shaped like parsed JSON (fresh plain objects, string ids), and the
 * schemas each library reads it with. The blog (posts, comments, people) comes from the shared test
 * fixture; `Member` is a flat entity for the store cases, which RTK's entity adapter can hold as is.
 */
import { schema as normalizrSchema } from 'normalizr';
import { Entity, RestEndpoint, schema } from '../src/index.js';
import { DCAll } from '../__tests__/fixtures/dataClientSchemas.js';
import {
  Article,
  Comment,
  DCArticle,
  DCComment,
  Person,
  makeArticles,
  makeComments,
} from '../__tests__/fixtures/blog.js';

export { Article, Comment, Person, DCArticle, DCComment, makeArticles, makeComments };

/** A row of a members list, as the server sends it. */
export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: string;
  score: number;
  active: boolean;
}

/** A flat entity: what an RTK entity adapter stores without any normalization. */
export class Member extends Entity {
  id = '';
  name = '';
  email = '';
  role = 'member';
  score = 0;
  active = true;
  pk() {
    return this.id;
  }
  static override key = 'Member';
}

/** `count` members with ids from `m{first}`. Deterministic; every call returns fresh objects. */
export function makeMembers(count: number, first = 0): MemberRow[] {
  return Array.from({ length: count }, (_, n) => {
    const i = first + n;
    return {
      id: `m${i}`,
      name: `Member ${i}`,
      email: `member${i}@example.test`,
      role: i % 10 === 0 ? 'admin' : 'member',
      score: (i * 37) % 1000,
      active: i % 3 !== 0,
    };
  });
}

/**
 * Resolves in a later turn of the event loop, as an answer from the network does: a stub `fetch`
 * awaits it first. Answered at once, a run of awaited calls would never let the microtask queue
 * empty, and that is no app's life: `WeakRef` targets stay alive until it empties, and RTK's
 * batched notifications wait for a later turn.
 */
export const networkTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Fresh copies of parsed-JSON rows (what a new response would hold). */
export function copyRows<T extends object>(rows: readonly T[]): T[] {
  return rows.map((row) => ({ ...row }));
}

// ours
export const articleList = [Article];
export const allComments = new schema.All(Comment);
/** GET /members?page=…: a list of members. */
export const getMembers = new RestEndpoint({ urlPrefix: 'https://bench.invalid', path: '/members', schema: [Member] });

// Data Client (the minimal protocol schemas of the shared fixture)
export const dcArticleList = [DCArticle];
export const dcAllComments = new DCAll(DCComment);

// normalizr 3.6.2
const nPerson = new normalizrSchema.Entity('Person');
const nComment = new normalizrSchema.Entity('Comment', { author: nPerson });
const nArticle = new normalizrSchema.Entity('Article', { author: nPerson, comments: [nComment] });
export const normalizrArticleList = [nArticle];
export const normalizrCommentList = [nComment];

/** The sizes of one run: the full bench, or a quick correctness pass. */
export interface Sizes {
  readonly posts: number;
  readonly people: number;
  readonly comments: number;
  readonly allScaling: readonly number[];
  readonly response: number;
  readonly storedBefore: number;
  /** The big store a write goes into (the realistic worst case). */
  readonly storedLarge: number;
  readonly memoryEntities: number;
  /** The store sizes of the `scale` group: one write, and the All read after it. */
  readonly scale: readonly number[];
}

export const FULL_SIZES: Sizes = {
  posts: 500,
  people: 100,
  comments: 10_000,
  allScaling: [1_000, 10_000, 100_000],
  response: 500,
  storedBefore: 10_000,
  storedLarge: 100_000,
  memoryEntities: 100_000,
  scale: [1_000, 10_000, 100_000],
};

/** Same shapes and checks, smaller where the full size only costs time. */
export const SMOKE_SIZES: Sizes = {
  ...FULL_SIZES,
  comments: 2_000,
  allScaling: [1_000],
  storedBefore: 2_000,
  storedLarge: 3_000,
  memoryEntities: 2_000,
  scale: [1_000],
};
