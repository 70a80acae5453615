// The spec's entities (section 2.3): what the server's JSON means, and how each kind is identified.
import { Entity } from 'rtk-entities';

export class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}

/** The feed holds two kinds of item, told apart by `type`. */
export abstract class FeedItem extends Entity {
  id = 0;
  declare type: 'link' | 'post';
  pk() {
    return `${this.id}`;
  }
}

export class Link extends FeedItem {
  override type = 'link' as const;
  url = '';
  title = '';
  static override key = 'Link';
}

export class Post extends FeedItem {
  override type = 'post' as const;
  content = '';
  static override key = 'Post';
}

/**
 * A trade holds its user: the server sends the user inside each trade, and the store keeps one
 * User record that every trade points to, so a rename shows in every row at once.
 */
export class Trade extends Entity {
  id = 0;
  user = User.fromJS();
  amount = '0';
  coin = '';
  created_at = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Trade';
  static override schema = { user: User };
}

export class Account extends Entity {
  id = 0;
  user = '';
  balance = '0';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Account';
}

/** A coin that can be bought, at its price per coin. */
export class Coin extends Entity {
  id = '';
  name = '';
  price = '0';
  pk() {
    return this.id;
  }
  static override key = 'Coin';
}
