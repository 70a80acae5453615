import { useQuery } from 'rtk-entities/react';
import { feedByAttribute, feedByFunction } from './endpoints';

/** Reads the cache (no request) through both schemas and compares the lists item by item. */
export function SameItemsCheck() {
  const byAttribute = useQuery(feedByAttribute) ?? [];
  const byFunction = useQuery(feedByFunction) ?? [];
  const same = byAttribute.length === byFunction.length && byAttribute.every((item, i) => item === byFunction[i]);
  return (
    <p className={same ? 'check ok' : 'check'} data-testid="feed-same" data-same={String(same)}>
      {same
        ? `Both schemas list the same ${byAttribute.length} objects.`
        : `The schemas disagree: ${byAttribute.length} items by attribute, ${byFunction.length} by function.`}
    </p>
  );
}
