/** @jest-environment jsdom */
/**
 * A page that polls for an hour's worth of answers (DESIGN §5.11): `useLive` reads a list whose
 * every answer brings new ids, from a real HTTP server. Nothing but the hooks collects: no ctrl.gc().
 */
import { act, screen } from '@testing-library/react';
import { RestEndpoint } from '../../src/index';
import { AsyncBoundary, useLive } from '../../src/react/index';
import { Member, exposeGc, heapAfterGc, startPollServer, type PollServer } from '../fixtures/pollServer';
import { makeStore } from '../fixtures/store';
import { keysOf } from '../../src/storage/table.js';
import { renderWithStore, untilStore } from './harness';

const gc = exposeGc();
let server: PollServer;
beforeAll(async () => {
  server = await startPollServer({ size: 500 });
});
afterAll(() => server.close());

jest.setTimeout(60_000);

test('2,000 polls through useLive with a short keepUnusedDataFor: the store holds the latest list and the heap stays flat', async () => {
  const getFeed = new RestEndpoint({ urlPrefix: server.url, path: '/feed', schema: [Member], pollFrequency: 1 });
  const { store, slice } = makeStore({ keepUnusedDataFor: 0.005, devChecks: false });
  function Feed() {
    const readings = useLive(getFeed);
    return <p>{readings.length} readings</p>;
  }
  const view = renderWithStore(
    store,
    <AsyncBoundary fallback={<p>Loading</p>}>
      <Feed />
    </AsyncBoundary>,
  );
  expect(await screen.findByText('500 readings')).toBeTruthy();
  // the first thousand requests warm up the HTTP client's caches and the JIT
  await act(() => untilStore(store, () => server.served >= 1_000));
  const before = heapAfterGc(gc);
  await act(() => untilStore(store, () => server.served >= 2_000));
  const after = heapAfterGc(gc);
  expect(screen.getByText('500 readings')).toBeTruthy();
  // collected as it goes: the latest answer, and the few answers younger than keepUnusedDataFor
  // (a poll takes a few ms); without collection the store would hold 1,000,000 readings by now
  expect(keysOf(slice().entities.Member).length).toBeLessThan(5_000);
  // without collection, these 1,000 polls would keep 500,000 more entities (about 250 MB); the
  // little that grows is the HTTP client's (the same polls through ctrl.setResponse stay flat:
  // guarantees/longRunning); 10 MB leaves room for the answers in flight when the machine is loaded
  // (measured 1–3.2 MB) and is still 25 times less than what no collection keeps
  expect(after - before).toBeLessThan(10_000_000);
  view.unmount();
});
