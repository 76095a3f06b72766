import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';

type Key<T> = keyof T & string;

export interface SelectShape<T, K extends Key<T>> {
  /** Columns compared for equality with the values the query is run with. */
  where: readonly K[];
  /** Columns that must differ from a fixed value. */
  whereNot?: Partial<T>;
  orderBy?: readonly (readonly [Key<T>, 'ASC' | 'DESC'])[];
  /** Whether the query takes a row limit when it runs. */
  limited?: boolean;
}

/**
 * An entity's hottest statements as plain SQL, built once from its TypeORM metadata and run with
 * the driver's own conversions of each value (dates, JSON, numbers), on SQLite and PostgreSQL
 * alike. TypeORM's repositories rebuild and re-parse their SQL on every call, a few tenths of a
 * millisecond of CPU per query; on a chat turn, that was most of what the backend added before the
 * model was asked. Everything else keeps using the repositories. A write given a transaction's
 * manager runs in that transaction.
 */
export class EntityStatements<T extends ObjectLiteral> {
  private readonly metadata: EntityMetadata;

  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<T>,
  ) {
    this.metadata = dataSource.getMetadata(entity);
  }

  /** SELECT of whole rows; the returned function runs it. */
  select<K extends Key<T>>(shape: SelectShape<T, K>): (values: Pick<T, K>, limit?: number) => Promise<T[]> {
    const parameters = new Parameters(this.dataSource);
    const where = shape.where.map((property) => `${this.columnName(property)} = ${parameters.next()}`);
    const fixed = Object.entries(shape.whereNot ?? {}).map(([property, value]) => {
      const column = this.column(property);
      return { sql: `${this.escape(column.databaseName)} <> ${parameters.next()}`, value: this.persistent(column, value) };
    });
    const order = (shape.orderBy ?? []).map(([property, direction]) => `${this.columnName(property)} ${direction}`);
    const limit = shape.limited ? ` LIMIT ${parameters.next()}` : '';
    const sql =
      `SELECT ${this.metadata.columns.map((column) => this.escape(column.databaseName)).join(', ')} FROM ${this.table()}` +
      ` WHERE ${[...where, ...fixed.map((condition) => condition.sql)].join(' AND ')}` +
      (order.length > 0 ? ` ORDER BY ${order.join(', ')}` : '') +
      limit;
    const whereColumns = shape.where.map((property) => this.column(property));
    const fixedValues = fixed.map((condition) => condition.value);

    return async (values, rowLimit) => {
      const bound = whereColumns.map((column) => this.persistent(column, values[column.propertyName as K]));
      const rows: Record<string, unknown>[] = await this.dataSource.query(sql, [
        ...bound,
        ...fixedValues,
        ...(shape.limited ? [rowLimit] : []),
      ]);
      return rows.map((row) => this.hydrate(row));
    };
  }

  /** INSERT of a whole entity (every column given); the returned function runs it. */
  insert(): (entity: T, manager?: EntityManager) => Promise<void> {
    const parameters = new Parameters(this.dataSource);
    const { columns } = this.metadata;
    const sql =
      `INSERT INTO ${this.table()} (${columns.map((column) => this.escape(column.databaseName)).join(', ')})` +
      ` VALUES (${columns.map(() => parameters.next()).join(', ')})`;
    return async (entity, manager) => {
      await (manager ?? this.dataSource).query(
        sql,
        columns.map((column) => this.persistent(column, column.getEntityValue(entity)) ?? null),
      );
    };
  }

  /** UPDATE of some columns of the rows matching `where`; the returned function runs it. */
  update<S extends Key<T>, K extends Key<T>>(
    set: readonly S[],
    where: readonly K[],
  ): (changes: Pick<T, S>, match: Pick<T, K>, manager?: EntityManager) => Promise<void> {
    const parameters = new Parameters(this.dataSource);
    const setColumns = set.map((property) => this.column(property));
    const whereColumns = where.map((property) => this.column(property));
    const sql =
      `UPDATE ${this.table()} SET ${setColumns.map((column) => `${this.escape(column.databaseName)} = ${parameters.next()}`).join(', ')}` +
      ` WHERE ${whereColumns.map((column) => `${this.escape(column.databaseName)} = ${parameters.next()}`).join(' AND ')}`;
    return async (changes, match, manager) => {
      await (manager ?? this.dataSource).query(sql, [
        ...setColumns.map((column) => this.persistent(column, changes[column.propertyName as S])),
        ...whereColumns.map((column) => this.persistent(column, match[column.propertyName as K])),
      ]);
    };
  }

  /** A row as the repositories would return it: an entity instance with driver-converted values. */
  private hydrate(row: Record<string, unknown>): T {
    const entity = this.metadata.create() as T;
    for (const column of this.metadata.columns) {
      const value = row[column.databaseName];
      if (value !== undefined) column.setEntityValue(entity, this.dataSource.driver.prepareHydratedValue(value, column));
    }
    return entity;
  }

  private persistent(column: ColumnMetadata, value: unknown): unknown {
    return this.dataSource.driver.preparePersistentValue(value, column);
  }

  private column(property: string): ColumnMetadata {
    const column = this.metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${this.metadata.name} has no column ${property}`);
    return column;
  }

  private columnName(property: string): string {
    return this.escape(this.column(property).databaseName);
  }

  private table(): string {
    return this.metadata.tablePath
      .split('.')
      .map((part) => this.escape(part))
      .join('.');
  }

  private escape(name: string): string {
    return this.dataSource.driver.escape(name);
  }
}

/** Placeholders in the driver's style: `$1, $2…` on PostgreSQL, `?` on SQLite. */
class Parameters {
  private count = 0;

  constructor(private readonly dataSource: DataSource) {}

  next(): string {
    this.count += 1;
    return this.dataSource.options.type === 'postgres' ? `$${this.count}` : '?';
  }
}
