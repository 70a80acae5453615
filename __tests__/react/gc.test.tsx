/** @jest-environment jsdom */
/** Garbage collection with hooks (README, Long-running apps): what a mounted component shows stays; unmounted, it goes. */
import { act, screen } from '@testing-library/react';
import nock from 'nock';
import { Entity, RestEndpoint, schema } from '../../src/index';
import { AsyncBoundary, useCache, useFetch, useQuery, useSuspense } from '../../src/react/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { renderWithStore, untilStore } from './harness';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Pet extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Pet';
}

const getPets = new RestEndpoint({ urlPrefix: API, path: '/pets', schema: [Pet] });
const allPets = new schema.All(Pet);

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

function Pets() {
  const pets = useSuspense(getPets);
  return <p>pets {pets.map((pet) => pet.name).join(',')}</p>;
}

test('a mounted useSuspense keeps its data through timers and ctrl.gc(); unmounted, it goes keepUnusedDataFor later', async () => {
  const { store, ctrl, slice } = makeStore({ keepUnusedDataFor: 0.03 });
  nock(API)
    .get('/pets')
    .reply(200, [{ id: 1, name: 'Rex' }]);
  const view = renderWithStore(
    store,
    <AsyncBoundary fallback={<p>Loading</p>}>
      <Pets />
    </AsyncBoundary>,
  );
  expect(await screen.findByText('pets Rex')).toBeTruthy();
  await wait(80);
  ctrl.gc();
  expect(screen.getByText('pets Rex')).toBeTruthy();
  expect(slice().entities.Pet).toEqual({ '1': { id: 1, name: 'Rex' } });
  view.unmount();
  expect(ctrl.getResponse(getPets).data).toHaveLength(1); // not at once
  await wait(80);
  expect(ctrl.getResponse(getPets).status).toBe('uninitialized');
  expect(slice().entities.Pet).toEqual({});
});

test('two components showing one call: the data stays until the last one unmounts', async () => {
  const { store, ctrl } = makeStore({ keepUnusedDataFor: 0.02 });
  nock(API)
    .get('/pets')
    .reply(200, [{ id: 1, name: 'Rex' }]);
  function Cached() {
    return <p>cached {useCache(getPets)?.length ?? 'none'}</p>;
  }
  function App({ both }: { both: boolean }) {
    return (
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Pets />
        {both && <Cached />}
      </AsyncBoundary>
    );
  }
  const view = renderWithStore(store, <App both />);
  await screen.findByText('cached 1');
  view.rerender(<App both={false} />);
  await wait(60);
  expect(ctrl.getResponse(getPets).data).toHaveLength(1);
  view.unmount();
  await wait(60);
  expect(ctrl.getResponse(getPets).data).toBeUndefined();
});

test('a mounted useQuery(schema.All) keeps its kind after the call that fetched it is gone', async () => {
  const { store, ctrl, slice } = makeStore({ keepUnusedDataFor: 0 });
  nock(API)
    .get('/pets')
    .reply(200, [
      { id: 1, name: 'Rex' },
      { id: 2, name: 'Tom' },
    ]);
  await ctrl.fetch(getPets);
  function Everyone() {
    return <p>all {useQuery(allPets)?.length ?? 0}</p>;
  }
  const view = renderWithStore(store, <Everyone />);
  expect(screen.getByText('all 2')).toBeTruthy();
  ctrl.gc();
  expect(ctrl.getResponse(getPets).data).toBeUndefined(); // the call no hook read is gone
  expect(screen.getByText('all 2')).toBeTruthy(); // what the mounted component shows is not
  expect(Object.keys(slice().entities.Pet ?? {})).toEqual(['1', '2']);
  view.unmount();
  ctrl.gc();
  expect(slice().entities.Pet).toEqual({});
});

test('a mounted useFetch keeps what it fetched for the component that will read it; unmounted, it goes', async () => {
  const clock = { now: 1_000 };
  const { store, ctrl } = makeStore({ now: () => clock.now, keepUnusedDataFor: 10 });
  nock(API)
    .get('/pets')
    .reply(200, [{ id: 1, name: 'Rex' }]);
  function Prefetch() {
    useFetch(getPets);
    return <p>prefetching</p>;
  }
  const view = renderWithStore(store, <Prefetch />);
  await act(() => untilStore(store, () => ctrl.getResponse(getPets).status === 'fulfilled'));
  clock.now += 60_000;
  ctrl.gc();
  expect(ctrl.getResponse(getPets).data).toHaveLength(1);
  view.unmount();
  clock.now += 10_000;
  ctrl.gc();
  expect(ctrl.getResponse(getPets).status).toBe('uninitialized');
});
