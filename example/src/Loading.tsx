export function Loading() {
  return (
    <p className="loading" data-testid="loading">
      Loading…
    </p>
  );
}
