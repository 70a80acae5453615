/**
 * Broadcast seams: a message naming a kind every object inherits (`__proto__`) is ignored and
 * changes no prototype; results received from another tab do not stop this tab's collection.
 */
import nock from 'nock';
import { Entity, RestEndpoint, createResource, getEntitySelectors } from '../../src/index';
import type { DataMiddlewareOptions } from '../../src/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Member extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Member';
}
class Trade extends Entity {
  id = 0;
  amount = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Trade';
}
const getMembers = new RestEndpoint({ urlPrefix: API, path: '/members', schema: [Member] });
const TradeResource = createResource({ urlPrefix: API, path: '/trades/:id', schema: Trade });

const opened: AbortController[] = [];
afterEach(() => {
  for (const stop of opened.splice(0)) stop.abort();
});
let channels = 0;
const newChannel = () => `seam-tabs-${++channels}`;
function openTab(channel: string, options: DataMiddlewareOptions = {}) {
  const stop = new AbortController();
  opened.push(stop);
  return makeStore({ broadcastChannel: channel, signal: stop.signal, ...options });
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw poster on `channel`: another tab running other code (another deploy of the app). */
function post(channel: string, message: unknown) {
  const raw = new BroadcastChannel(channel);
  raw.postMessage(message);
  raw.close();
}
const write = (tables: object) => ({
  protocol: 'rtk-entities/1',
  kind: 'write',
  tab: 'other',
  meta: { fetchedAt: 5_000, date: 5_000, expiresAt: 10_000 },
  entities: {},
  entitiesMeta: {},
  indexes: {},
  ...tables,
});

describe('a message whose kind (Entity.key) is __proto__', () => {
  test('in entities: never changes the prototype of the entities table', async () => {
    const channel = newChannel();
    const b = openTab(channel);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => {});

    post(
      channel,
      write({ entities: JSON.parse('{"__proto__": {"Member": {"id": 1, "name": "from the prototype"}}}') }),
    );
    await wait(50);
    const entities = b.slice().entities;
    expect(Object.getPrototypeOf(entities)).toBe(Object.prototype);
    expect((entities as { Member?: unknown }).Member).toBeUndefined();
    warnings.mockRestore();
  });

  test('in indexes: never changes the prototype of the indexes table', async () => {
    const channel = newChannel();
    const b = openTab(channel);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => {});
    post(
      channel,
      write({
        entities: { Trade: { 1: { id: 1, amount: '1' } } },
        entitiesMeta: { Trade: [{ meta: { fetchedAt: 5_000, date: 5_000, expiresAt: 10_000 }, pks: ['1'] }] },
        indexes: JSON.parse('{"__proto__": {"Trade": {"x": "1"}}}'),
      }),
    );
    await wait(50);
    expect(Object.getPrototypeOf(b.slice().indexes)).toBe(Object.prototype);
    warnings.mockRestore();
  });
});

test('results another tab fetched do not stop this tab from collecting its own released data', async () => {
  const channel = newChannel();
  const a = openTab(channel, { keepUnusedDataFor: 0.05 });
  const b = openTab(channel, { keepUnusedDataFor: 0.05 });
  // a's list arrives in b, which never reads it
  nock(API)
    .get('/trades')
    .reply(200, [{ id: 1, amount: '1' }]);
  await a.ctrl.fetch(TradeResource.getList);
  await wait(20);
  expect(getEntitySelectors(Trade).selectAll(b.store.getState())).toHaveLength(1);
  // b shows its members, then lets them go
  nock(API)
    .get('/members')
    .reply(200, [{ id: 1, name: 'Ann' }]);
  const release = b.ctrl.retain(getMembers);
  await b.ctrl.fetch(getMembers);
  release();
  await wait(150);
  expect(b.ctrl.getResponse(getMembers).status).toBe('uninitialized');
  expect(Object.keys(b.slice().entities.Member ?? {})).toEqual([]);
});
