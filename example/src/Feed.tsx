import { useState } from 'react';
import { AsyncBoundary } from 'rtk-entities/react';
import { FeedList } from './FeedList';
import { FeedSchemaSwitch, type FeedVariant } from './FeedSchemaSwitch';
import { Loading } from './Loading';
import { SameItemsCheck } from './SameItemsCheck';

export function Feed() {
  const [variant, setVariant] = useState<FeedVariant>('attribute');
  return (
    <>
      <FeedSchemaSwitch value={variant} onChange={setVariant} />
      <AsyncBoundary fallback={<Loading />}>
        <FeedList variant={variant} />
        <SameItemsCheck />
      </AsyncBoundary>
    </>
  );
}
