import { useState, type FormEvent } from 'react';
import { useController } from 'rtk-entities/react';
import { createUser } from './endpoints';
import { useSubmit } from './useSubmit';
import { FormError } from './FormError';

export function AddUserForm() {
  const ctrl = useController();
  const [name, setName] = useState('');
  const { busy, error, run, clear } = useSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(() => ctrl.fetch(createUser, { name }))) setName('');
  }

  return (
    <form className="inline-form" onSubmit={submit} data-testid="add-user-form">
      <input
        aria-label="Name"
        placeholder="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clear();
        }}
        data-testid="new-user-name"
        required
      />
      <button type="submit" className="button" disabled={busy} data-testid="add-user">
        Add user
      </button>
      <FormError error={error} />
    </form>
  );
}
