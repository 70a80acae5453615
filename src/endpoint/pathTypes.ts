/**
 * Path templates read at the type level: `'/trade/:id'` → `{ id: string | number }`.
 * The syntax matches `compilePath`: `:name` required, `{…}` optional group, `*name` wildcard,
 * `\` escapes the next character.
 */

/**
 * A value for one `:name` path parameter.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type PathParamValue = string | number;

type Letter =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z';
type NameChar = Letter | Uppercase<Letter> | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '_' | '$';

/** Reads a parameter name from the start of `S`: `[name, rest]`. */
type ReadName<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? ReadName<Rest, `${Name}${C}`>
    : [Name, S]
  : [Name, ''];

/** What a scan of a path collects: parameter names by kind. */
interface Found {
  required: string;
  optional: string;
  wildcard: string;
  optionalWildcard: string;
}

type AddParam<F extends Found, Kind extends ':' | '*', Name extends string, InGroup extends boolean> = Kind extends ':'
  ? InGroup extends true
    ? {
        required: F['required'];
        optional: F['optional'] | Name;
        wildcard: F['wildcard'];
        optionalWildcard: F['optionalWildcard'];
      }
    : {
        required: F['required'] | Name;
        optional: F['optional'];
        wildcard: F['wildcard'];
        optionalWildcard: F['optionalWildcard'];
      }
  : InGroup extends true
    ? {
        required: F['required'];
        optional: F['optional'];
        wildcard: F['wildcard'];
        optionalWildcard: F['optionalWildcard'] | Name;
      }
    : {
        required: F['required'];
        optional: F['optional'];
        wildcard: F['wildcard'] | Name;
        optionalWildcard: F['optionalWildcard'];
      };

type Pop<T extends readonly unknown[]> = T extends readonly [unknown, ...infer Rest] ? Rest : [];

/** Walks the template one character at a time; `Depth` counts the open `{` groups. */
type Scan<S extends string, F extends Found, Depth extends readonly unknown[]> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Rest extends `${string}${infer AfterEscaped}`
      ? Scan<AfterEscaped, F, Depth>
      : F
    : C extends '{'
      ? Scan<Rest, F, [unknown, ...Depth]>
      : C extends '}'
        ? Scan<Rest, F, Pop<Depth>>
        : C extends ':' | '*'
          ? ReadName<Rest> extends [infer Name extends string, infer After extends string]
            ? Scan<After, AddParam<F, C, Name, Depth extends [] ? false : true>, Depth>
            : F
          : Scan<Rest, F, Depth>
  : F;

type Scanned<P extends string> = Scan<
  P,
  { required: never; optional: never; wildcard: never; optionalWildcard: never },
  []
>;

type Flatten<T> = { [K in keyof T]: T[K] };

type FromFound<F extends Found> = Flatten<
  { [K in F['required']]: PathParamValue } & { [K in F['optional']]?: PathParamValue | undefined } & {
    [K in F['wildcard']]: readonly string[];
  } & { [K in F['optionalWildcard']]?: readonly string[] | undefined }
>;

/**
 * The parameters a path template needs: `:id` → `id: string | number`, `{/:id}` → optional,
 * `*rest` → `string[]`. A path typed only as `string` accepts any parameters.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type PathParams<P extends string> = string extends P
  ? { readonly [name: string]: PathParamValue | readonly string[] | boolean | undefined }
  : FromFound<Scanned<P>>;

/** True when the template names at least one parameter (required or optional). */
export type HasPathParams<P extends string> = string extends P
  ? true
  : [keyof PathParams<P>] extends [never]
    ? false
    : true;

/** True when the template has a parameter that must be given. */
export type HasRequiredPathParams<P extends string> = string extends P
  ? false
  : [Scanned<P>['required'] | Scanned<P>['wildcard']] extends [never]
    ? false
    : true;

/** True when the template has a `*name` wildcard. */
export type HasWildcard<P extends string> = string extends P
  ? true
  : [Scanned<P>['wildcard'] | Scanned<P>['optionalWildcard']] extends [never]
    ? false
    : true;
