import { useState } from 'react';
import { Boundary } from './Boundary';
import { FeedList } from './FeedList';
import { FeedSchemaSwitch, type FeedVariant } from './FeedSchemaSwitch';
import { SameItemsCheck } from './SameItemsCheck';

export function Feed() {
  const [variant, setVariant] = useState<FeedVariant>('attribute');
  return (
    <>
      <FeedSchemaSwitch value={variant} onChange={setVariant} />
      <Boundary>
        <FeedList variant={variant} />
        <SameItemsCheck />
      </Boundary>
    </>
  );
}
