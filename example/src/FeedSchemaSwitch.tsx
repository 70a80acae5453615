export type FeedVariant = 'attribute' | 'function';

const VARIANTS: ReadonlyArray<{ value: FeedVariant; label: string; code: string }> = [
  { value: 'attribute', label: 'by attribute', code: "All({ link: Link, post: Post }, 'type')" },
  { value: 'function', label: 'by function', code: 'All({ links: Link, posts: Post }, (v) => `${v.type}s`)' },
];

/** Picks which of the two feed schemas the list reads with. */
export function FeedSchemaSwitch({
  value,
  onChange,
}: {
  value: FeedVariant;
  onChange: (variant: FeedVariant) => void;
}) {
  return (
    <fieldset className="switch" data-testid="feed-switch">
      <legend>Schema</legend>
      {VARIANTS.map((variant) => (
        <label key={variant.value} className={variant.value === value ? 'active' : undefined}>
          <input
            type="radio"
            name="feed-schema"
            value={variant.value}
            checked={variant.value === value}
            onChange={() => onChange(variant.value)}
            data-testid={`feed-variant-${variant.value}`}
          />
          {variant.label} <code>{variant.code}</code>
        </label>
      ))}
    </fieldset>
  );
}
