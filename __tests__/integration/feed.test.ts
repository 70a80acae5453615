import nock from 'nock';
import { RestEndpoint, fetchEndpoint, getEntitySelectors, selectQuery } from '../../src/index';
import { Link, Post, feedByAttribute, feedByFunction, feedResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getFeed = new RestEndpoint({ urlPrefix: API, path: '/feed', schema: feedByAttribute });
const getFeed2 = getFeed.extend({ schema: feedByFunction });

describe('the spec feed (4.2 item 3) through the store', () => {
  test.each([
    ['attribute name', getFeed],
    ['function', getFeed2],
  ])('schemaAttribute as %s: Links and Posts land in their tables', async (_label, endpoint) => {
    const { store } = makeStore();
    nock(API).get('/feed').reply(200, feedResponse);
    const feed = await store.dispatch(fetchEndpoint(endpoint));
    expect(feed.map((item) => [item.constructor, item.pk()])).toEqual([
      [Link, '1'],
      [Link, '3'],
      [Post, '2'],
    ]);
    expect(getEntitySelectors(Link).selectIds(store.getState())).toEqual(['1', '3']);
    expect(getEntitySelectors(Post).selectAll(store.getState())[0]?.content).toBe('Hello');
  });

  test('both variants read the same entities from one store', async () => {
    const { store } = makeStore();
    nock(API).get('/feed').reply(200, feedResponse);
    await store.dispatch(fetchEndpoint(getFeed));
    const one = selectQuery(feedByAttribute)(store.getState());
    const two = selectQuery(feedByFunction)(store.getState());
    expect(two).toEqual(one);
    expect(two?.[0]).toBe(one?.[0]); // the same memoized instances
  });
});
