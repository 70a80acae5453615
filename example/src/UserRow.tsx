import { useState, type FormEvent } from 'react';
import { useController } from 'rtk-entities/react';
import { renameUser } from './endpoints';
import type { User } from './entities';
import { FormError } from './FormError';
import { useSubmit } from './useSubmit';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A name's first character as a reader sees it: a whole emoji (👩‍💻, 🇫🇷), never half of one. */
function initial(name: string): string {
  const [first] = graphemes.segment(name);
  return first === undefined ? '' : first.segment.toUpperCase();
}

/**
 * One user, with Rename: the new name shows at once here and in every trade of this user (an
 * optimistic update), and goes back to the old one if the server refuses it.
 */
export function UserRow({ user }: { user: User }) {
  const ctrl = useController();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const { busy, error, run, clear } = useSubmit();

  async function save(event: FormEvent) {
    event.preventDefault();
    const name = draft ?? user.name;
    setDraft(undefined);
    await run(() => ctrl.fetch(renameUser, { id: user.id }, { name }));
  }

  return (
    <li data-testid="user" data-id={user.pk()}>
      <span className="avatar" aria-hidden="true" data-testid="user-avatar">
        {initial(user.name)}
      </span>
      {draft === undefined ? (
        <>
          <span className="user-text grow" data-testid="user-name">
            {user.name}
          </span>
          <button
            type="button"
            className="button small secondary"
            disabled={busy}
            onClick={() => {
              clear();
              setDraft(user.name);
            }}
            data-testid="user-rename"
          >
            Rename
          </button>
        </>
      ) : (
        <form className="inline-form grow" onSubmit={save} data-testid="rename-form">
          <input
            aria-label={`New name for ${user.name}`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            data-testid="rename-input"
            autoFocus
            required
          />
          <button type="submit" className="button small" data-testid="rename-save">
            Save
          </button>
          <button type="button" className="button small secondary" onClick={() => setDraft(undefined)}>
            Cancel
          </button>
        </form>
      )}
      <FormError error={error} />
    </li>
  );
}
