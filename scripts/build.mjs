// Builds dist/: ES modules and .d.ts files from src/, marked as ESM for Node.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
writeFileSync(new URL('../dist/package.json', import.meta.url), `${JSON.stringify({ type: 'module', sideEffects: false }, null, 2)}\n`);
