/** schema.Values: an object used as a dictionary whose every value has the schema. */
import { denormalize, normalize, schema } from '../../src/index';
import { User } from '../fixtures/spec';

describe('schema.Values', () => {
  test('Values normalizes a dictionary of entities', () => {
    const byId = new schema.Values(User);
    const { result, entities } = normalize(byId, { a: { id: '1', name: 'Ann' }, b: { id: '2', name: 'Bo' } });
    expect(result).toEqual({ a: '1', b: '2' });
    const read = denormalize(byId, result, entities) as Record<string, User>;
    expect(read.b?.name).toBe('Bo');
  });
});
