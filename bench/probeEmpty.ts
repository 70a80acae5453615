import { getMembers, makeMembers, copyRows } from './fixtures.js';
import { makeOurStore } from './stores.js';
const rows = makeMembers(500, 10000);
let n = 0; const t = performance.now();
while (performance.now() - t < 8000) { const { ctrl } = makeOurStore(); ctrl.setResponse(getMembers, copyRows(rows)); n++; }
console.log('ops/s', (n / 8).toFixed(0));
