import { normalize as dcNormalize } from '@data-client/normalizr';
import { normalize, Entity, schema } from '../../src/index';
import { DCEntity, DCArray, DCAll, DCUnion } from '../fixtures/dataClientSchemas';

class U extends Entity { id = ''; pk() { return this.id; } static override key = 'User'; }
class DU extends DCEntity { id = ''; pk() { return this.id; } static override key = 'User'; }
class P extends Entity { id = ''; pk() { return this.id; } static override key = 'Post'; static override schema = { author: U }; }
class DP extends DCEntity { id = ''; pk() { return this.id; } static override key = 'Post'; static override schema = { author: DU }; }
const j = (x: unknown) => JSON.parse(JSON.stringify(x));
test('probe', () => {
  const cases: [unknown, unknown, unknown][] = [
    [[U], [DU], [{ id: '1' }, { id: 0 }]],
    [[U], [DU], { a: { id: '1' }, b: { id: '2' } }],
    [[P], [DP], [{ id: '1', author: 0 }, { id: '2', author: 5 }, { id: '3', author: '' }]],
    [[U], [DU], [{ id: '__proto__', n: 1 }, { id: 'constructor' }, { id: 'toString' }]],
    [new schema.Array(U), new DCArray(DU), [{ id: '1' }, null, { id: '2' }]],
  ];
  for (const [ours, theirs, input] of cases) {
    let o: unknown, t: unknown;
    try { o = j(normalize(ours, input)); } catch (e) { o = String(e); }
    try { t = j(dcNormalize(theirs as any, input)); } catch (e) { t = String(e); }
    console.log(JSON.stringify({ input, o: (o as any).entities ?? o, t: (t as any).entities ?? t, or: (o as any).result, tr: (t as any).result }));
  }
});
