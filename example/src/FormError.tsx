/** The reason a form's request failed, if it did. */
export function FormError({ error }: { error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p className="error" role="alert">
      {error}
    </p>
  );
}
