import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

describe('the built package', () => {
  test('imports by name in plain Node and works', () => {
    // `npm test` builds dist/ before jest runs
    const output = execFileSync(process.execPath, [join(root, 'scripts', 'check-package.mjs')], { cwd: root, encoding: 'utf8' });
    const report = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { exports: string[]; read: unknown; isInstance: boolean };
    expect(report.exports).toEqual(expect.arrayContaining(['Entity', 'schema', 'normalize', 'denormalize']));
    expect(report.read).toEqual([{ id: '1', name: 'Ann' }]);
    expect(report.isInstance).toBe(true);
  });

  test('package.json: exports list types first, no side effects', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      sideEffects: boolean;
      exports: Record<string, Record<string, string> | string>;
    };
    expect(pkg.sideEffects).toBe(false);
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect([entry, Object.keys(target)[0]]).toEqual([entry, 'types']);
    }
  });
});
