/**
 * Case 5: end to end. A request answered by a stub `fetch` (a `Response` built from JSON text, no
 * network, in a later turn of the event loop: `networkTurn`), parsed, stored in a fresh store, then
 * every member selected.
 */
import { fetchEndpoint } from '../../src/index.js';
import { getMembers, makeMembers, networkTurn, type MemberRow, type Sizes } from '../fixtures.js';
import { benchCase, type BenchCase } from '../model.js';
import { fetchMembers, makeOurStore, makeRtkStore, memberSelectors, rtkMemberSelectors } from '../stores.js';
import { plainApply } from './store.js';

export function endToEndCase(sizes: Sizes): BenchCase {
  const json = JSON.stringify(makeMembers(sizes.response));
  const stubFetch = async (_input: RequestInfo | URL, _init?: RequestInit) => {
    await networkTurn();
    return new Response(json, { headers: { 'content-type': 'application/json' } });
  };
  const fetchRows = async () => (await (await stubFetch(getMembers.url())).json()) as MemberRow[];

  let ours = makeOurStore(undefined, { fetch: stubFetch });
  let rtk = makeRtkStore();
  return benchCase({
    id: 'end-to-end',
    title: `fetch ${sizes.response} members (stub fetch) → store → selectAll`,
    contenders: [
      {
        library: 'ours',
        before: () => void (ours = makeOurStore(undefined, { fetch: stubFetch })),
        run: async () => {
          await ours.store.dispatch(fetchEndpoint(getMembers));
          return memberSelectors.selectAll(ours.store.getState());
        },
      },
      {
        library: 'rtk',
        before: () => void (rtk = makeRtkStore()),
        run: async () => {
          await rtk.dispatch(fetchMembers(fetchRows));
          return rtkMemberSelectors.selectAll(rtk.getState());
        },
      },
      { library: 'plain', run: async () => Object.values(plainApply({}, await fetchRows()).table) },
    ],
  });
}
