/** Case 1: normalize an API response of posts, each with an author and comments with authors. */
import { normalize as dataClientNormalize } from '@data-client/normalizr';
import { normalize as normalizrNormalize } from 'normalizr';
import { normalize } from '../../src/index.js';
import { articleList, dcArticleList, makeArticles, normalizrArticleList, type Sizes } from '../fixtures.js';
import { benchCase, type BenchCase } from '../model.js';

type Row = Record<string, unknown>;
type Table = Record<string, Row>;
type Post = ReturnType<typeof makeArticles>[number];

/** The limit: the same tables built by hand, merging repeated entities like `Entity.merge`. */
export function plainNormalizePosts(posts: readonly Post[]) {
  const people: Table = {};
  const comments: Table = {};
  const articles: Table = {};
  const put = (table: Table, id: string, record: Row) => {
    const existing = table[id];
    table[id] = existing === undefined ? record : { ...existing, ...record };
    return id;
  };
  const result = new Array<string>(posts.length);
  for (let i = 0; i < posts.length; i++) {
    const post = posts[i] as Post;
    const commentIds = new Array<string>(post.comments.length);
    for (let c = 0; c < post.comments.length; c++) {
      const comment = post.comments[c] as Post['comments'][number];
      commentIds[c] = put(comments, comment.id, {
        ...comment,
        author: put(people, comment.author.id, { ...comment.author }),
      });
    }
    result[i] = put(articles, post.id, {
      ...post,
      author: put(people, post.author.id, { ...post.author }),
      comments: commentIds,
    });
  }
  return { result, entities: { Article: articles, Comment: comments, Person: people } };
}

/** Only what every library returns alike: the result and the entity tables. */
const data = (normalized: { result: unknown; entities: unknown }) => ({
  result: normalized.result,
  entities: normalized.entities,
});

export function normalizeCase(sizes: Sizes): BenchCase {
  const posts = makeArticles(sizes.posts, sizes.people);
  return benchCase({
    id: 'normalize',
    title: `normalize ${sizes.posts} posts (author + 3 comments with authors, ${sizes.people} users)`,
    target: { anchor: 'dataClient', ratio: 1.5 },
    contenders: [
      { library: 'ours', run: () => data(normalize(articleList, posts)) },
      { library: 'dataClient', run: () => data(dataClientNormalize(dcArticleList, posts)) },
      { library: 'normalizr', run: () => data(normalizrNormalize(posts, normalizrArticleList)) },
      { library: 'plain', run: () => plainNormalizePosts(posts) },
    ],
  });
}
