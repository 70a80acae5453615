/**
 * Case 2: read the normalized posts back: cold (a fresh memo), warm (the same state again) and with
 * one post changed (the memo kept; every unchanged post must keep its identity).
 */
import { MemoCache as DataClientMemoCache, normalize as dataClientNormalize } from '@data-client/normalizr';
import { denormalize as normalizrDenormalize, normalize as normalizrNormalize } from 'normalizr';
import { MemoCache, normalize } from '../../src/index.js';
import type { EntityRecord, EntityTables } from '../../src/index.js';
import {
  articleList,
  dcArticleList,
  makeArticles,
  normalizrArticleList,
  type Article,
  type Sizes,
} from '../fixtures.js';
import { assert, benchCase, type BenchCase } from '../model.js';

type Row = Record<string, unknown>;
type Tables = Readonly<Record<string, Readonly<Record<string, Row>>>>;
type Person = Row;
type CommentOut = Row & { author: Person };
type PostOut = Row & { author: Person; comments: CommentOut[] };

/** The limit, cold: plain objects, each person and comment built once per read. */
export function plainDenormalizePosts(result: readonly string[], tables: Tables): PostOut[] {
  const people = new Map<string, Person>();
  const person = (id: string): Person => {
    let out = people.get(id);
    if (out === undefined) people.set(id, (out = { ...tables.Person?.[id] }));
    return out;
  };
  const output = new Array<PostOut>(result.length);
  for (let i = 0; i < result.length; i++) {
    const record = tables.Article?.[result[i] as string] as Row;
    const ids = record.comments as string[];
    const comments = new Array<CommentOut>(ids.length);
    for (let c = 0; c < ids.length; c++) {
      const comment = tables.Comment?.[ids[c] as string] as Row;
      comments[c] = { ...comment, author: person(comment.author as string) };
    }
    output[i] = { ...record, author: person(record.author as string), comments };
  }
  return output;
}

interface CommentEntry {
  readonly record: Row;
  readonly author: Row | undefined;
  readonly output: CommentOut;
}
interface PostEntry {
  readonly record: Row;
  readonly author: Row | undefined;
  readonly comments: CommentEntry[];
  readonly output: PostOut;
}

/**
 * The limit with a memo, written for this one schema: the whole read is returned while the three
 * tables are the same objects; otherwise each post and comment is reused while the records it was
 * built from are the same objects.
 */
export class PlainPostsMemo {
  private readonly people = new WeakMap<Row, Person>();
  private readonly comments = new WeakMap<Row, CommentEntry>();
  private readonly posts = new WeakMap<Row, PostEntry>();
  private last:
    { result: readonly string[]; article: unknown; comment: unknown; person: unknown; output: PostOut[] } | undefined;

  read(result: readonly string[], tables: Tables): PostOut[] {
    const { Article: articles = {}, Comment: comments = {}, Person: people = {} } = tables;
    const last = this.last;
    if (
      last !== undefined &&
      last.result === result &&
      last.article === articles &&
      last.comment === comments &&
      last.person === people
    )
      return last.output;
    const output = new Array<PostOut>(result.length);
    for (let i = 0; i < result.length; i++) {
      const record = articles[result[i] as string] as Row;
      let entry = this.posts.get(record);
      if (
        entry === undefined ||
        entry.author !== people[record.author as string] ||
        !this.freshComments(entry, comments, people)
      ) {
        const ids = record.comments as string[];
        const entries = ids.map((id) => this.comment(comments[id] as Row, people));
        entry = {
          record,
          author: people[record.author as string],
          comments: entries,
          output: {
            ...record,
            author: this.person(people[record.author as string] as Row),
            comments: entries.map((c) => c.output),
          },
        };
        this.posts.set(record, entry);
      }
      output[i] = entry.output;
    }
    this.last = { result, article: articles, comment: comments, person: people, output };
    return output;
  }

  private freshComments(
    entry: PostEntry,
    comments: Readonly<Record<string, Row>>,
    people: Readonly<Record<string, Row>>,
  ): boolean {
    const ids = entry.record.comments as string[];
    for (let c = 0; c < ids.length; c++) {
      const cached = entry.comments[c] as CommentEntry;
      if (comments[ids[c] as string] !== cached.record || people[cached.record.author as string] !== cached.author)
        return false;
    }
    return true;
  }

  private comment(record: Row, people: Readonly<Record<string, Row>>): CommentEntry {
    const author = people[record.author as string];
    let entry = this.comments.get(record);
    if (entry === undefined || entry.author !== author) {
      entry = { record, author, output: { ...record, author: this.person(author as Row) } };
      this.comments.set(record, entry);
    }
    return entry;
  }

  private person(record: Row): Person {
    let out = this.people.get(record);
    if (out === undefined) this.people.set(record, (out = { ...record }));
    return out;
  }
}

/**
 * The tables with one post's title replaced by a new record, as a store write leaves them (the
 * copied table keeps the prototype of the original: our store's tables have none).
 */
function withEditedPost<T extends Tables | EntityTables>(tables: T, pk: string, edit: number): T {
  const articles = tables.Article as Readonly<Record<string, Row>>;
  const record = articles[pk] as Row;
  const copy = Object.assign(
    Object.create(Object.getPrototypeOf(articles) as object | null) as Record<string, Row>,
    articles,
  );
  copy[pk] = { ...record, title: `${String(record.title)} (edit ${edit})` };
  return { ...tables, Article: copy };
}

export function denormalizeCases(sizes: Sizes): BenchCase[] {
  const posts = makeArticles(sizes.posts, sizes.people);
  const ours = normalize<string[]>(articleList, posts);
  const dataClient = dataClientNormalize(dcArticleList, posts);
  const dcResult = dataClient.result as string[];
  const nz = normalizrNormalize(posts, normalizrArticleList);
  const nzResult = nz.result as string[];
  const plainTables = ours.entities as Tables;
  const label = `${sizes.posts} posts`;

  const cold = benchCase({
    id: 'denormalize-cold',
    title: `denormalize ${label}, cold (fresh memo)`,
    target: { anchor: 'dataClient', ratio: 4 },
    contenders: [
      { library: 'ours', run: () => new MemoCache().denormalize(articleList, ours.result, ours.entities) },
      {
        library: 'dataClient',
        run: () => new DataClientMemoCache().denormalize(dcArticleList, dcResult, dataClient.entities).data,
      },
      { library: 'normalizr', run: () => normalizrDenormalize(nzResult, normalizrArticleList, nz.entities) },
      { library: 'plain', run: () => plainDenormalizePosts(ours.result, plainTables) },
    ],
  });

  const oursWarm = new MemoCache();
  const dcWarm = new DataClientMemoCache();
  const plainWarm = new PlainPostsMemo();
  const warm = benchCase({
    id: 'denormalize-warm',
    title: `denormalize ${label}, warm (same state again)`,
    target: { anchor: 'dataClient', ratio: 1000 },
    contenders: [
      { library: 'ours', run: () => oursWarm.denormalize(articleList, ours.result, ours.entities) },
      { library: 'dataClient', run: () => dcWarm.denormalize(dcArticleList, dcResult, dataClient.entities).data },
      { library: 'plain', run: () => plainWarm.read(ours.result, plainTables) },
    ],
    check() {
      assert(
        oursWarm.denormalize(articleList, ours.result, ours.entities) ===
          oursWarm.denormalize(articleList, ours.result, ours.entities),
        'warm denormalize: the same state must give the same object',
      );
    },
  });

  // each measured call sees a new state in which one post (the middle one) has a new record
  const changedPk = posts[Math.floor(posts.length / 2)]?.id as string;
  const changing = <T extends Tables | EntityTables>(base: T, read: (tables: T) => unknown) => {
    let tables = base;
    let edits = 0;
    read(tables); // the memo holds the unchanged state first
    return { before: () => void (tables = withEditedPost(base, changedPk, ++edits)), run: () => read(tables) };
  };
  const oursChanged = new MemoCache();
  const oursChanging = changing(ours.entities, (tables) => oursChanged.denormalize(articleList, ours.result, tables));
  const dcChanged = new DataClientMemoCache();
  const plainChanged = new PlainPostsMemo();
  const changed = benchCase({
    id: 'denormalize-changed',
    title: `denormalize ${label}, one post changed (memo kept)`,
    target: { anchor: 'dataClient', ratio: 2 },
    contenders: [
      { library: 'ours', ...oursChanging },
      {
        library: 'dataClient',
        ...changing(
          dataClient.entities as Tables,
          (tables) => dcChanged.denormalize(dcArticleList, dcResult, tables).data,
        ),
      },
      { library: 'plain', ...changing(plainTables, (tables) => plainChanged.read(ours.result, tables)) },
    ],
    check() {
      // identity: only the changed post is a new object; its author and comments are kept
      const memo = new MemoCache();
      const before = memo.denormalize(articleList, ours.result, ours.entities) as Article[];
      const after = memo.denormalize(
        articleList,
        ours.result,
        withEditedPost(ours.entities, changedPk, 0),
      ) as Article[];
      assert(after !== before && after.length === before.length, 'one post changed: a new list is expected');
      after.forEach((post, i) => {
        const old = before[i] as Article;
        if (post.id !== changedPk)
          assert(post === old, `one post changed: unchanged post ${post.id} lost its identity`);
        else {
          assert(post !== old && post.title.endsWith('(edit 0)'), 'one post changed: the changed post was not rebuilt');
          assert(
            post.author === old.author && post.comments.every((c, k) => c === old.comments[k]),
            'one post changed: its unchanged author and comments lost their identity',
          );
        }
      });
      oursChanging.before();
      const first = oursChanging.run() as Article[];
      oursChanging.before();
      const second = oursChanging.run() as Article[];
      assert(
        first.every((post, i) => post.id === changedPk || post === second[i]),
        'one post changed: the measured reads must keep unchanged posts',
      );
    },
  });

  return [cold, warm, changed];
}
