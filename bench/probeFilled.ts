import { getMembers, makeMembers, copyRows } from './fixtures.js';
import { makeOurStore } from './stores.js';
const stored = makeMembers(10000);
const pre = makeOurStore(); pre.ctrl.setResponse(getMembers, { page: 0 }, stored);
const state = pre.store.getState();
const rows = makeMembers(500, 10000);
let n = 0; let t0 = 0; const t = performance.now(); let spent = 0;
while (performance.now() - t < 8000) { const { ctrl } = makeOurStore(state); const r = copyRows(rows); t0 = performance.now(); ctrl.setResponse(getMembers, r); spent += performance.now() - t0; n++; }
console.log('ops/s (setResponse only)', (n / (spent / 1000)).toFixed(0));
