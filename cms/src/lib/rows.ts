// Row types derived from the generated content-type schemas (types/generated/contentTypes.d.ts), so a service's
// row type follows its schema.json instead of restating it.
import type { Public, Schema, UID } from '@strapi/strapi';

type AttributesOf<T extends UID.ContentType> = Public.ContentTypeSchemas[T]['attributes'];

/**
 * What strapi.db.query (and knex, through Strapi's field names) holds for one scalar attribute: Strapi's own value
 * type, except that dates are the ISO strings the queries hand back. Relations, media, components and blocks are
 * not columns (never).
 */
type ColumnValue<A> = A extends
  | Schema.Attribute.Relation
  | Schema.Attribute.Media
  | Schema.Attribute.Component<never, boolean>
  | Schema.Attribute.DynamicZone
  | Schema.Attribute.Blocks
  ? never
  : A extends { type: 'datetime' | 'date' | 'time' | 'timestamp' }
    ? string
    : A extends Schema.Attribute.Attribute
      ? Schema.Attribute.Value<A, never>
      : never;

type ColumnKeys<T extends UID.ContentType> = {
  [K in keyof AttributesOf<T>]: [ColumnValue<AttributesOf<T>[K]>] extends [never] ? never : K;
}[keyof AttributesOf<T>];

/** Strapi fills these on every write, whatever the schema says. */
type Managed = 'createdAt' | 'updatedAt';

/**
 * A row of content type T as strapi.db.query returns it without populate: id, documentId and the scalar columns.
 * A column is null unless the schema requires it or gives it a default. Relations, media and components are not
 * columns: a service that populates one adds its shape beside this.
 */
export type Columns<T extends UID.ContentType> = { id: number; documentId: string } & {
  [K in ColumnKeys<T>]: AttributesOf<T>[K] extends { required: true } | { default: unknown }
    ? ColumnValue<AttributesOf<T>[K]>
    : K extends Managed
      ? string
      : ColumnValue<AttributesOf<T>[K]> | null;
};

/**
 * Columns<T> with some columns given a closer type than the schema can say: enumerations (their generated type is
 * only string) as the shared literal unions, JSON columns as the shape the service writes.
 */
export type RowOf<T extends UID.ContentType, Closer extends { [K in keyof Columns<T>]?: unknown } = Record<never, never>> = Omit<Columns<T>, keyof Closer> &
  Closer;
