import { Link, Post } from './entities';

/** One feed item; `instanceof` works because reads give back Entity instances. */
export function FeedEntry({ item }: { item: Link | Post }) {
  return (
    <li
      className={`feed-item ${item.type}`}
      data-testid="feed-item"
      data-kind={item instanceof Link ? 'Link' : item instanceof Post ? 'Post' : 'plain object'}
    >
      <span className="badge">{item.type}</span>
      {item.type === 'link' ? (
        <a href={item.url} target="_blank" rel="noreferrer">
          {item.title || item.url}
        </a>
      ) : (
        <span>{item.content}</span>
      )}
    </li>
  );
}
