/** A refetch that brings the same data changes nothing a reader can see: the same objects come back. */
import nock from 'nock';
import { RestEndpoint } from '../../src/index';
import { Article, makeArticles } from '../fixtures/blog';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

const getArticles = new RestEndpoint({ urlPrefix: API, path: '/articles', schema: [Article] });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

test('refetching unchanged posts (authors repeated across them) keeps the tables, the result and every object', async () => {
  const { ctrl, slice } = makeStore();
  nock(API)
    .get('/articles')
    .times(2)
    .reply(200, () => makeArticles(30, 4));
  const first = await ctrl.fetch(getArticles);
  const tables = slice().entities;
  const again = await ctrl.fetch(getArticles);
  expect(slice().entities.Article).toBe(tables.Article);
  expect(slice().entities.Person).toBe(tables.Person);
  expect(again).toBe(first);
  expect(ctrl.getResponse(getArticles).data).toBe(first);
});

test('a refetch where one post changed rebuilds that post alone', async () => {
  const { ctrl } = makeStore();
  const changed = makeArticles(30, 4);
  changed[7] = { ...changed[7]!, title: 'Edited' };
  nock(API).get('/articles').reply(200, makeArticles(30, 4)).get('/articles').reply(200, changed);
  const first = await ctrl.fetch(getArticles);
  const again = await ctrl.fetch(getArticles);
  expect(again).not.toBe(first);
  expect(again[7]?.title).toBe('Edited');
  expect(again.filter((article, i) => article !== first[i]).map((article) => article.pk())).toEqual(['a7']);
});
