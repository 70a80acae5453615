import { useSuspense } from 'rtk-entities/react';
import { getFeed, getFeedByFunction } from './endpoints';
import { FeedEntry } from './FeedEntry';
import type { FeedVariant } from './FeedSchemaSwitch';

/** GET /feed through the chosen schema: Link and Post instances, links first (table order). */
export function FeedList({ variant }: { variant: FeedVariant }) {
  const items = useSuspense(variant === 'attribute' ? getFeed : getFeedByFunction);
  return (
    <ul className="feed" data-testid="feed-list" data-variant={variant}>
      {items.map((item) => (
        <FeedEntry key={`${item.type}:${item.pk()}`} item={item} />
      ))}
    </ul>
  );
}
