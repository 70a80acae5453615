// A first look at rtk-entities in plain Node: the spec's user list and polymorphic feed,
// normalized into entity tables and read back with schema.All.
import { Entity, schema, normalize, denormalize } from 'rtk-entities';

class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static key = 'User';
}

class FeedItem extends Entity {
  id = 0;
  pk() {
    return `${this.id}`;
  }
}
class Link extends FeedItem {
  type = 'link';
  url = '';
  title = '';
  static key = 'Link';
}
class Post extends FeedItem {
  type = 'post';
  content = '';
  static key = 'Post';
}

const users = new schema.All(User);
const listed = normalize(users, [
  { id: '1', name: 'Ann' },
  { id: '2', name: 'Bo' },
]);
const created = normalize(User, { id: '3', name: 'Cy' }, [], { store: listed });
const entities = { ...listed.entities, User: { ...listed.entities.User, ...created.entities.User } };
console.log('Stored tables:', JSON.stringify(entities));
console.log('schema.All(User) lists every cached user, the created one included:');
for (const user of denormalize(users, listed.result, entities)) console.log(`  ${user.constructor.name} ${user.pk()}: ${user.name}`);

const feed = new schema.All({ link: Link, post: Post }, 'type');
const feed2 = new schema.All({ links: Link, posts: Post }, (value) => `${value.type}s`);
const response = [
  { id: 1, type: 'link', url: 'https://example.com', title: 'Example' },
  { id: 2, type: 'post', content: 'Hello' },
];
const byAttribute = normalize(feed, response);
const byFunction = normalize(feed2, response);
console.log('Both feed schemas store the same tables:', JSON.stringify(byAttribute.entities) === JSON.stringify(byFunction.entities));
for (const item of denormalize(feed, byAttribute.result, byAttribute.entities)) console.log(`  ${item.constructor.name} ${item.pk()}`);
