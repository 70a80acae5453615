import { MemoCache, normalize } from '../src/index.js';
import { articleList, makeArticles } from './fixtures.js';
const { result, entities } = normalize(articleList, makeArticles(500, 100));
const med: number[] = [];
for (let r = 0; r < 7; r++) { let n = 0; const t = performance.now(); while (performance.now() - t < 500) { new MemoCache().denormalize(articleList, result, entities); n++; } med.push(n / 0.5); }
med.sort((a, b) => a - b); console.log('cold ops/s', med[3]!.toFixed(0));
