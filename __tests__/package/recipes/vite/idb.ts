// Reads back what the Persistence guide's IndexedDB storage holds (after writing `?write=...` when
// given), across page loads: the storage redux-persist would use, in a real browser.
import { indexedDbStorage } from './src/indexedDbStorage';

async function check(): Promise<void> {
  const key = 'persist:root';
  const written = new URL(location.href).searchParams.get('write');
  if (written !== null) await indexedDbStorage.setItem(key, written);
  document.body.dataset.read = String(await indexedDbStorage.getItem(key));
}
void check();
