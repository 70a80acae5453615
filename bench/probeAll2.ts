import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { entitiesSlice, normalize, RestEndpoint, schema, selectQuery } from '../src/index.js';
import type { EntitiesState } from '../src/index.js';
import { Comment, makeComments } from './fixtures.js';
const getComments = new RestEndpoint({ urlPrefix: 'https://b.invalid', path: '/comments', schema: [Comment] });
const selectAll = selectQuery(new schema.All(Comment));
let state: EntitiesState = entitiesSlice.reducer(undefined, { type: 'init' });
const states: EntitiesState[] = [];
for (let n = 1; n <= 60; n++) {
  const rows = makeComments(10000).map((c) => ({ ...c, text: `${c.text} #${n}` }));
  const meta = { fetchedAt: n, date: n, expiresAt: 1e15 };
  const w = normalize(getComments.schema, rows, [], { store: { entities: state.entities, indexes: state.indexes }, meta });
  state = entitiesSlice.reducer(state, entitiesSlice.actions.fetchFulfilled({ key: getComments.key(), result: w.result, entities: w.entities, entitiesMeta: w.entitiesMeta, indexes: w.indexes, meta }));
  states.push(state);
}
for (let i = 0; i < 20; i++) selectAll({ entities: states[i] });
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.start');
const t = performance.now();
for (let i = 20; i < 60; i++) selectAll({ entities: states[i] });
const ms = (performance.now() - t) / 40;
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/all.cpuprofile', JSON.stringify(profile));
console.log('read ms', ms.toFixed(2));
