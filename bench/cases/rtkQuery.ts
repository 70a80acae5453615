/**
 * RTK Query alone against RTK Query + normalizeApi (`rtk-entities/rtk-query`), the same createApi
 * endpoints on a stub server (a `fetchFn` answering from memory, in a later turn of the event loop:
 * no network), in real stores.
 *
 * - Fetch 500 members and select them: what normalizing costs on the way in (instances out).
 * - A mutation changes one member shown in 20 query results. RTK Query alone must update the 20
 *   results itself: by refetching them (its tags), or by 20 `updateQueryData` patches written by
 *   hand. Normalized, the mutation's response updates the one stored member, the 20 lists read it,
 *   and it is written back into RTK Query's 20 entries. Each call then reads the 20 lists, and lets
 *   go of the mutation's result as `useMutation` does when triggered again (else both stores keep
 *   every result ever made, and each mutation copies a table that grows with the run).
 */
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import { createDataMiddleware, entitiesSlice } from '../../src/index.js';
import { normalizeApi } from '../../src/rtk-query/index.js';
import { Member, makeMembers, networkTurn, type MemberRow, type Sizes } from '../fixtures.js';
import { SLOW_CALL_ROUNDS, assert, benchCase, type BenchCase } from '../model.js';

const TEAMS = 20;
const TEAM_SIZE = 25;
/** The member every team has: the one the mutation changes. */
const SHARED = 'm0';

/** A server in memory: GET /members, GET /team/:n (the shared member and 24 others), PATCH /members/:id. */
function stubServer(members: number) {
  const rows = new Map(makeMembers(Math.max(members, TEAMS * (TEAM_SIZE - 1) + 1)).map((row) => [row.id, row]));
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const team = (n: number) =>
    [SHARED, ...Array.from({ length: TEAM_SIZE - 1 }, (_, i) => `m${1 + n * (TEAM_SIZE - 1) + i}`)].map((id) =>
      rows.get(id),
    );
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    await networkTurn();
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/members') return json([...rows.values()].slice(0, members));
    const teamPath = /^\/team\/(\d+)$/.exec(path);
    if (teamPath !== null) return json(team(Number(teamPath[1])));
    const memberPath = /^\/members\/(\w+)$/.exec(path);
    if (memberPath !== null && request.method === 'PATCH') {
      const id = memberPath[1] as string;
      const updated = { ...(rows.get(id) as MemberRow), ...((await request.json()) as Partial<MemberRow>) };
      rows.set(id, updated);
      return json(updated);
    }
    return new Response(null, { status: 404 });
  };
}

type Fetch = ReturnType<typeof stubServer>;

/** The app's api. With `tags`, the mutation invalidates the teams (RTK Query's way to update them). */
function makeApi(fetchFn: Fetch, tags: boolean) {
  return createApi({
    reducerPath: 'membersApi',
    baseQuery: fetchBaseQuery({ baseUrl: 'https://bench.invalid', fetchFn }),
    tagTypes: ['Member'],
    endpoints: (build) => ({
      getMembers: build.query<MemberRow[], void>({ query: () => '/members' }),
      getTeam: build.query<MemberRow[], number>({ query: (n) => `/team/${n}`, providesTags: tags ? ['Member'] : [] }),
      renameMember: build.mutation<MemberRow, { id: string; name: string }>({
        query: ({ id, name }) => ({ url: `/members/${id}`, method: 'PATCH', body: { name } }),
        invalidatesTags: tags ? ['Member'] : [],
      }),
    }),
  });
}

type MembersApi = ReturnType<typeof makeApi>;

/** A real store (dev checks off, as in production) with the api and, for ours, the entities slice and normalizeApi. */
function makeStore(api: MembersApi, normalized?: { readonly middleware: Middleware }) {
  const noDevChecks = { serializableCheck: false, immutableCheck: false } as const;
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) =>
      getDefault(noDevChecks).concat(
        api.middleware,
        ...(normalized === undefined ? [] : [createDataMiddleware(), normalized.middleware]),
      ),
  });
}

type Store = ReturnType<typeof makeStore>;

/** Fetch 500 members into a fresh store, then select them. */
function fetchAndSelect(sizes: Sizes): BenchCase {
  const plainApi = makeApi(stubServer(sizes.response), false);
  const normalized = normalizeApi(plainApi, { getMembers: [Member], getTeam: [Member], renameMember: Member });
  let rtkStore: Store = makeStore(plainApi);
  let ourStore: Store = makeStore(plainApi, normalized);
  return benchCase({
    id: 'rtkq-fetch-select',
    rounds: SLOW_CALL_ROUNDS,
    title: `fetch ${sizes.response} members (stub fetch) → store → select`,
    contenders: [
      {
        library: 'ours',
        before: () => void (ourStore = makeStore(plainApi, normalized)),
        run: async () => {
          await ourStore.dispatch(plainApi.endpoints.getMembers.initiate());
          return normalized.endpoints.getMembers.select()(ourStore.getState()).data;
        },
      },
      {
        library: 'rtkQuery',
        before: () => void (rtkStore = makeStore(plainApi)),
        run: async () => {
          await rtkStore.dispatch(plainApi.endpoints.getMembers.initiate());
          return plainApi.endpoints.getMembers.select()(rtkStore.getState()).data;
        },
      },
    ],
    check() {
      const read = normalized.endpoints.getMembers.select()(ourStore.getState()).data;
      assert(
        read?.length === sizes.response && read[0] instanceof Member,
        'rtkq-fetch-select: ours must read the members as Member instances',
      );
    },
  });
}

/** A store that has fetched the 20 teams, once per contender, the first time it runs. */
function loadedTeams(api: MembersApi, normalized?: { readonly middleware: Middleware }) {
  let loaded: Promise<Store> | undefined;
  return () =>
    (loaded ??= (async () => {
      const store = makeStore(api, normalized);
      await Promise.all(Array.from({ length: TEAMS }, (_, n) => store.dispatch(api.endpoints.getTeam.initiate(n))));
      return store;
    })());
}

const readTeams = (select: (n: number) => unknown) => Array.from({ length: TEAMS }, (_, n) => select(n));

/** One member renamed, shown in 20 teams: RTK Query's way (`how`) against normalizeApi's. */
function renameShared(how: 'refetch' | 'patch'): BenchCase {
  const tagged = makeApi(stubServer(0), how === 'refetch');
  const plainApi = makeApi(stubServer(0), false);
  const normalized = normalizeApi(plainApi, { getTeam: [Member], renameMember: Member });
  const rtkTeams = loadedTeams(tagged);
  const ourTeams = loadedTeams(plainApi, normalized);
  let ourRenames = 0;
  let rtkRenames = 0;
  return benchCase({
    id: `rtkq-rename-${how}`,
    rounds: SLOW_CALL_ROUNDS,
    title:
      how === 'refetch'
        ? `a mutation renames 1 member shown in ${TEAMS} query results (${TEAM_SIZE} members each); RTK Query refetches the ${TEAMS} (tags)`
        : `a mutation renames 1 member shown in ${TEAMS} query results (${TEAM_SIZE} members each); RTK Query patches the ${TEAMS} (updateQueryData)`,
    contenders: [
      {
        library: 'ours',
        run: async () => {
          const store = await ourTeams();
          const rename = store.dispatch(
            plainApi.endpoints.renameMember.initiate({ id: SHARED, name: `renamed ${++ourRenames}` }),
          );
          await rename;
          // as useMutation does when it is triggered again: the last result goes
          rename.reset();
          return readTeams((n) => normalized.endpoints.getTeam.select(n)(store.getState()).data);
        },
      },
      {
        library: 'rtkQuery',
        run: async () => {
          const store = await rtkTeams();
          const name = `renamed ${++rtkRenames}`;
          const rename = store.dispatch(tagged.endpoints.renameMember.initiate({ id: SHARED, name }));
          await rename;
          rename.reset();
          if (how === 'refetch') {
            await Promise.all(store.dispatch(tagged.util.getRunningQueriesThunk()));
          } else {
            for (let n = 0; n < TEAMS; n++) {
              store.dispatch(
                tagged.util.updateQueryData('getTeam', n, (draft) => {
                  const member = draft.find((row) => row.id === SHARED);
                  if (member !== undefined) member.name = name;
                }),
              );
            }
          }
          return readTeams((n) => tagged.endpoints.getTeam.select(n)(store.getState()).data);
        },
      },
    ],
    async check() {
      const store = await ourTeams();
      const teams = readTeams((n) => normalized.endpoints.getTeam.select(n)(store.getState()).data) as Member[][];
      assert(
        teams.every((team) => team[0]?.name === `renamed ${ourRenames}`),
        `rtkq-rename-${how}: every team must show the new name`,
      );
    },
  });
}

/** The RTK Query cases, in the order of the report. */
export function rtkQueryCases(sizes: Sizes): BenchCase[] {
  return [fetchAndSelect(sizes), renameShared('refetch'), renameShared('patch')];
}
