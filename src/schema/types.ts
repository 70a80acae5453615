import type { Entity } from './Entity.js';
import type { All } from './All.js';
import type { ArraySchema } from './ArraySchema.js';
import type { ObjectSchema } from './ObjectSchema.js';
import type { Union } from './Union.js';
import type { Values } from './Values.js';
import type { Invalidate } from './Invalidate.js';
import type { Query } from './Query.js';
import type { Collection } from './Collection.js';
import type { CollectionChange } from './CollectionChange.js';
import type { Lazy } from './Lazy.js';
import type { Scalar, ScalarCell } from './Scalar.js';
import type { PolymorphicRef } from './Polymorphic.js';

/**
 * Any Entity subclass (abstract ones included).
 *
 * @see docs/guide/schemas.md
 */
export type EntityClass<T extends Entity = Entity> = (abstract new (...args: any[]) => T) &
  Omit<typeof Entity, 'prototype'>;

/**
 * The instance type of an Entity class, abstract classes included.
 *
 * @see docs/guide/schemas.md
 */
export type EntityInstance<C> = C extends abstract new (...args: any[]) => infer I ? I : never;

/** What one member of a polymorphic definition reads as: a single schema, or any schema of a mapping. */
export type DenormalizeMember<D> = D extends abstract new (...args: any[]) => infer I
  ? I
  : D extends readonly unknown[]
    ? Denormalize<D>
    : D extends { readonly denormalize: unknown }
      ? Denormalize<D>
      : D extends { readonly [name: string]: infer M }
        ? Denormalize<M>
        : never;

/**
 * What one member of a polymorphic definition is stored as: a single schema's value, or a reference
 * naming the mapping's key.
 *
 * @see docs/guide/schemas.md#lazy-relations
 */
export type NormalizeMember<D> = D extends abstract new (...args: any[]) => any
  ? string
  : D extends readonly unknown[]
    ? Normalize<D>
    : D extends { readonly normalize: unknown }
      ? Normalize<D>
      : PolymorphicRef;

/**
 * The type a value of schema `S` is stored as: a primary key (a string) for an Entity, an array of
 * them for `[Entity]`, a list's key for a `schema.Collection`, objects field by field. What a
 * `schema.Lazy` field reads as.
 *
 * @see docs/guide/schemas.md#lazy-relations
 */
export type Normalize<S> = S extends abstract new (...args: any[]) => any
  ? string
  : S extends Collection<any, any, any, any>
    ? string
    : S extends Lazy<infer D>
      ? Normalize<D>
      : S extends ArraySchema<infer D>
        ? NormalizeMember<D>[]
        : S extends Values<infer D>
          ? { [key: string]: NormalizeMember<D> }
          : S extends Union<any>
            ? PolymorphicRef
            : S extends ObjectSchema<infer D>
              ? { [K in keyof D]: Normalize<D[K]> }
              : S extends readonly [infer X]
                ? Normalize<X>[]
                : S extends readonly (infer X)[]
                  ? Normalize<X>[]
                  : S extends { readonly normalize: unknown }
                    ? unknown
                    : S extends object
                      ? { [K in keyof S]: Normalize<S[K]> }
                      : S;

/**
 * The type a read of schema `S` gives: instances for Entity classes, `T[]` for `schema.All(T)`,
 * `(A | B)[]` for `schema.All({ a: A, b: B }, attr)`, objects field by field, and so on.
 *
 * @see docs/guide/schemas.md#first-use
 */
export type Denormalize<S> = S extends abstract new (...args: any[]) => infer I
  ? I
  : S extends All<infer D>
    ? DenormalizeMember<D>[]
    : S extends Collection<infer D>
      ? Denormalize<D>
      : S extends CollectionChange<infer D>
        ? Denormalize<D> extends readonly (infer I)[]
          ? I
          : Denormalize<D>
        : S extends ArraySchema<infer D>
          ? DenormalizeMember<D>[]
          : S extends Union<infer D>
            ? DenormalizeMember<D>
            : S extends Values<infer D>
              ? { [key: string]: DenormalizeMember<D> }
              : S extends Invalidate<infer E>
                ? EntityInstance<E> | undefined
                : S extends Query<any, infer R, any>
                  ? R
                  : S extends Scalar<infer E>
                    ? ScalarCell<E>
                    : S extends Lazy<infer D>
                      ? Normalize<D>
                      : S extends ObjectSchema<infer D>
                        ? { [K in keyof D]: Denormalize<D[K]> }
                        : S extends readonly [infer X]
                          ? Denormalize<X>[]
                          : S extends readonly (infer X)[]
                            ? Denormalize<X>[]
                            : S extends object
                              ? { [K in keyof S]: Denormalize<S[K]> }
                              : S;
